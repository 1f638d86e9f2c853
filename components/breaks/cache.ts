// Client cache of the dashboard and today's breaks: one place that knows their query keys and how a
// "done"/"undo" answer updates them, shared by the dashboard rows and the guided break.
import type { QueryClient } from "@tanstack/react-query";
import type { CompletionView, TodayView } from "@/lib/breaks/types";
import type { Dashboard } from "@/lib/users/dashboard";

export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;
export const TODAY_QUERY_KEY = ["today"] as const;

/**
 * Shows a completion answer at once (numbers, streak, the row's mark), then refetches both
 * queries so anything else that changed (another tab, the e-mail link) comes in too.
 */
export function applyCompletion(client: QueryClient, time: string, completed: boolean, answer: CompletionView) {
  client.setQueryData<Dashboard>(DASHBOARD_QUERY_KEY, (old) =>
    old
      ? {
          ...old,
          completedToday: answer.completedToday,
          totalToday: answer.totalToday,
          streakCount: answer.streakCount,
          schedule: old.schedule.map((e) => (e.time === time ? { ...e, completed } : e)),
        }
      : old,
  );
  client.setQueryData<TodayView>(TODAY_QUERY_KEY, (old) =>
    old
      ? {
          ...old,
          breaks: old.breaks.map((b) => (b.time === time ? { ...b, completed, completedAt: completed ? new Date().toISOString() : null } : b)),
        }
      : old,
  );
  void client.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
  void client.invalidateQueries({ queryKey: TODAY_QUERY_KEY });
}
