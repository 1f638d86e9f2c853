// A new user's first day (issue 33): breaks due before they joined are not theirs.
//
// The moment a user joins is when they finished setup: completeSetup (lib/users/settings-store.ts)
// creates their settings row then, so it is user_settings.createdAt (the same instant the streak
// and the history already take their first day from). Their first schedule version cannot tell it:
// it is stored as in force since the epoch (lib/schedule/stored-versions.ts).
//
// The rule: a break whose scheduled instant is before the moment of joining is not scheduled for
// the user unless they did it (a break done anyway counts as scheduled and done). Only the join
// day has such breaks (every break of a later day is after joining), so its `scheduled` is the
// breaks at or after joining plus the earlier ones that were done. The dashboard shows such a break
// as "before-start" (neutral, not counted in totalToday) and it can still be started or marked done.
// Pure: the dashboard (lib/progress/dashboard.ts) and the per-day facts (lib/progress/days.ts,
// which the streak, the history and the export's days use) all ask this module.
import { localDate, resolveTimeZone } from "@/lib/schedule/time";
import type { BreakStatus, ScheduleEntry } from "@/lib/schedule/today";

/**
 * A break's status on the dashboard: the schedule's (lib/schedule/today.ts), or "before-start" for
 * a break of the user's first day due before they joined and not done: neutral, not counted in
 * totalToday, and it can still be started or done (it then counts as done).
 */
export type DashboardBreakStatus = BreakStatus | "before-start";

/** The local date (in `timezone`) on which the user joined. */
export function joinDate(joinedAt: Date, timezone: string): string {
  return localDate(joinedAt, resolveTimeZone(timezone));
}

/** A break due at `at` was due before the user joined and not done: it is not one of their breaks. */
export function isBeforeJoining(at: Date, joinedAt: Date | null | undefined, done: boolean): boolean {
  return !done && joinedAt != null && at.getTime() < joinedAt.getTime();
}

/** The slots of a day's breaks that were due before joining and not done. */
export function slotsBeforeJoining(
  breaks: readonly { slot: number; at: Date }[],
  joinedAt: Date | null | undefined,
  done: ReadonlySet<number>,
): Set<number> {
  return new Set(breaks.filter((b) => isBeforeJoining(b.at, joinedAt, done.has(b.slot))).map((b) => b.slot));
}

/**
 * How many of a day's breaks are not scheduled for the user because they were due before joining
 * and not done; `skipped` ones are left out (their caller already does not count them).
 */
export function notScheduledBeforeJoining(
  breaks: readonly { slot: number; at: Date }[],
  joinedAt: Date | null | undefined,
  done: ReadonlySet<number>,
  skipped?: ReadonlyMap<number, unknown>,
): number {
  return breaks.filter((b) => !skipped?.has(b.slot) && isBeforeJoining(b.at, joinedAt, done.has(b.slot))).length;
}

/**
 * Today's entries as the user sees them (first day: breaks due before joining are "before-start"),
 * and the counters: totalToday counts neither skipped nor before-start breaks; completedToday is
 * capped so stale completions (e.g. after removing a time) never show "3 of 2".
 */
export function firstDayEntries(entries: readonly ScheduleEntry[], joinedAt: Date | null) {
  const shown = entries.map((e) =>
    e.status !== "skipped" && isBeforeJoining(e.at, joinedAt, e.completed)
      ? { ...e, status: "before-start" as DashboardBreakStatus }
      : { ...e, status: e.status as DashboardBreakStatus },
  );
  const totalToday = shown.filter((e) => e.status !== "skipped" && e.status !== "before-start").length;
  const completed = shown.filter((e) => e.completed).length;
  return { entries: shown, completedToday: Math.min(completed, totalToday), totalToday };
}
