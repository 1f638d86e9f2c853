"use client";

// The dashboard's live data, in place of a query cache: the server's copy first, then GET
// /api/user/dashboard on open and every 30 s (the spec), and today's breaks (GET /api/user/today),
// streamed from the server and then refreshed at the same rhythm. "Mark as done" / "Undo" and the
// counts meet here, and so do "Not today" / "Bring it back": an answer shows at once, then both are
// fetched again.
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { usePolling } from "@/components/providers/use-polling";
import { api } from "@/components/providers/api-client";
import type { CompletionView, TodayView } from "@/lib/breaks/types";
import { DASHBOARD_REFETCH_MS } from "@/components/constants";
import type { Dashboard } from "@/lib/progress/dashboard";
import { keepIfSame } from "./keep-if-same";

export type TodayPromise = Promise<TodayView | null>;

interface Store {
  dashboard: Dashboard;
  today: TodayView | undefined;
  todayPromise: TodayPromise;
  /** The trophy the last count here earned ("10 Breaks"): the finished card names it. */
  trophy: string | null;
  applyCompletion: (slot: number, completed: boolean, answer: CompletionView) => void;
  applySkip: (slot: number, skipped: boolean, answer: CompletionView) => void;
  /** A swap's answer: the break's exercises now, shown everywhere today's view is (row and Now card). */
  applySwap: (slot: number, exercises: TodayView["breaks"][number]["exercises"], shown: TodayView) => void;
}

const StoreContext = createContext<Store | null>(null);

function useStore(): Store {
  const store = use(StoreContext);
  if (!store) throw new Error("Dashboard pieces must be inside <DashboardStore>");
  return store;
}

export function useDashboard(): Dashboard {
  return useStore().dashboard;
}

/** Today's breaks; suspends until the server's copy has streamed in (unless a newer one is here). */
export function useToday(): TodayView | undefined {
  const { today, todayPromise } = useStore();
  return today ?? use(todayPromise) ?? undefined;
}

export function useEarnedTrophy(): string | null {
  return useStore().trophy;
}

export function useApplyCompletion() {
  return useStore().applyCompletion;
}

export function useApplySkip() {
  return useStore().applySkip;
}

export function useApplySwap() {
  return useStore().applySwap;
}

// A change made here (done, undone, skipped) never makes a break "before-start": the statuses both views share.
type EntryPatch = Pick<TodayView["breaks"][number], "completed" | "status" | "skipReason">;

export function DashboardStore({
  initial,
  today: todayPromise,
  children,
}: {
  initial: Dashboard;
  today: TodayPromise;
  children: ReactNode;
}) {
  const [dashboard, setDashboard] = useState(initial);
  const [today, setToday] = useState<TodayView | undefined>(undefined);
  const [trophy, setTrophy] = useState<string | null>(null);
  // Bumped by every local change: an answer fetched before it is older and is dropped.
  const version = useRef({ dashboard: 0, today: 0 });

  const fetchDashboard = useCallback(() => {
    const started = version.current.dashboard;
    api<Dashboard>("/api/user/dashboard").then(
      (fresh) => {
        if (version.current.dashboard !== started) return;
        version.current.dashboard++;
        setDashboard((shown) => keepIfSame(shown, fresh));
      },
      () => {}, // keep what is shown; the next round tries again
    );
  }, []);
  const fetchToday = useCallback(() => {
    const started = version.current.today;
    api<TodayView>("/api/user/today").then(
      (fresh) => {
        if (version.current.today !== started) return;
        version.current.today++;
        setToday((shown) => keepIfSame(shown, fresh));
      },
      () => {},
    );
  }, []);

  usePolling(fetchDashboard, { onMount: true, intervalMs: DASHBOARD_REFETCH_MS });
  // The next break's label moves on as the day goes by: same rhythm as the dashboard.
  usePolling(fetchToday, { intervalMs: DASHBOARD_REFETCH_MS });

  // One of today's breaks changed here: its row and the counts show the answer at once.
  const applyChange = useCallback(
    (slot: number, patch: EntryPatch, answer: CompletionView, completedAt?: string | null) => {
      version.current.dashboard++;
      setDashboard((old) => ({
        ...old,
        completedToday: answer.completedToday,
        totalToday: answer.totalToday,
        streakCount: answer.streakCount,
        schedule: old.schedule.map((e) => (e.slot === slot ? { ...e, ...patch } : e)),
      }));
      version.current.today++;
      setToday((old) =>
        old
          ? {
              ...old,
              breaks: old.breaks.map((b) =>
                b.slot === slot ? { ...b, ...patch, ...(completedAt !== undefined && { completedAt }) } : b,
              ),
            }
          : old,
      );
      // Anything else that changed meanwhile (another tab, the e-mail link) comes in too.
      fetchDashboard();
      fetchToday();
    },
    [fetchDashboard, fetchToday],
  );
  const applyCompletion = useCallback(
    (slot: number, completed: boolean, answer: CompletionView) => {
      setTrophy(completed ? (answer.trophy ?? null) : null);
      // Undone, a break is shown as upcoming until the fetch says whether it was missed or skipped.
      applyChange(
        slot,
        { completed, status: completed ? "done" : "upcoming", skipReason: undefined },
        answer,
        completed ? new Date().toISOString() : null,
      );
    },
    [applyChange],
  );
  const applySkip = useCallback(
    (slot: number, skipped: boolean, answer: CompletionView) =>
      applyChange(
        slot,
        { completed: false, status: skipped ? "skipped" : "upcoming", skipReason: skipped ? "user" : undefined },
        answer,
      ),
    [applyChange],
  );

  const applySwap = useCallback<Store["applySwap"]>(
    (slot, exercises, shown) => {
      version.current.today++;
      // `shown` is what the page has (the streamed copy until a fetch has replaced it).
      setToday((old) => {
        const base = old ?? shown;
        return { ...base, breaks: base.breaks.map((b) => (b.slot === slot ? { ...b, exercises } : b)) };
      });
      fetchToday();
    },
    [fetchToday],
  );

  const store = useMemo(
    () => ({ dashboard, today, todayPromise, trophy, applyCompletion, applySkip, applySwap }),
    [dashboard, today, todayPromise, trophy, applyCompletion, applySkip, applySwap],
  );
  return <StoreContext value={store}>{children}</StoreContext>;
}
