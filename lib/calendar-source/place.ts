// Where each of a day's breaks goes, given the user's busy times (lib/calendar-source/busy.ts): a
// break that falls in a meeting, or would run into one, moves to the nearest free time of the same
// local day, or is skipped when there is none. Pure: everything, "now" included, comes in.
//
// Distances are real minutes (instants), so on a DST day "within 60 minutes" means 60 minutes of
// the user's time, not of the clock face; the candidates are the 5-minute marks of the local clock.
// Every zone's offset, and every DST shift, is a whole number of 5-minute steps, so stepping by
// 5 real minutes from a mark lands on marks.
import { toMinutes } from "@/lib/schedule/clock";
import {
  isValidLocalDate,
  isValidTime,
  localDate,
  localDateTimeToUtc,
  localTime,
  resolveTimeZone,
} from "@/lib/schedule/time";

export const MAX_MOVE_MINUTES = 180;
const STEP_MINUTES = 5;
const MINUTE_MS = 60_000;

export interface BreakToPlace {
  slot: number;
  /** The schedule's "HH:MM". */
  time: string;
  durationMinutes: number;
}

export interface PlaceInput {
  /** The user's IANA zone. */
  zone: string;
  /** The day being placed, "YYYY-MM-DD" in `zone`. */
  localDate: string;
  now: Date;
  /** 0-180; 0 turns moving off: a break in a meeting then stays where it is. */
  moveWithinMinutes: number;
  breaks: readonly BreakToPlace[];
  busy: readonly { start: Date; end: Date }[];
  /** An all-day busy or out-of-office event: every break of the day is skipped. */
  dayOff: boolean;
}

export interface PlacedBreak {
  slot: number;
  plannedTime: string;
  /** Where the break goes ("HH:MM"): the planned time, or the moved one. Absent when skipped. */
  time?: string;
  at?: Date;
  moved?: "busy";
  skipped?: "busy" | "day-off";
}

type Span = { start: number; end: number };

const overlapsAny = (s: Span, list: readonly Span[]) => list.some((o) => o.start < s.end && s.start < o.end);

/**
 * Minute offsets from the planned time to the 5-minute marks within `within` minutes, nearest
 * first, the later of two equally near first. `phase` is how far the planned time is past a mark.
 */
function offsets(within: number, phase: number): number[] {
  const out: number[] = [];
  for (let d = -within; d <= within; d++) {
    if (d !== 0 && (((d + phase) % STEP_MINUTES) + STEP_MINUTES) % STEP_MINUTES === 0) out.push(d);
  }
  return out.sort((a, b) => Math.abs(a) - Math.abs(b) || b - a);
}

/**
 * The day's breaks, in slot order, each where it goes: left as planned when free, already past or
 * with moving off; moved to the nearest free 5-minute mark of the same local day, within
 * `moveWithinMinutes`, not before `now`, not over a meeting or another break; else skipped.
 * Breaks that stay are placed first; those that move then take their turns by slot, so the first
 * break has the first pick. A break whose time is malformed is left out.
 */
export function placeBreaks(input: PlaceInput): PlacedBreak[] {
  if (!isValidLocalDate(input.localDate)) throw new RangeError(`Invalid local date "${input.localDate}"`);
  const zone = resolveTimeZone(input.zone);
  const breaks = input.breaks.filter((b) => isValidTime(b.time)).sort((a, b) => a.slot - b.slot);
  if (input.dayOff) return breaks.map((b) => ({ slot: b.slot, plannedTime: b.time, skipped: "day-off" }));

  const raw = Number(input.moveWithinMinutes);
  const within = Number.isFinite(raw) ? Math.min(MAX_MOVE_MINUTES, Math.max(0, Math.floor(raw))) : 0;
  const now = input.now.getTime();
  const busy: Span[] = input.busy
    .map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }))
    .filter((b) => b.end > b.start);

  const planned = breaks.map((b) => {
    const start = localDateTimeToUtc(input.localDate, b.time, zone).getTime();
    const length = (Number.isFinite(b.durationMinutes) ? Math.max(1, b.durationMinutes) : 1) * MINUTE_MS;
    const inMeeting = overlapsAny({ start, end: start + length }, busy);
    // Past breaks are not rearranged after the fact.
    return { b, start, length, stays: !inMeeting || start < now || within === 0 };
  });
  const taken: Span[] = planned.filter((p) => p.stays).map((p) => ({ start: p.start, end: p.start + p.length }));

  return planned.map(({ b, start, length, stays }): PlacedBreak => {
    if (stays) return { slot: b.slot, plannedTime: b.time, time: b.time, at: new Date(start) };
    for (const d of offsets(within, toMinutes(b.time) % STEP_MINUTES)) {
      const at = start + d * MINUTE_MS;
      const span = { start: at, end: at + length };
      if (at < now || overlapsAny(span, busy) || overlapsAny(span, taken)) continue;
      const when = new Date(at);
      if (localDate(when, zone) !== input.localDate) continue;
      const time = localTime(when, zone);
      if (toMinutes(time) % STEP_MINUTES !== 0) continue; // a zone with an odd offset: no marks there
      taken.push(span);
      return { slot: b.slot, plannedTime: b.time, time, at: when, moved: "busy" };
    }
    return { slot: b.slot, plannedTime: b.time, skipped: "busy" };
  });
}
