// Today's breaks as the dashboard shows them, in the user's own timezone.
import { REMINDER_WINDOW_MINUTES } from "./constants";
import { formatTime12, localDate, localWeekday, resolveTimeZone } from "./time";
import { breaksOn, spansOf, type VersionedSchedule } from "./versions";

/**
 * Where a break of today stands: done; skipped (by the user's "Not today", or for meetings or a day
 * off in their calendar: neutral, no reminder); missed once its reminder window has gone by undone
 * (it can still be done today); upcoming until then (including the minutes while it is due).
 */
export type BreakStatus = "done" | "skipped" | "missed" | "upcoming";

/** Why a break was skipped: "Not today" ("user"), meetings ("busy"), a day off ("day-off"). */
export type SkipReason = "user" | "busy" | "day-off";

export type ScheduleEntry = {
  /** Index into settings.times; completions are recorded per slot, not per time string. */
  slot: number;
  time: string;
  timeDisplay: string;
  completed: boolean;
  /** The break's scheduled instant today. */
  at: Date;
  /** That instant is at or before `now`. */
  past: boolean;
  status: BreakStatus;
  /** Set when status is "skipped". */
  skipReason?: SkipReason;
  /** Moved out of a meeting: `time` and `at` are the moved ones, this is the schedule's "HH:MM". */
  plannedTime?: string;
  moved?: "busy";
};

/** Where a break of the day was moved to (lib/calendar-source/placement.ts). */
export interface MovedBreak {
  time: string;
  at: Date;
}

export type TodaySchedule = {
  localDate: string;
  weekday: number;
  /** Today is one of the current schedule's active days. */
  isActiveDay: boolean;
  /** In time order (a second reminder set earlier than the first comes first). */
  entries: ScheduleEntry[];
};

const WINDOW_MS = REMINDER_WINDOW_MINUTES * 60_000;

/**
 * The user's breaks for their current local date. `completedSlots` holds the slots completed on
 * that local date. Today is judged by the schedule versions in force (lib/schedule/versions.ts):
 * breaks already due or done before a change keep their place. A malformed stored time is skipped
 * but the other slot keeps its index. `past` compares instants (not "HH:MM" strings) so it agrees
 * with the sender on DST days.
 */
export function todaySchedule(
  settings: VersionedSchedule,
  now: Date,
  completedSlots: ReadonlySet<number>,
  skippedSlots: ReadonlyMap<number, SkipReason> = new Map(),
  movedSlots: ReadonlyMap<number, MovedBreak> = new Map(),
): TodaySchedule {
  const tz = resolveTimeZone(settings.timezone);
  const date = localDate(now, tz);
  const weekday = localWeekday(date);
  const entries = breaksOn(spansOf(settings), date, completedSlots)
    .map(({ slot, time: planned, at: plannedAt }): ScheduleEntry => {
      const completed = completedSlots.has(slot);
      // Done wins over skipped: a break skipped and then done anyway counts.
      const skipReason = completed ? undefined : skippedSlots.get(slot);
      const move = skipReason ? undefined : movedSlots.get(slot);
      const time = move?.time ?? planned;
      const at = move?.at ?? plannedAt;
      const t = at.getTime();
      return {
        slot,
        time,
        timeDisplay: formatTime12(time),
        completed,
        at,
        past: t <= now.getTime(),
        status: completed ? "done" : skipReason ? "skipped" : t + WINDOW_MS <= now.getTime() ? "missed" : "upcoming",
        ...(skipReason && { skipReason }),
        ...(move && { plannedTime: planned, moved: "busy" as const }),
      };
    })
    // In time order, as the user's day runs (a moved break may pass the other one).
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.slot - b.slot);
  return { localDate: date, weekday, isActiveDay: settings.activeDays.includes(weekday), entries };
}

/**
 * Dashboard counters: a skipped break is not one of the day's breaks. Capped so stale completions
 * (e.g. after removing a time) never show "3 of 2".
 */
export function dashboardNumbers(schedule: Pick<TodaySchedule, "entries">): {
  completedToday: number;
  totalToday: number;
} {
  const totalToday = schedule.entries.filter((e) => e.status !== "skipped").length;
  const completed = schedule.entries.filter((e) => e.completed).length;
  return { completedToday: Math.min(completed, totalToday), totalToday };
}
