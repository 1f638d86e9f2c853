// Which break the Now card shows (pure, client-safe). In order: the break due now (its reminder
// window is running); once every counted break is done, the day's goal; a break from before the
// user joined while nothing is done yet (the first win); the next one later today; a missed one
// they can still do. Nothing when no break is scheduled today (the rest-day card says so) or when what
// remains is only skipped.
import type { Dashboard } from "@/lib/progress/dashboard";

type Entry = Dashboard["schedule"][number];

export type NowPick = { kind: "due" | "next" | "first" | "missed"; entry: Entry } | { kind: "all-done" };

export function pickNow(schedule: readonly Entry[], completedToday: number, totalToday: number): NowPick | null {
  const open = schedule.filter((e) => !e.completed);
  const due = open.find((e) => e.status === "upcoming" && e.past);
  if (due) return { kind: "due", entry: due };
  if (totalToday > 0 && completedToday >= totalToday) return { kind: "all-done" };
  // Due before the account existed: not missed, and there to take now as a first win. It comes
  // before a later break: the card offered "Up next 4:00 PM" above a 10:00 row saying "Available
  // now", and a new user could not tell which to do (outside review). Never before a due one.
  const first = completedToday === 0 ? open.find((e) => e.status === "before-start") : undefined;
  if (first) return { kind: "first", entry: first };
  const next = open.find((e) => e.status === "upcoming");
  if (next) return { kind: "next", entry: next };
  const early = open.find((e) => e.status === "before-start");
  if (early) return { kind: "first", entry: early };
  const missed = open.find((e) => e.status === "missed");
  if (missed) return { kind: "missed", entry: missed };
  return null;
}
