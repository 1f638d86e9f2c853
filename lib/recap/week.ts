// The weekly recap (issue 33), pure: which week is the last finished one in the user's zone, and
// the numbers of a Monday-Sunday week from the breaks done in it and the week before. Dates are
// local date strings throughout (lib/schedule/time.ts), so a DST week is seven days like any other;
// only "now" is turned into a local date and time, through the zone.
import { addDays, isValidLocalDate, isValidTime, localDate, localTime, localWeekday } from "@/lib/schedule/time";

/** The local time the recap e-mail goes out on Monday when the user has no break time. */
export const RECAP_DEFAULT_TIME = "09:00";

/** One break done: its local date and how long it was planned to last (minutes). */
export interface DoneBreak {
  date: string;
  minutes: number;
}

export interface RecapDay {
  date: string;
  breaksDone: number;
  minutesMoved: number;
  /** False for days before the user joined: they do not count. */
  counted: boolean;
}

export interface WeekNumbers {
  weekStart: string;
  breaksDone: number;
  minutesMoved: number;
}

export interface WeekRecap extends WeekNumbers {
  /** The Sunday that ends the week. */
  weekEnd: string;
  days: RecapDay[];
  /** The day with the most breaks done (ties: the earliest); null when none was done. */
  bestDay: { date: string; breaksDone: number } | null;
  currentStreak: number;
  previous: WeekNumbers;
  /** This week minus the week before. */
  change: { breaksDone: number; minutesMoved: number };
}

/** The Monday of the week (Monday-Sunday) that holds a local date. */
export function mondayOf(date: string): string {
  return addDays(date, -((localWeekday(date) + 6) % 7));
}

export function isMonday(date: string): boolean {
  return isValidLocalDate(date) && localWeekday(date) === 1;
}

/** The Monday of the last finished local week at `now` in `timeZone` (the week before this one). */
export function lastFinishedWeek(now: Date, timeZone: string): string {
  return addDays(mondayOf(localDate(now, timeZone)), -7);
}

/** The local time the recap e-mail goes out on Monday: the first break time, or 09:00. */
export function recapSendTime(times: readonly string[]): string {
  return [...times].filter(isValidTime).sort()[0] ?? RECAP_DEFAULT_TIME;
}

/**
 * The week whose recap e-mail is due at `now`, or null: it is Monday in the user's zone, at or
 * after their first break time (09:00 without one), and the week recapped is the one just ended.
 */
export function recapDueWeek(now: Date, timeZone: string, times: readonly string[]): string | null {
  const today = localDate(now, timeZone);
  if (localWeekday(today) !== 1) return null;
  if (localTime(now, timeZone) < recapSendTime(times)) return null;
  return addDays(today, -7);
}

function weekNumbers(weekStart: string, firstDay: string, done: readonly DoneBreak[]) {
  const days: RecapDay[] = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(weekStart, i);
    return { date, breaksDone: 0, minutesMoved: 0, counted: date >= firstDay };
  });
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const b of done) {
    const day = byDate.get(b.date);
    if (!day || !day.counted) continue;
    day.breaksDone += 1;
    day.minutesMoved += Math.max(0, Math.round(b.minutes));
  }
  const sum = (k: "breaksDone" | "minutesMoved") => days.reduce((n, d) => n + d[k], 0);
  return { days, breaksDone: sum("breaksDone"), minutesMoved: sum("minutesMoved") };
}

export interface RecapInput {
  /** The Monday of the week to recap. */
  weekStart: string;
  /** The user's first local day: earlier days do not count. */
  firstDay: string;
  /** The breaks done in the week and the week before (others are ignored). */
  done: readonly DoneBreak[];
  /** The streak as History and the dashboard show it (lib/progress/streak-rule.ts). */
  currentStreak: number;
}

/** The recap of one Monday-Sunday week, with the change from the week before. */
export function weekRecap({ weekStart, firstDay, done, currentStreak }: RecapInput): WeekRecap {
  if (!isMonday(weekStart)) throw new RangeError(`weekStart must be a Monday, got "${weekStart}"`);
  const week = weekNumbers(weekStart, firstDay, done);
  const previousStart = addDays(weekStart, -7);
  const before = weekNumbers(previousStart, firstDay, done);
  let bestDay: WeekRecap["bestDay"] = null;
  for (const d of week.days) {
    if (d.breaksDone > 0 && (bestDay === null || d.breaksDone > bestDay.breaksDone))
      bestDay = { date: d.date, breaksDone: d.breaksDone };
  }
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    breaksDone: week.breaksDone,
    minutesMoved: week.minutesMoved,
    days: week.days,
    bestDay,
    currentStreak,
    previous: { weekStart: previousStart, breaksDone: before.breaksDone, minutesMoved: before.minutesMoved },
    change: {
      breaksDone: week.breaksDone - before.breaksDone,
      minutesMoved: week.minutesMoved - before.minutesMoved,
    },
  };
}

/** Nothing to recap: no break done in the week nor in the week before (no e-mail then). */
export function isEmptyRecap(recap: Pick<WeekRecap, "breaksDone" | "previous">): boolean {
  return recap.breaksDone === 0 && recap.previous.breaksDone === 0;
}

/**
 * How long a done break was planned to last: its slot's exercises in the day's plan (the ones the
 * user saw: lib/breaks/plan.ts keeps them for done slots), else the length the plan was made for
 * (its fingerprint starts with it), else the user's break length now.
 */
export function plannedMinutes(
  plan: { slots: unknown; fingerprint: string } | undefined,
  slot: number,
  fallback: number,
): number {
  if (plan) {
    const slots = typeof plan.slots === "string" ? (JSON.parse(plan.slots) as unknown) : plan.slots;
    const exercises = Array.isArray(slots) ? (slots[slot] as { exercises?: unknown } | undefined)?.exercises : null;
    if (Array.isArray(exercises) && exercises.length > 0) {
      const total = exercises.reduce<number>(
        (n, e) =>
          n + (typeof (e as { minutes?: unknown }).minutes === "number" ? (e as { minutes: number }).minutes : 0),
        0,
      );
      if (total > 0) return total;
    }
    const fromFingerprint = Number(plan.fingerprint.split("|")[0]);
    if (Number.isInteger(fromFingerprint) && fromFingerprint > 0) return fromFingerprint;
  }
  return fallback;
}
