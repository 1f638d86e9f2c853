// The streak rule.
//
// A "day" is a local date ("YYYY-MM-DD") in the user's timezone. For each day we know:
//   scheduled    - the day's breaks under the schedule in force that day (lib/schedule/versions.ts:
//                  a change never rewrites a day already begun, and a break done stays counted);
//   completed    - how many of those breaks were done;
//   pausedAllDay - e-mails were paused for the whole day;
//   pausedPartly - e-mails were paused for part of the day.
// Each finished day gets one status (dayStatus, the single classifier that the streak and the
// history page both use):
//   complete - scheduled > 0 and completed >= scheduled, paused or not: pausing stops the e-mails
//              only, and a day whose breaks were all done counts like any other;
//   rest     - scheduled = 0 (an inactive weekday);
//   paused   - e-mails paused for all or part of the day and not complete: the reminders were not
//              all sent, so the user is not punished;
//   partial  - some but not all breaks done on an active, unpaused day;
//   missed   - none done on an active, unpaused day.
// Its effect on the streak (classifyDay): complete → streak + 1; rest, paused → unchanged
// ("neutral"); partial, missed → 0 ("missed").
// Today is still running, so it can only add: current = cached count + (today complete ? 1 : 0);
// an incomplete today never lowers the streak (it is judged once it has finished).
//
// Everything works on local date strings, never instants, so a timezone change simply means the
// next local dates come from the new zone; dates already counted are skipped, never re-counted.
import type { UserSettings } from "./settings";
import { addDays, isValidLocalDate, isValidTime, localWeekday } from "./time";

export type DayStats = { scheduled: number; completed: number; pausedAllDay: boolean; pausedPartly: boolean };
export type DayInfo = DayStats & { date: string };
export type DayClass = "complete" | "neutral" | "missed";
export const DAY_STATUSES = ["complete", "partial", "missed", "rest", "paused"] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** Cached streak: counted through the end of local date `asOf` (a finished day); null = nothing counted yet. */
export type StreakState = { count: number; asOf: string | null };

/** daysToEvaluate never returns more than this many days. */
export const MAX_STREAK_DAYS = 400;

/** What a day was: the one classification of a day, shared by the streak and the history. */
export function dayStatus(day: DayStats): DayStatus {
  if (day.scheduled > 0 && day.completed >= day.scheduled) return "complete";
  if (day.scheduled === 0) return "rest";
  if (day.pausedAllDay || day.pausedPartly) return "paused";
  return day.completed > 0 ? "partial" : "missed";
}

/** How each status moves the streak. */
export const STREAK_EFFECT = {
  complete: "complete",
  rest: "neutral",
  paused: "neutral",
  partial: "missed",
  missed: "missed",
} as const satisfies Record<DayStatus, DayClass>;

export function classifyDay(day: DayStats): DayClass {
  return STREAK_EFFECT[dayStatus(day)];
}

/**
 * Breaks scheduled on a local date under one unchanging schedule (lib/schedule/versions.ts counts
 * them across schedule changes). Malformed stored times are not counted, matching the dashboard,
 * which does not show them.
 */
export function scheduledBreaks(settings: Pick<UserSettings, "times" | "activeDays">, date: string): number {
  return settings.activeDays.includes(localWeekday(date)) ? settings.times.filter(isValidTime).length : 0;
}

/**
 * Folds finished days (consecutive, in order, after `state.asOf`) into the cached state.
 * - Days on or before the current asOf were already counted and are skipped, so re-running with an
 *   overlapping range (a retry, or a timezone change that moved "yesterday" back) is a no-op.
 * - A hole (a day later than asOf + 1) means days we know nothing about; we cannot prove the streak
 *   survived them, so the count restarts from 0 before that day. daysToEvaluate's cap relies on this.
 */
export function advanceStreak(state: StreakState, days: readonly DayInfo[]): StreakState {
  let { count, asOf } = state;
  for (const day of days) {
    if (asOf !== null && day.date <= asOf) continue;
    if (asOf !== null && day.date !== addDays(asOf, 1)) count = 0;
    const kind = classifyDay(day);
    if (kind === "complete") count += 1;
    else if (kind === "missed") count = 0;
    asOf = day.date;
  }
  return { count, asOf };
}

/**
 * The longest streak reached within `days` (consecutive, oldest first, finished days plus, last,
 * today if it is complete), folded with advanceStreak's own rule, so a run counts exactly as
 * the streak would have counted it. Starts from nothing: runs before the first day are unknown.
 */
export function bestStreak(days: readonly DayInfo[]): number {
  let state: StreakState = { count: 0, asOf: null };
  let best = 0;
  for (const day of days) {
    state = advanceStreak(state, [day]);
    best = Math.max(best, state.count);
  }
  return best;
}

/**
 * The streak to display: the cached count plus today if today is already complete. If `today` was
 * already folded into the cache (the user moved to a zone that is a day behind), it is not added
 * twice. The caller advances the cache through yesterday first.
 */
export function currentStreak(state: StreakState, today: DayInfo): number {
  if (state.asOf !== null && today.date <= state.asOf) return state.count;
  return state.count + (classifyDay(today) === "complete" ? 1 : 0);
}

/**
 * Local dates to fold into the cache: from max(asOf + 1, firstDay) through `yesterday`, oldest
 * first; empty when the cache is already up to date (asOf >= yesterday).
 * Capped at the most recent MAX_STREAK_DAYS days so a user returning after a long absence costs
 * bounded work. Skipping older days leaves a hole, which advanceStreak treats as a reset, so the
 * result then counts only the returned days: it can undercount a streak longer than the cap, never
 * overcount.
 */
export function daysToEvaluate(asOf: string | null, firstDay: string, yesterday: string): string[] {
  // Validated up front: the loop below compares strings, and garbage could make it run forever.
  for (const d of [firstDay, yesterday]) if (!isValidLocalDate(d)) throw new RangeError(`Invalid local date "${d}"`);
  let start = asOf === null ? firstDay : addDays(asOf, 1);
  if (start < firstDay) start = firstDay;
  if (start > yesterday) return [];
  const capStart = addDays(yesterday, -(MAX_STREAK_DAYS - 1));
  if (start < capStart) start = capStart;
  const days: string[] = [];
  for (let d = start; d <= yesterday; d = addDays(d, 1)) days.push(d);
  return days;
}
