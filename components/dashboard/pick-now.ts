// Which break the Now card shows (pure, client-safe). In order: the break due now (its reminder
// window is running), the next one later today, a break from before the user joined that they can
// still take as a first win, a missed one they can still do; once every counted break is done, the
// day's goal. Nothing when no break is scheduled today (the rest-day card says so) or when what
// remains is only skipped.
import type { Dashboard } from "@/lib/progress/dashboard";

type Entry = Dashboard["schedule"][number];

export type NowPick = { kind: "due" | "next" | "first" | "missed"; entry: Entry } | { kind: "all-done" };

export function pickNow(schedule: readonly Entry[], completedToday: number, totalToday: number): NowPick | null {
  const open = schedule.filter((e) => !e.completed);
  const due = open.find((e) => e.status === "upcoming" && e.past);
  if (due) return { kind: "due", entry: due };
  const next = open.find((e) => e.status === "upcoming");
  if (next) return { kind: "next", entry: next };
  if (totalToday > 0 && completedToday >= totalToday) return { kind: "all-done" };
  // Due before the account existed: not missed, and still there to take as a first win.
  const first = open.find((e) => e.status === "before-start");
  if (first) return { kind: "first", entry: first };
  const missed = open.find((e) => e.status === "missed");
  if (missed) return { kind: "missed", entry: missed };
  return null;
}
