// Turns stored rows into the per-day facts the streak rule needs. Pure.
import { addDays, localDate, localDateTimeToUtc } from "@/lib/schedule/time";
import { countOn, spansOf, type VersionedSchedule } from "@/lib/schedule/versions";

// Same shape as DayInfo in lib/schedule/streak.ts.
export interface DayFacts {
  date: string;
  scheduled: number;
  completed: number;
  pausedAllDay: boolean;
  pausedPartly: boolean;
}

export interface Period {
  startedAt: Date;
  endedAt: Date | null;
}

/**
 * Facts for each local date under the schedule in force that day (the versions given, else the
 * current one); `completedByDate` maps date → completed slots.
 */
export function dayFacts(
  dates: string[],
  schedule: VersionedSchedule,
  completedByDate: Map<string, Set<number>>,
  pauses: Period[],
  now: Date,
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
  return dates.map((date) => {
    const { scheduled, completed } = countOn(spans, date, completedByDate.get(date) ?? none);
    if (!near.some((r) => date >= r.from && date <= r.to)) return { date, scheduled, completed, pausedAllDay: false, pausedPartly: false };
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
