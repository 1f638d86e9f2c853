// Turns stored rows into the per-day facts the streak rule needs. Pure.
import { localDateTimeToUtc, localWeekday, addDays } from "@/lib/schedule/time";

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

/** Facts for each local date under the given schedule; `completedByDate` maps date → completed slots. */
export function dayFacts(
  dates: string[],
  schedule: { times: string[]; activeDays: number[]; timezone: string },
  completedByDate: Map<string, Set<number>>,
  pauses: Period[],
  now: Date,
): DayFacts[] {
  return dates.map((date) => {
    const scheduled = schedule.activeDays.includes(localWeekday(date)) ? schedule.times.length : 0;
    const slots = completedByDate.get(date) ?? new Set<number>();
    const completed = [...slots].filter((s) => s < schedule.times.length).length;
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
