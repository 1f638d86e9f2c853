// The streak rule.
//
// A "day" is a local date ("YYYY-MM-DD") in the user's timezone. For each day we know:
//   scheduled    - breaks scheduled that day: 0 on an inactive weekday, else the number of times;
//   completed    - distinct slots completed that day;
//   pausedAllDay - e-mails were paused for the whole day;
//   pausedPartly - e-mails were paused for part of the day.
// Each finished day is classified as
//   complete - scheduled > 0, completed >= scheduled, and not pausedAllDay;
//   neutral  - scheduled = 0, or pausedAllDay, or (pausedPartly and not complete): the reminders
//              were not all sent, so the user is not punished;
//   missed   - anything else (e.g. one of two breaks done on an active, unpaused day).
// Over consecutive finished days: complete → streak + 1, neutral → unchanged, missed → 0.
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

/** Cached streak: counted through the end of local date `asOf` (a finished day); null = nothing counted yet. */
export type StreakState = { count: number; asOf: string | null };

/** daysToEvaluate never returns more than this many days. */
export const MAX_STREAK_DAYS = 400;

export function classifyDay(day: DayStats): DayClass {
  const complete = day.scheduled > 0 && day.completed >= day.scheduled && !day.pausedAllDay;
  if (complete) return "complete";
  if (day.scheduled === 0 || day.pausedAllDay || day.pausedPartly) return "neutral";
  return "missed";
}

/**
 * Breaks scheduled on a local date under the given settings (current settings are used for past
 * days too: settings history is not kept). Malformed stored times are not counted, matching the
 * dashboard, which does not show them.
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
