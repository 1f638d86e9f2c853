// Time, date and timezone helpers. Conventions used across lib/schedule:
//   - a local time is "HH:MM" (24h), a local date is "YYYY-MM-DD", a weekday is 0-6 (0 = Sunday);
//   - instants are Date objects; "now" is always passed in, never read from the clock.
// Every conversion between an instant and a zone's wall clock goes through date-fns-tz
// (fromZonedTime / formatInTimeZone). Pure calendar math (weekday, adding days) is done on
// UTC-midnight timestamps, where days are always 24h long, so it is timezone- and DST-free.
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { isValidTime, isValidTimeZone } from "./clock";

export { formatTime12, isValidTime, isValidTimeZone, snapNote, snapTime } from "./clock";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Valid calendar dates seen so far → their UTC midnight: the next-reminder search alone checks some
// 20 dates per request, and a Map lookup is far cheaper than the regex and Date that validate one.
// Bounded like the memos below.
const dayStarts = new Map<string, number>();
const MS_PER_DAY = 86_400_000;

/**
 * The zone to compute with: stored settings may predate validation, and one bad row must not
 * crash a batch (the scheduler loops over all users), so anything invalid falls back to UTC,
 * the same default the settings API saves for an empty zone.
 */
export function resolveTimeZone(tz: string | null | undefined): string {
  return isValidTimeZone(tz) ? tz : "UTC";
}

/** A real calendar date in "YYYY-MM-DD" form ("2026-02-30" is rejected). */
export function isValidLocalDate(s: unknown): s is string {
  if (typeof s !== "string") return false;
  if (dayStarts.has(s)) return true;
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

// Calendar date → timestamp of its UTC midnight. Only used for calendar math, never as an instant.
function dateToUtcMs(date: string): number {
  const known = dayStarts.get(date);
  if (known !== undefined) return known;
  if (!isValidLocalDate(date)) throw new RangeError(`Invalid local date "${date}" (expected YYYY-MM-DD)`);
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  if (dayStarts.size >= 20_000) dayStarts.clear();
  dayStarts.set(date, ms);
  return ms;
}

// Zone conversions go through Intl and are the costliest part of a dashboard request, yet the same
// few (zone, minute) and (date, time, zone) keys come back on every request: small caches, cleared
// whole when they grow past a bound. Safe because every zone's offset is a whole number of minutes,
// so the wall clock's date and time are constant within a UTC minute.
const MEMO_LIMIT = 20_000;
function memo<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    if (cache.size >= MEMO_LIMIT) cache.clear();
    v = make();
    cache.set(key, v);
  }
  return v;
}
const wallClocks = new Map<string, string>();
const instants = new Map<string, number>();

/** "yyyy-MM-dd HH:mm" in `tz` at `now` (cached per zone and UTC minute). */
function wallClock(now: Date, tz: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  return memo(wallClocks, `${tz}|${minute}`, () => formatInTimeZone(new Date(minute * 60_000), tz, "yyyy-MM-dd HH:mm"));
}

/** The calendar date the user's wall clock shows at `now`. */
export function localDate(now: Date, tz: string): string {
  return wallClock(now, tz).slice(0, 10);
}

/** The wall-clock time ("HH:MM") in `tz` at `now`. */
export function localTime(now: Date, tz: string): string {
  return wallClock(now, tz).slice(11, 16);
}

/** Weekday of a calendar date, 0 = Sunday. A date has one weekday everywhere, so no zone is needed. */
export function localWeekday(date: string): number {
  return new Date(dateToUtcMs(date)).getUTCDay();
}

/** Calendar arithmetic: "2026-03-07" + 1 → "2026-03-08" whatever DST does that night. */
export function addDays(date: string, n: number): string {
  return new Date(dateToUtcMs(date) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The instant at which the wall clock in `tz` shows `date` `time`, via date-fns-tz `fromZonedTime`.
 *
 * DST edges (date-fns-tz 3.2 behaviour, pinned by tests):
 * - Non-existent spring-forward time (America/New_York 2026-03-08 02:30, Europe/London
 *   2026-03-29 01:30): the wall time is read with the post-transition (summer) offset, which
 *   lands one hour *before* the gap: 06:30Z = 01:30 EST, and 00:30Z = 00:30 GMT. So a break set
 *   inside the gap is sent once, an hour early on the clock, still on the same local date.
 * - Repeated fall-back time (America/New_York 2026-11-01 01:30): exactly one of the two instants
 *   is returned, so the break is sent once. On a UTC host (our servers) zones west of Greenwich get
 *   the first occurrence (05:30Z, EDT) and Europe/London 2026-10-25 01:30 gets the second (01:30Z,
 *   GMT). Which of the two depends on the host process's own zone (a date-fns-tz quirk); every
 *   other result does not.
 * Throws RangeError for a malformed date/time or an unknown zone rather than returning an
 * Invalid Date that would silently poison comparisons.
 */
export function localDateTimeToUtc(date: string, time: string, tz: string): Date {
  const key = `${date}T${time}|${tz}`;
  const known = instants.get(key); // only valid (date, time, zone) triples are ever remembered
  if (known !== undefined) return new Date(known);
  if (!isValidLocalDate(date)) throw new RangeError(`Invalid local date "${date}" (expected YYYY-MM-DD)`);
  if (!isValidTime(time)) throw new RangeError(`Invalid local time "${time}" (expected HH:MM)`);
  if (!isValidTimeZone(tz)) throw new RangeError(`Unknown time zone "${tz}"`);
  return new Date(memo(instants, key, () => fromZonedTime(`${date}T${time}:00`, tz).getTime()));
}
