// Today's breaks as the dashboard shows them, in the user's own timezone.
import type { UserSettings } from "./settings";
import { formatTime12, isValidTime, localDate, localDateTimeToUtc, localWeekday, resolveTimeZone } from "./time";

export type ScheduleEntry = {
  /** Index into settings.times; completions are recorded per slot, not per time string. */
  slot: number;
  time: string;
  timeDisplay: string;
  completed: boolean;
  /** The break's scheduled instant today is at or before `now`. */
  past: boolean;
};

export type TodaySchedule = {
  localDate: string;
  weekday: number;
  isActiveDay: boolean;
  entries: ScheduleEntry[];
};

/**
 * The user's breaks for their current local date. `completedSlots` holds the slots completed on
 * that local date. Entries are empty on an inactive day; a malformed stored time is skipped but
 * the other slot keeps its index. `past` compares instants (not "HH:MM" strings) so it agrees with
 * the sender on DST days.
 */
export function todaySchedule(
  settings: Pick<UserSettings, "times" | "activeDays" | "timezone">,
  now: Date,
  completedSlots: ReadonlySet<number>,
): TodaySchedule {
  const tz = resolveTimeZone(settings.timezone);
  const date = localDate(now, tz);
  const weekday = localWeekday(date);
  const isActiveDay = settings.activeDays.includes(weekday);
  const entries: ScheduleEntry[] = [];
  if (isActiveDay) {
    settings.times.forEach((time, slot) => {
      if (!isValidTime(time)) return;
      entries.push({
        slot,
        time,
        timeDisplay: formatTime12(time),
        completed: completedSlots.has(slot),
        past: localDateTimeToUtc(date, time, tz).getTime() <= now.getTime(),
      });
    });
  }
  return { localDate: date, weekday, isActiveDay, entries };
}

/** Dashboard counters. Capped so stale completions (e.g. after removing a time) never show "3 of 2". */
export function dashboardNumbers(schedule: Pick<TodaySchedule, "entries">): { completedToday: number; totalToday: number } {
  const totalToday = schedule.entries.length;
  const completed = schedule.entries.filter((e) => e.completed).length;
  return { completedToday: Math.min(completed, totalToday), totalToday };
}
