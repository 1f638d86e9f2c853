// Schedule history: which breaks a local date had, judged by the schedule in force at the time.
//
// Every change of times, active days or timezone starts a new version at the instant it was saved
// (schedule_versions, written by lib/users/settings.ts). A version governs the break instants from
// its start up to the next version's start, where "start" is the saving instant less the reminder
// window: a break whose reminder is still due (it passed less than 30 minutes ago) is not past
// yet, exactly as the sender sees it. So:
//   - a break already past when the schedule changed keeps the schedule it had (past days and
//     today's earlier breaks are never rewritten);
//   - the new schedule applies from the next break not yet past: a new time that had already
//     passed today is not a break today (it could not have been reminded or planned for);
//   - a slot has at most one break a day: the first one due (completions are kept per slot);
//   - a break already done stays a break of its day whatever changes later (results stay).
// The newest version is always the current settings, so a user without stored versions (or a row
// edited directly) is judged by the current settings alone, exactly as before versions existed.
// Pure: everything comes in as arguments; local dates are "YYYY-MM-DD", instants epoch ms.
import { REMINDER_WINDOW_MINUTES } from "./constants";
import { isValidTime, localDateTimeToUtc, localWeekday, resolveTimeZone } from "./time";

/** A stored version: in force from `from` (epoch ms) until the next version's `from`. */
export interface ScheduleVersion {
  from: number;
  times: string[];
  activeDays: number[];
  timezone: string;
}

/** The current schedule (the settings row) and, optionally, the stored versions around a window. */
export interface VersionedSchedule {
  times: string[];
  activeDays: number[];
  timezone: string;
  /** Stored versions, any order; the newest one's content is replaced by the current settings. */
  versions?: readonly ScheduleVersion[];
}

/** One break of a local date: its slot, its "HH:MM" time and its instant. */
export interface DayBreak {
  slot: number;
  time: string;
  at: Date;
}

const WINDOW_MS = REMINDER_WINDOW_MINUTES * 60_000;

/** A version with the break instants it governs: [from, to) in epoch ms; the zone resolved. */
export interface Span {
  from: number;
  to: number;
  times: string[];
  activeDays: number[];
  timezone: string;
}

/**
 * The versions as consecutive spans, oldest first. The oldest one reaches back indefinitely (nothing
 * older is known, and the first version of every user is the one they set up with); the newest
 * one carries the current settings and runs on indefinitely.
 */
export function spansOf(schedule: VersionedSchedule): Span[] {
  const current = {
    times: schedule.times,
    activeDays: schedule.activeDays,
    timezone: resolveTimeZone(schedule.timezone),
  };
  const stored = [...(schedule.versions ?? [])].filter((v) => Number.isFinite(v.from)).sort((a, b) => a.from - b.from);
  if (stored.length === 0) return [{ from: -Infinity, to: Infinity, ...current }];
  return stored.map((v, i) => {
    const last = i === stored.length - 1;
    return {
      from: i === 0 ? -Infinity : v.from - WINDOW_MS,
      to: last ? Infinity : stored[i + 1]!.from - WINDOW_MS,
      ...(last ? current : { times: v.times, activeDays: v.activeDays, timezone: resolveTimeZone(v.timezone) }),
    };
  });
}

// Whatever the zone (UTC-12 to UTC+14), a local date's instants lie within this span around its
// UTC midnight; a version that covers it whole decides the date alone, with no zone conversion.
const BEFORE_MS = 15 * 3_600_000;
const AFTER_MS = 39 * 3_600_000;

function utcMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Spans that may reach into `date`; the first is the one in force at its start. */
function spansNear(spans: readonly Span[], date: string): Span[] {
  const lo = utcMidnight(date) - BEFORE_MS;
  const hi = utcMidnight(date) + AFTER_MS;
  return spans.filter((s) => s.to > lo && s.from < hi);
}

function occurrences(span: Span, date: string, weekday: number): DayBreak[] {
  if (!span.activeDays.includes(weekday)) return [];
  const out: DayBreak[] = [];
  span.times.forEach((time, slot) => {
    if (isValidTime(time)) out.push({ slot, time, at: localDateTimeToUtc(date, time, span.timezone) });
  });
  return out;
}

/**
 * The breaks of local date `date`, in time order (the slot breaks a tie). `done` holds the slots
 * completed that day: a done break is kept even if a later change took it off the schedule.
 */
export function breaksOn(spans: readonly Span[], date: string, done: ReadonlySet<number> = new Set()): DayBreak[] {
  const weekday = localWeekday(date);
  const near = spansNear(spans, date);
  const bySlot = new Map<number, DayBreak>();
  if (near.length === 1) {
    for (const b of occurrences(near[0]!, date, weekday)) bySlot.set(b.slot, b);
  } else {
    for (const span of near) {
      for (const b of occurrences(span, date, weekday)) {
        const t = b.at.getTime();
        if (t < span.from || t >= span.to) continue; // due under another version
        const seen = bySlot.get(b.slot);
        if (!seen || t < seen.at.getTime()) bySlot.set(b.slot, b);
      }
    }
  }
  for (const slot of done) {
    if (bySlot.has(slot)) continue;
    // Done, then taken off the schedule: shown at the time it had (the newest version naming it).
    for (let i = near.length - 1; i >= 0; i--) {
      const time = near[i]!.times[slot];
      if (time && isValidTime(time)) {
        bySlot.set(slot, { slot, time, at: localDateTimeToUtc(date, time, near[i]!.timezone) });
        break;
      }
    }
  }
  return [...bySlot.values()].sort((a, b) => a.at.getTime() - b.at.getTime() || a.slot - b.slot);
}

/**
 * The slots of `date`'s breaks (breaksOn's, in slot order), without their instants when one version
 * covers the whole date (every day of a long history but a few).
 */
export function slotsOn(spans: readonly Span[], date: string, done: ReadonlySet<number> = new Set()): number[] {
  const near = spansNear(spans, date);
  if (near.length !== 1)
    return breaksOn(spans, date, done)
      .map((b) => b.slot)
      .sort((a, b) => a - b);
  const span = near[0]!;
  const active = span.activeDays.includes(localWeekday(date));
  const slots: number[] = [];
  span.times.forEach((time, slot) => {
    if (isValidTime(time) && (active || done.has(slot))) slots.push(slot);
  });
  return slots;
}

/** How many breaks `date` had, and how many of them were done. */
export function countOn(
  spans: readonly Span[],
  date: string,
  done: ReadonlySet<number> = new Set(),
): { scheduled: number; completed: number } {
  const slots = slotsOn(spans, date, done);
  return { scheduled: slots.length, completed: slots.filter((s) => done.has(s)).length };
}

/**
 * The instant from which stored versions matter for local dates from `firstDate` on: queries read
 * the version in force at this instant and every later one.
 */
export function versionsFrom(firstDate: string): Date {
  return new Date(utcMidnight(firstDate) - BEFORE_MS);
}
