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
// Streak freezes (issue 33), folded by the same advanceStreak:
//   - earning: a complete day that brings the count to a multiple of 7 (7, 14, 21, ...) earns one
//     freeze, up to 2 held (a third earned at the cap is lost). The count rises by exactly one per
//     complete day and restarts from 0 when a run ends, so each multiple is reached once per run:
//     no freeze is earned twice for the same days, and the count itself is the "earnedAt" record;
//   - spending: a finished day whose effect is "missed" (partial or missed) while a freeze is held
//     spends one: the streak is kept, the day adds nothing, and its date is recorded in `frozen`;
//     rest and paused days never spend one (they cannot break a streak anyway);
//   - without a freeze such a day ends the run: count 0 and no freezes (freezes belong to a run);
//     so two missed days in a row with one freeze: the first is frozen, the second ends the streak;
//   - a hole (days we know nothing about) restarts from nothing, freezes included;
//   - today: only a complete today is counted early (currentStreak, currentFreezes); it never spends.
// Re-running over days already counted is a no-op (they are skipped by date), and bestStreak
// folds with advanceStreak itself, so the two always agree.
//
// Everything works on local date strings, never instants, so a timezone change simply means the
// next local dates come from the new zone; dates already counted are skipped, never re-counted.
import type { UserSettings } from "@/lib/schedule/settings";
import { addDays, isValidLocalDate, isValidTime, localWeekday } from "@/lib/schedule/time";

export type DayStats = { scheduled: number; completed: number; pausedAllDay: boolean; pausedPartly: boolean };
export type DayInfo = DayStats & { date: string };
export type DayClass = "complete" | "neutral" | "missed";
export const DAY_STATUSES = ["complete", "partial", "missed", "rest", "paused"] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/**
 * Cached streak: counted through the end of local date `asOf` (a finished day); null = nothing
 * counted yet. `freezes`: freezes held (0-2); `frozen`: local dates on which one was spent, oldest
 * first (the last MAX_STREAK_DAYS days before asOf only). Both optional on input (absent = 0 and
 * none); advanceStreak always returns them.
 */
export type StreakState = { count: number; asOf: string | null; freezes?: number; frozen?: readonly string[] };

/** Nothing counted yet. */
export const NO_STREAK: StreakState = { count: 0, asOf: null, freezes: 0, frozen: [] };

/** A freeze is earned every this many days of streak. */
export const FREEZE_EVERY_DAYS = 7;
/** At most this many freezes are held. */
export const MAX_FREEZES = 2;

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
export function advanceStreak(state: StreakState, days: readonly DayInfo[]): Required<StreakState> {
  let { count, asOf } = state;
  let freezes = state.freezes ?? 0;
  const frozen = [...(state.frozen ?? [])];
  for (const day of days) {
    if (asOf !== null && day.date <= asOf) continue;
    if (asOf !== null && day.date !== addDays(asOf, 1)) {
      count = 0;
      freezes = 0;
    }
    const kind = classifyDay(day);
    if (kind === "complete") {
      count += 1;
      if (count % FREEZE_EVERY_DAYS === 0) freezes = Math.min(MAX_FREEZES, freezes + 1);
    } else if (kind === "missed") {
      if (count > 0 && freezes > 0) {
        freezes -= 1;
        frozen.push(day.date);
      } else {
        count = 0;
        freezes = 0;
      }
    }
    asOf = day.date;
  }
  // Only the dates a history can show are kept (the column stays small).
  const keepFrom = asOf === null ? "" : addDays(asOf, -(MAX_STREAK_DAYS - 1));
  return { count, asOf, freezes, frozen: frozen.filter((d) => d >= keepFrom) };
}

/**
 * The longest streak reached within `days` (consecutive, oldest first, finished days plus, last,
 * today if it is complete), folded with advanceStreak's own rule, so a run counts exactly as
 * the streak would have counted it. Starts from nothing: runs before the first day are unknown.
 */
export function bestStreak(days: readonly DayInfo[]): number {
  let state: StreakState = NO_STREAK;
  let best = 0;
  for (const day of days) {
    state = advanceStreak(state, [day]);
    best = Math.max(best, state.count);
  }
  return best;
}

/**
 * The state with `today` folded in if today is already complete (today can only add: an incomplete
 * today is judged once it has finished). If `today` was already folded into the cache (the user
 * moved to a zone that is a day behind), it is not added twice. The caller advances the cache
 * through yesterday first.
 */
export function withToday(state: StreakState, today: DayInfo): StreakState {
  if (state.asOf !== null && today.date <= state.asOf) return state;
  if (classifyDay(today) !== "complete") return state;
  return advanceStreak(state, [today]);
}

/** The streak to display: the cached count plus today if today is already complete. */
export function currentStreak(state: StreakState, today: DayInfo): number {
  if (state.asOf !== null && today.date <= state.asOf) return state.count;
  return state.count + (classifyDay(today) === "complete" ? 1 : 0);
}

/** The freezes held now: the cached ones plus one if a complete today reaches the next 7 days. */
export function currentFreezes(state: StreakState, today: DayInfo): number {
  return withToday(state, today).freezes ?? 0;
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
