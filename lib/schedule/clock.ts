// Wall-clock times ("HH:MM") and zone names without any date library: validating, snapping to the
// 5-minute grid and 12-hour display. Safe and small for the browser (the settings and onboarding
// forms); ./time builds the zone conversions on these with date-fns-tz, and re-exports them.

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const MINUTES_PER_DAY = 24 * 60;
const SNAP_MINUTES = 5;

/** Strict "HH:MM" in 00:00-23:59 (two-digit hour required: "9:00" and "24:00" are rejected). */
export function isValidTime(s: unknown): s is string {
  return typeof s === "string" && TIME_RE.test(s);
}

export function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function fromMinutes(total: number): string {
  const m = ((total % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/**
 * Rounds to the nearest 5 minutes (the picker's grid), wrapping past midnight: "23:58" → "00:00".
 * With whole minutes a remainder of 1-2 rounds down and 3-4 rounds up (a "tie" would be 2.5).
 * Invalid input is returned unchanged so a form can show its own validation message.
 */
export function snapTime(s: string): string {
  if (!isValidTime(s)) return s;
  return fromMinutes(Math.round(toMinutes(s) / SNAP_MINUTES) * SNAP_MINUTES);
}

/**
 * What snapping did to a typed time, or null when it changed nothing: `short` fits beside the
 * field's label ("10:02 AM → 10:00 AM"); `full` is the sentence for screen readers, and says in
 * words when rounding up passed midnight.
 */
export function snapNote(typed: string, snapped: string): { short: string; full: string } | null {
  if (typed === snapped || !isValidTime(typed) || !isValidTime(snapped)) return null;
  const moved = `${formatTime12(typed)} → ${formatTime12(snapped)}`;
  if (toMinutes(snapped) < toMinutes(typed) - SNAP_MINUTES) {
    return {
      short: `${moved}, start of day`,
      full: `Rounded to the nearest 5 minutes: ${moved}. That is past midnight, so this break moves to the very start of the day.`,
    };
  }
  return { short: moved, full: `Rounded to the nearest 5 minutes: ${moved}.` };
}

/** "15:00" → "3:00 PM", "00:05" → "12:05 AM", "12:00" → "12:00 PM". Invalid input is returned unchanged. */
export function formatTime12(s: string): string {
  if (!isValidTime(s)) return s;
  const h = Number(s.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${s.slice(3, 5)} ${h < 12 ? "AM" : "PM"}`;
}

// Building an Intl.DateTimeFormat costs ~150µs and the scheduler checks a zone for every slot of
// every user, so zones found valid are remembered. Only valid ones: there are a few hundred, so the
// cache stays small whatever strings callers send.
const knownZones = new Set<string>();

/** True for any zone this runtime's Intl knows (IANA names and their aliases, e.g. "UTC", "US/Eastern"). */
export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== "string" || tz === "") return false;
  if (knownZones.has(tz)) return true;
  // Zone names only: Node 22's Intl (and newer browsers) also accept UTC offsets such as "+05:00",
  // which have no daylight saving rules and are not in the picker's list.
  if (/^[+\-\u2212]/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: tz });
  } catch {
    return false;
  }
  knownZones.add(tz);
  return true;
}

/** A real calendar date in "YYYY-MM-DD" form ("2026-02-30" is not one). Light: no zone library. */
export function isCalendarDate(s: unknown): s is string {
  const m = typeof s === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
