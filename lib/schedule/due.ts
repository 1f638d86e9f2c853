// Which reminders the sender should send now, and when a slot fires next.
// A break is identified by (localDate, slot): the sender de-duplicates on that pair, so the
// window below may overlap between runs without sending anything twice.
import { REMINDER_WINDOW_MINUTES } from "./constants";
import type { UserSettings } from "./settings";
import {
  addDays,
  formatTime12,
  isValidTime,
  localDate,
  localDateTimeToUtc,
  localWeekday,
  resolveTimeZone,
} from "./time";

export type ScheduleSettings = Pick<UserSettings, "times" | "activeDays" | "timezone">;

export type DueSlot = {
  /** The local date the break belongs to (and whose weekday made it active). */
  localDate: string;
  slot: number;
  time: string;
  scheduledAt: Date;
};

const MS_PER_MINUTE = 60_000;
/** nextOccurrence looks this many local days ahead: a full week plus one for the DST/midnight edge. */
const LOOKAHEAD_DAYS = 8;

// Scheduled instant of one slot on one local date, or null if that date is not active.
function occurrence(settings: ScheduleSettings, tz: string, date: string, slot: number): Date | null {
  const time = settings.times[slot];
  if (!isValidTime(time) || !settings.activeDays.includes(localWeekday(date))) return null;
  return localDateTimeToUtc(date, time, tz);
}

/**
 * Every slot whose scheduled instant lies in (now - windowMinutes, now], oldest first.
 * Each candidate local date is judged by its own weekday, so a 23:50 Friday break is still due at
 * 00:10 on Saturday even when Saturday is off. Candidates run from the day before the window's
 * first local date to the day after today's: the extra days cover the midnight wrap and zones
 * whose DST gap is at midnight (a "00:30" there can resolve to 23:30 the evening before).
 */
export function dueSlots(
  settings: ScheduleSettings,
  now: Date,
  windowMinutes: number = REMINDER_WINDOW_MINUTES,
): DueSlot[] {
  if (!Number.isFinite(windowMinutes)) throw new RangeError("windowMinutes must be a finite number");
  const tz = resolveTimeZone(settings.timezone);
  const end = now.getTime();
  const start = end - windowMinutes * MS_PER_MINUTE;
  const last = addDays(localDate(now, tz), 1);
  const due: DueSlot[] = [];
  for (let date = addDays(localDate(new Date(start), tz), -1); date <= last; date = addDays(date, 1)) {
    settings.times.forEach((time, slot) => {
      const at = occurrence(settings, tz, date, slot);
      if (at && at.getTime() > start && at.getTime() <= end) due.push({ localDate: date, slot, time, scheduledAt: at });
    });
  }
  return due.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime() || a.slot - b.slot);
}

/**
 * The first scheduled instant of `slot` strictly after `after`, on an active local date.
 * Null when the slot does not exist, its time is malformed, or no weekday is active.
 */
export function nextOccurrence(settings: ScheduleSettings, slot: number, after: Date): Date | null {
  const tz = resolveTimeZone(settings.timezone);
  const today = localDate(after, tz);
  let best: Date | null = null;
  // Starts a day early for the same midnight-gap reason as dueSlots; takes the minimum rather
  // than the first hit so the order of candidates cannot matter.
  for (let i = -1; i <= LOOKAHEAD_DAYS; i++) {
    const at = occurrence(settings, tz, addDays(today, i), slot);
    if (at && at.getTime() > after.getTime() && (!best || at.getTime() < best.getTime())) best = at;
  }
  return best;
}

export type NextBreak = { slot: number; time: string; localDate: string; at: Date };

/**
 * The next break of any slot strictly after `after` (the earliest; the lower slot on a tie), or
 * null. `isOpen` can turn an occurrence down (a break of today already done, or a slot whose break
 * today was already due under the schedule before a change): that slot's next one is taken.
 */
export function nextBreakAfter(
  settings: ScheduleSettings,
  after: Date,
  isOpen: (slot: number, at: Date, localDate: string) => boolean = () => true,
): NextBreak | null {
  const tz = resolveTimeZone(settings.timezone);
  let best: NextBreak | null = null;
  settings.times.forEach((time, slot) => {
    let at = nextOccurrence(settings, slot, after);
    // Turned-down occurrences are today's only, so a few steps always reach an open one.
    for (let i = 0; at && !isOpen(slot, at, localDate(at, tz)); i++)
      at = i < LOOKAHEAD_DAYS ? nextOccurrence(settings, slot, at) : null;
    if (at && (!best || at.getTime() < best.at.getTime())) best = { slot, time, localDate: localDate(at, tz), at };
  });
  return best;
}

/** "today at 3:00 PM", "tomorrow at 10:00 AM", "Monday at 10:00 AM" (from the user's local date `today`). */
export function nextBreakLabel(next: Pick<NextBreak, "localDate" | "time">, today: string): string {
  const day =
    next.localDate === today
      ? "today"
      : next.localDate === addDays(today, 1)
        ? "tomorrow"
        : WEEKDAY_NAMES[localWeekday(next.localDate)]!;
  return `${day} at ${formatTime12(next.time)}`;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
