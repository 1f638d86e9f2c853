// Turns stored rows into the per-day facts the streak rule needs. Pure.
import { addDays, localDate, localDateTimeToUtc } from "@/lib/schedule/time";
import type { MovedBreak, SkipReason } from "@/lib/schedule/today";
import { breaksOn, countOn, slotsOn, spansOf, type Span, type VersionedSchedule } from "@/lib/schedule/versions";
import { joinDate, notScheduledBeforeJoining } from "./first-day";

/** How many of the day's breaks were skipped and not done anyway. */
function skippedCount(
  spans: readonly Span[],
  date: string,
  done: ReadonlySet<number>,
  skipped: ReadonlyMap<number, unknown>,
) {
  return slotsOn(spans, date, done).filter((s) => skipped.has(s) && !done.has(s)).length;
}

// Same shape as DayInfo in lib/schedule/streak.ts.
export interface DayFacts {
  date: string;
  scheduled: number;
  completed: number;
  pausedAllDay: boolean;
  pausedPartly: boolean;
}

/** The breaks a user marked, by local date: the slots done, skipped (with why), and moved (to where). */
export interface BreakMarks {
  done: Map<string, Set<number>>;
  skipped: Map<string, Map<number, SkipReason>>;
  moved: Map<string, Map<number, MovedBreak>>;
}

/**
 * Marks from break rows: `d` the local date, `s` the slot, `c` whether it was done, `k` why it was
 * skipped (a skipped break done anyway counts as done), `m` and `a` the moved "HH:MM" and instant
 * (epoch ms).
 */
export function breakMarks(
  rows: Iterable<{
    d: string;
    s: number | string;
    c: boolean;
    k?: string | null;
    m?: string | null;
    a?: number | string | null;
  }>,
): BreakMarks {
  const marks: BreakMarks = { done: new Map(), skipped: new Map(), moved: new Map() };
  for (const r of rows) {
    const slot = Number(r.s);
    if (r.m && r.a !== null && r.a !== undefined && Number.isFinite(Number(r.a))) {
      if (!marks.moved.has(r.d)) marks.moved.set(r.d, new Map());
      marks.moved.get(r.d)!.set(slot, { time: r.m, at: new Date(Number(r.a)) });
    }
    if (r.c) {
      if (!marks.done.has(r.d)) marks.done.set(r.d, new Set());
      marks.done.get(r.d)!.add(slot);
    } else if (r.k === "user" || r.k === "busy" || r.k === "day-off") {
      if (!marks.skipped.has(r.d)) marks.skipped.set(r.d, new Map());
      marks.skipped.get(r.d)!.set(slot, r.k);
    }
  }
  return marks;
}

export interface Period {
  startedAt: Date;
  endedAt: Date | null;
}

/**
 * Facts for each local date under the schedule in force that day (the versions given, else the
 * current one); `completedByDate` maps date → completed slots, `skippedByDate` date → skipped slots
 * (skipped and not done: not one of the day's breaks, so neutral). `joinedAt`, when given, is the
 * moment the user joined: on that day the breaks due earlier and not done are not theirs (./first-day.ts).
 */
export function dayFacts(
  dates: string[],
  schedule: VersionedSchedule,
  completedByDate: Map<string, Set<number>>,
  pauses: Period[],
  now: Date,
  skippedByDate: ReadonlyMap<string, ReadonlyMap<number, unknown>> = new Map(),
  joinedAt?: Date | null,
): DayFacts[] {
  // A year of history is hundreds of days and each zone conversion costs tens of microseconds, so
  // only days near a pause get them: a day more than a day before a pause's local start date or
  // after its local end date cannot overlap it (the margin covers DST shifts of local midnight).
  const near = pauses.map((p) => ({
    from: addDays(localDate(p.startedAt, schedule.timezone), -1),
    to: p.endedAt ? addDays(localDate(p.endedAt, schedule.timezone), 1) : "9999-12-31",
  }));
  const spans = spansOf(schedule);
  const none = new Set<number>();
  const joined = joinedAt ? joinDate(joinedAt, schedule.timezone) : null;
  return dates.map((date) => {
    const done = completedByDate.get(date) ?? none;
    const counted = countOn(spans, date, done);
    const skipped = skippedByDate.get(date);
    const beforeJoining =
      date === joined ? notScheduledBeforeJoining(breaksOn(spans, date, done), joinedAt, done, skipped) : 0;
    const scheduled =
      (skipped ? counted.scheduled - skippedCount(spans, date, done, skipped) : counted.scheduled) - beforeJoining;
    const { completed } = counted;
    if (!near.some((r) => date >= r.from && date <= r.to))
      return { date, scheduled, completed, pausedAllDay: false, pausedPartly: false };
    const start = localDateTimeToUtc(date, "00:00", schedule.timezone).getTime();
    const end = Math.min(localDateTimeToUtc(addDays(date, 1), "00:00", schedule.timezone).getTime(), now.getTime());
    let pausedAllDay = false;
    let pausedPartly = false;
    for (const p of pauses) {
      const pStart = p.startedAt.getTime();
      const pEnd = p.endedAt ? p.endedAt.getTime() : Number.POSITIVE_INFINITY;
      if (pStart < end && pEnd > start) pausedPartly = true;
      if (pStart <= start && pEnd >= end) pausedAllDay = true;
    }
    return { date, scheduled, completed, pausedAllDay, pausedPartly: pausedPartly && !pausedAllDay };
  });
}
