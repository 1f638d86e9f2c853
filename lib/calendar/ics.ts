// iCalendar (RFC 5545) text: escaping, content lines folded at 75 octets, and VTIMEZONE
// definitions generated from the runtime's own time zone data (through date-fns-tz, like every
// other zone conversion in the app), so a feed's local times mean in a calendar client exactly
// what they mean to our scheduler.
import { formatInTimeZone } from "date-fns-tz";

export const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value (RFC 5545 3.2): quoted when it holds ":", ";" or ","; quotes cannot appear. */
export function paramValue(value: string): string {
  const clean = value.replace(/["\r\n\x00-\x1f]/g, "");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * Folds one content line (RFC 5545 3.1): no line longer than 75 octets of UTF-8, each continuation
 * starting with one space (which counts toward its 75), never splitting a character's bytes.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, "utf8") <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, "utf8");
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** Content lines → an iCalendar stream: each folded and ended by CRLF. */
export function serialize(lines: readonly string[]): string {
  return lines.map((l) => foldLine(l) + CRLF).join("");
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");

/** DATE-TIME in UTC, "20260308T070000Z". */
export function utcStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A local DATE-TIME from "YYYY-MM-DD" and "HH:MM", "20260308T083000". */
export function localStamp(date: string, time: string): string {
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

/** UTC offset as "+HHMM" / "-HHMM" from minutes east of UTC. */
export function utcOffset(minutes: number): string {
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

// ---- VTIMEZONE -----------------------------------------------------------------------------------

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

/**
 * The zone's UTC offset, in minutes east, at an instant. (date-fns-tz's getTimezoneOffset reads its
 * argument as a wall-clock time in the host's zone, so the instant's own offset is taken from
 * formatInTimeZone's ISO offset instead.)
 */
export function offsetAt(tz: string, ms: number): number {
  const iso = formatInTimeZone(new Date(ms), tz, "xxx"); // "+05:30", "-04:00", "+00:00"
  const sign = iso.startsWith("-") ? -1 : 1;
  return sign * (Number(iso.slice(1, 3)) * 60 + Number(iso.slice(4, 6)));
}

export interface Transition {
  /** The instant the offset changes. */
  at: number;
  from: number;
  to: number;
}

/**
 * Every offset change in [fromMs, toMs). Zones change offset at most a few times a year and never
 * twice within a week, so a weekly scan finds each change and a bisection pins it to the minute.
 */
export function transitions(tz: string, fromMs: number, toMs: number): Transition[] {
  const out: Transition[] = [];
  let prev = offsetAt(tz, fromMs);
  for (let t = fromMs; t < toMs; t += WEEK) {
    const end = Math.min(t + WEEK, toMs);
    const next = offsetAt(tz, end);
    if (next === prev) continue;
    let lo = t;
    let hi = end;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetAt(tz, mid) === prev) lo = mid;
      else hi = mid;
    }
    out.push({ at: hi, from: prev, to: next });
    prev = next;
  }
  return out;
}

type Kind = "STANDARD" | "DAYLIGHT";
const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

interface Onset {
  kind: Kind;
  from: number;
  to: number;
  /** Local wall time of the change, before it (as TZOFFSETFROM reads it), "YYYY-MM-DDTHH:MM". */
  local: string;
  at: number;
  name: string | undefined;
}

function onset(tz: string, t: Transition): Onset {
  const local = new Date(t.at + t.from * MINUTE).toISOString().slice(0, 16);
  // Where the offset grows the clocks went forward: summer time. (A zone with no changes has one
  // STANDARD component below.)
  const kind: Kind = t.to > t.from ? "DAYLIGHT" : "STANDARD";
  const abbreviation = formatInTimeZone(new Date(t.at), tz, "zzz");
  return {
    kind,
    from: t.from,
    to: t.to,
    local,
    at: t.at,
    name: /^[A-Z]{2,5}$/.test(abbreviation) ? abbreviation : undefined,
  };
}

/** The yearly rule an onset follows, e.g. "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", from its local date. */
function ruleOf(local: string): { month: number; byday: string; last: string } {
  const [y, m, d] = local.slice(0, 10).split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { month: m, byday: `${Math.ceil(d / 7)}${weekday}`, last: d + 7 > daysInMonth ? `-1${weekday}` : "" };
}

function stampOfLocal(local: string): string {
  return `${local.slice(0, 10).replace(/-/g, "")}T${local.slice(11, 13)}${local.slice(14, 16)}00`;
}

function component(o: Onset, extra: string[]): string[] {
  return [
    `BEGIN:${o.kind}`,
    `DTSTART:${stampOfLocal(o.local)}`,
    ...extra,
    `TZOFFSETFROM:${utcOffset(o.from)}`,
    `TZOFFSETTO:${utcOffset(o.to)}`,
    ...(o.name ? [`TZNAME:${o.name}`] : []),
    `END:${o.kind}`,
  ];
}

const cache = new Map<string, string[]>();

/**
 * A VTIMEZONE for `tz` that is exact for every instant from January 1 of `fromYear` through the
 * end of `toYear`. Changes that repeat yearly on the same weekday rule (e.g. the second Sunday of
 * March at 02:00) become one component with an RRULE, open-ended when the rule still holds in
 * `toYear`; anything irregular is listed with RDATEs. A zone without changes is one STANDARD.
 */
export function vtimezone(tz: string, fromYear: number, toYear: number): string[] {
  const key = `${tz}|${fromYear}|${toYear}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const start = Date.UTC(fromYear, 0, 1) - DAY;
  const end = Date.UTC(toYear + 1, 0, 1) + DAY;
  const onsets = transitions(tz, start, end).map((t) => onset(tz, t));
  const lines = [`BEGIN:VTIMEZONE`, `TZID:${tz}`];
  if (onsets.length === 0) {
    const offset = offsetAt(tz, Date.UTC(fromYear, 0, 1));
    const abbreviation = formatInTimeZone(new Date(Date.UTC(fromYear, 0, 1)), tz, "zzz");
    lines.push(
      ...component(
        {
          kind: "STANDARD",
          from: offset,
          to: offset,
          local: "1970-01-01T00:00",
          at: 0,
          name: /^[A-Z]{2,5}$/.test(abbreviation) ? abbreviation : undefined,
        },
        [],
      ),
    );
  } else {
    // Group the changes that share kind, offsets, month and time of day; each group is one component.
    const groups = new Map<string, Onset[]>();
    for (const o of onsets) {
      const k = [o.kind, o.from, o.to, o.local.slice(5, 7), o.local.slice(11)].join("|");
      groups.set(k, [...(groups.get(k) ?? []), o]);
    }
    for (const group of [...groups.values()].sort((a, b) => a[0]!.at - b[0]!.at)) {
      const first = group[0]!;
      const last = group.at(-1)!;
      const rules = group.map((o) => ruleOf(o.local));
      const years = group.map((o) => Number(o.local.slice(0, 4)));
      const consecutive = years.every((y, i) => i === 0 || y === years[i - 1]! + 1);
      const byday = rules.every((r) => r.byday === rules[0]!.byday)
        ? rules[0]!.byday
        : rules.every((r) => r.last && r.last === rules[0]!.last)
          ? rules[0]!.last
          : "";
      if (group.length > 1 && consecutive && byday) {
        // Still in force at the end of the range: open-ended. Otherwise it ended with its last change.
        const ongoing = years.at(-1)! >= toYear;
        const until = ongoing ? "" : `;UNTIL=${utcStamp(new Date(last.at))}`;
        lines.push(...component(first, [`RRULE:FREQ=YEARLY;BYMONTH=${rules[0]!.month};BYDAY=${byday}${until}`]));
      } else {
        lines.push(
          ...component(
            first,
            group.slice(1).map((o) => `RDATE:${stampOfLocal(o.local)}`),
          ),
        );
      }
    }
  }
  lines.push("END:VTIMEZONE");
  cache.set(key, lines);
  return lines;
}
