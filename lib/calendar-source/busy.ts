// Busy times from the user's own calendar: the text behind a secret iCal address (Google's "Secret
// address in iCal format", Outlook's published ICS, iCloud, Fastmail...) → the instants the user is
// busy and the local dates they are off. Pure: the text, the user's e-mail and zone come in as
// arguments, and only instants come out (no titles, attendees, places or descriptions).
//
// ical.js reads the file and expands the recurrence rules; it expands them on the events' wall
// clock (floating times), and every wall time becomes an instant here, through date-fns-tz and the
// runtime's zone data, by the RFC 5545 rules. ical.js's own zone registry is global (one file's
// VTIMEZONE would change how the next user's file is read), so it is never used.
//
// Calendar files come from outside: every loop is bounded (occurrences, recurrence-rule steps,
// VTIMEZONE blocks), a component that does not parse is left out, and only text that is not
// iCalendar at all is an error.
import ICAL from "ical.js";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { addDays, localDate, resolveTimeZone } from "@/lib/schedule/time";
import { ianaZoneForTzid } from "./windows-zones";

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type Time = InstanceType<typeof ICAL.Time>;
type Recur = InstanceType<typeof ICAL.Recur>;
type Timezone = InstanceType<typeof ICAL.Timezone>;

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface BusyOptions {
  /** The account's e-mail: events it declined are not busy. */
  userEmail: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  /** The user's IANA zone: floating times are read in it, and days off are its local dates. */
  zone: string;
}

export interface BusyTimes {
  /** Sorted, merged where they overlap or touch, clipped to [from, to). */
  intervals: BusyInterval[];
  /** Local dates ("YYYY-MM-DD", in `zone`) with an all-day event marked busy or out of office. */
  daysOff: string[];
}

/** Text that is not iCalendar at all; `reason` is short and safe to show the user. */
export class CalendarParseError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CalendarParseError";
  }
}

export const NOT_ICALENDAR = "This address did not return a calendar (iCalendar).";

/**
 * Occurrences kept in the window in total, and occurrences one event may generate from a few days
 * before the window on (earlier ones are stepped over: see MAX_RULE_STEPS and fastForward).
 */
export const MAX_OCCURRENCES = 5_000;
/**
 * Recurrence-rule steps (a few µs each), per rule and in total: a rule that matches rarely or never
 * costs at most the first, a file full of them the second.
 */
export const MAX_RULE_STEPS = 20_000;
export const MAX_TOTAL_RULE_STEPS = 100_000;
// An INTERVAL is stepped one day at a time by ical.js: a huge one would take minutes.
const MAX_INTERVAL = 1_000;
// Building a zone from a VTIMEZONE expands its rules from their first year: a few per file. Real
// files name a handful of zones; each unknown name costs a failed Intl lookup.
const MAX_VTIMEZONES = 10;
const MAX_TZIDS = 100;
const MIN_YEAR = 1800;
const MAX_YEAR = 2200;
const DAY_MS = 86_400_000;
const WALL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";
const FREQUENCIES = new Set(["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]);

/** Thrown from inside ical.js's rule iterator when a step budget is spent. */
class BudgetSpent extends Error {
  constructor(readonly total: boolean) {
    super("recurrence budget spent");
  }
}

// ---- wall clocks ----------------------------------------------------------------------------------
// A wall time is "YYYY-MM-DDTHH:MM:SS" on some zone's clock; a date is "YYYY-MM-DD". Arithmetic on
// wall times reads them as UTC, where every day has 24 hours: calendar math, never an instant.

type Zone =
  { id: string; kind: "utc" } | { id: string; kind: "iana"; name: string } | { id: string; kind: "vtz"; tz: Timezone };
const UTC: Zone = { id: "UTC", kind: "utc" };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const wallMs = (wall: string) => Date.parse(`${wall}Z`);
const addWallSeconds = (wall: string, seconds: number) =>
  new Date(wallMs(wall) + seconds * 1000).toISOString().slice(0, 19);

function isSaneTime(t: Time): boolean {
  return (
    Number.isInteger(t.year) &&
    t.year >= MIN_YEAR &&
    t.year <= MAX_YEAR &&
    t.month >= 1 &&
    t.month <= 12 &&
    t.day >= 1 &&
    t.day <= 31 &&
    (t.isDate || (t.hour >= 0 && t.hour <= 23 && t.minute >= 0 && t.minute <= 59 && t.second >= 0))
  );
}

function wallOf(t: Time): string {
  const date = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
  return t.isDate ? date : `${date}T${pad(t.hour)}:${pad(t.minute)}:${pad(Math.min(t.second, 59))}`;
}

function fields(wall: string) {
  const n = (from: number, to: number) => Number(wall.slice(from, to));
  return wall.length === 10
    ? { year: n(0, 4), month: n(5, 7), day: n(8, 10), isDate: true }
    : { year: n(0, 4), month: n(5, 7), day: n(8, 10), hour: n(11, 13), minute: n(14, 16), second: n(17, 19) };
}

/** An ical.js time without a zone, for the rule iterator to step on. */
const floating = (wall: string): Time => ICAL.Time.fromData(fields(wall), ICAL.Timezone.localTimezone);

// Wall time → instant in an IANA zone, memoised like lib/schedule/time.ts (every user's 09:00
// standup is the same conversion); cleared whole past a bound.
const instants = new Map<string, number>();

/**
 * RFC 5545 3.3.5: a wall time the clocks skip (spring forward) is read with the offset before the
 * gap, and one they repeat (fall back) is its first occurrence, whatever the host's own zone.
 */
function zonedToInstant(wall: string, zone: string): number {
  const cacheKey = `${zone}|${wall}`;
  const known = instants.get(cacheKey);
  if (known !== undefined) return known;
  const guess = wallMs(wall);
  const before = formatInTimeZone(guess - DAY_MS, zone, "xxx");
  const after = formatInTimeZone(guess + DAY_MS, zone, "xxx");
  let ms = fromZonedTime(wall, before).getTime();
  if (before !== after) {
    // A change of offset within a day of this wall time: keep the readings the zone's clock shows.
    const candidates = [ms, fromZonedTime(wall, after).getTime()];
    const real = candidates.filter((c) => formatInTimeZone(c, zone, WALL_FORMAT) === wall);
    if (real.length > 0) ms = Math.min(...real);
  }
  if (instants.size >= 20_000) instants.clear();
  instants.set(cacheKey, ms);
  return ms;
}

function instantOf(wall: string, zone: Zone): number {
  if (zone.kind === "utc") return wallMs(wall);
  if (zone.kind === "iana") return zonedToInstant(wall, zone.name);
  return ICAL.Time.fromData(fields(wall), zone.tz).toUnixTime() * 1000;
}

function wallIn(ms: number, zone: Zone): string {
  if (zone.kind === "utc") return new Date(ms).toISOString().slice(0, 19);
  if (zone.kind === "iana") return formatInTimeZone(ms, zone.name, WALL_FORMAT);
  return wallOf(ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(zone.tz));
}

// ---- reading the file -----------------------------------------------------------------------------

/** The VEVENTs and the VTIMEZONEs (by TZID) of the text; throws only when it is not iCalendar. */
function readComponents(ics: string): { events: Component[]; vtimezones: Map<string, Component> } {
  const text = ics.replace(/^\uFEFF/, "");
  if (!/^[ \t]*BEGIN:VCALENDAR[ \t]*\r?$/im.test(text)) throw new CalendarParseError(NOT_ICALENDAR);
  let parts: Component[] = [];
  try {
    const jcal = ICAL.parse(text);
    const roots: unknown[][] = typeof jcal[0] === "string" ? [jcal] : jcal;
    // Each component on its own, without its VCALENDAR: ical.js looks every TZID up in the parent
    // (scanning all its components each time a zone is not defined there), and zones are not
    // taken from ical.js here anyway.
    parts = roots
      .filter((root) => root[0] === "vcalendar" && Array.isArray(root[2]))
      .flatMap((root) => (root[2] as never[]).map((c) => new ICAL.Component(c)));
  } catch {
    parts = salvage(text);
  }
  const vtimezones = new Map<string, Component>();
  for (const z of parts.filter((p) => p.name === "vtimezone")) {
    const tzid = z.getFirstPropertyValue("tzid");
    if (typeof tzid === "string" && !vtimezones.has(tzid)) vtimezones.set(tzid, z);
  }
  return { events: parts.filter((p) => p.name === "vevent"), vtimezones };
}

/**
 * One bad line makes ical.js reject the whole file: then each VEVENT and VTIMEZONE is read on its
 * own and the ones that still fail are left out. Line by line, so the cost stays linear.
 */
function salvage(text: string): Component[] {
  const out: Component[] = [];
  let block: string[] | null = null;
  let name = "";
  for (const line of text.split(/\r?\n|\r/)) {
    const upper = line.trim().toUpperCase();
    if (block === null) {
      const begin = /^BEGIN:(VEVENT|VTIMEZONE)$/.exec(upper);
      if (begin) [block, name] = [[line], begin[1] as string];
      continue;
    }
    if (upper === `BEGIN:${name}`) {
      block = [line]; // the previous one never ended
      continue;
    }
    block.push(line);
    if (upper === `END:${name}`) {
      try {
        out.push(new ICAL.Component(ICAL.parse(block.join("\r\n"))));
      } catch {
        // malformed: left out
      }
      block = null;
    }
  }
  return out;
}

// ---- one event ------------------------------------------------------------------------------------

/** DTSTART, an EXDATE, a RECURRENCE-ID...: a date, or a wall time on a zone's clock. */
type When = { kind: "date"; date: string } | { kind: "time"; wall: string; zone: Zone };

/** How long each occurrence lasts: days (dates), or wall seconds (days and weeks) plus exact seconds. */
type Length = { days: number; wallSeconds: number; exactSeconds: number };

interface Item {
  comp: Component;
  uid: string | null;
  start: When;
  recurrenceId: string | null;
  sequence: number;
}

/** The key an occurrence is excluded or overridden by: its date in an all-day series, else its instant. */
function whenKey(w: When, allDay: boolean): string {
  if (w.kind === "date") return `d:${w.date}`;
  return allDay ? `d:${w.wall.slice(0, 10)}` : `t:${instantOf(w.wall, w.zone)}`;
}

function text(comp: Component, name: string): string {
  const v = comp.getFirstPropertyValue(name);
  return typeof v === "string" ? v.trim().toUpperCase() : "";
}

function param(prop: Property, name: string): string {
  const v = prop.getParameter(name);
  return (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();
}

/** Free, cancelled or declined events block nothing; explicitly busy all-day ones are days off. */
function availability(comp: Component, email: string): { busy: boolean; dayOff: boolean } {
  const transp = text(comp, "transp");
  const status = text(comp, "x-microsoft-cdo-busystatus");
  const declined =
    email !== "" &&
    comp.getAllProperties("attendee").some((a) => {
      const value = String(a.getFirstValue() ?? "");
      const emails = [value.replace(/^mailto:/i, ""), param(a, "email")].map((e) => e.trim().toLowerCase());
      return emails.includes(email) && param(a, "partstat").toUpperCase() === "DECLINED";
    });
  // Outlook's "Working elsewhere" is a place, not a meeting: the user is free for a break.
  const free =
    text(comp, "status") === "CANCELLED" ||
    declined ||
    transp === "TRANSPARENT" ||
    status === "FREE" ||
    status === "WORKINGELSEWHERE";
  // Google and iCloud export most all-day events (birthdays, holidays) without TRANSP or as
  // TRANSPARENT: only one the user marked busy or out of office takes the day off.
  return { busy: !free, dayOff: !free && (transp === "OPAQUE" || status === "BUSY" || status === "OOF") };
}

// ---- the reader -----------------------------------------------------------------------------------

class Reader {
  readonly intervals: [number, number][] = [];
  readonly daysOff = new Set<string>();
  private readonly zones = new Map<string, Zone>();
  private readonly floatingZone: Zone;
  private readonly email: string;
  private readonly fromMs: number;
  private readonly toMs: number;
  private readonly firstDay: string;
  private readonly lastDay: string;
  private occurrences = 0;
  private steps = 0;
  private builtVtimezones = 0;
  exhausted = false;

  constructor(
    opts: BusyOptions,
    private readonly vtimezones: Map<string, Component>,
  ) {
    const zone = resolveTimeZone(opts.zone);
    this.floatingZone = { id: zone, kind: "iana", name: zone };
    this.email = opts.userEmail.trim().toLowerCase();
    this.fromMs = opts.from.getTime();
    this.toMs = opts.to.getTime();
    this.firstDay = localDate(opts.from, zone);
    this.lastDay = localDate(new Date(this.toMs - 1), zone);
  }

  /** The zone a TZID names: IANA or Windows name, else the file's VTIMEZONE, else the user's zone. */
  zoneFor(tzid: string): Zone {
    if (tzid === "") return this.floatingZone;
    let zone = this.zones.get(tzid);
    if (zone) return zone;
    if (this.zones.size >= MAX_TZIDS) return this.floatingZone;
    const iana = ianaZoneForTzid(tzid);
    zone = iana ? { id: iana, kind: "iana", name: iana } : (this.fromVtimezone(tzid) ?? this.floatingZone);
    this.zones.set(tzid, zone);
    return zone;
  }

  private fromVtimezone(tzid: string): Zone | null {
    const comp = this.vtimezones.get(tzid);
    if (!comp || this.builtVtimezones >= MAX_VTIMEZONES) return null;
    this.builtVtimezones++;
    try {
      const rules = comp.getAllSubcomponents();
      if (rules.length === 0 || rules.length > 50) return null;
      for (const rule of rules) {
        if (rule.getAllProperties("rdate").length > 200) return null;
        for (const prop of rule.getAllProperties("rrule")) {
          const recur = prop.getFirstValue() as Recur;
          // Real zones change once or twice a year; anything else is not a zone.
          if (recur.freq !== "YEARLY" || recur.interval > 10) return null;
          // A yearly rule that never matches is searched for up to the year 20000 without an UNTIL.
          if (!recur.until) recur.until = ICAL.Time.fromData({ year: MAX_YEAR, month: 1, day: 1, isDate: true });
        }
      }
      const tz = new ICAL.Timezone(comp);
      // A definition ical.js cannot expand fails here, and the user's zone is used instead.
      tz.utcOffset(ICAL.Time.fromData({ year: new Date(this.fromMs).getUTCFullYear(), month: 1, day: 1, hour: 12 }));
      return { id: `vtimezone:${tzid}`, kind: "vtz", tz };
    } catch {
      return null;
    }
  }

  /** A date or date-time value of `prop` (DTSTART, an EXDATE value...), or null when malformed. */
  when(value: unknown, prop: Property): When | null {
    if (!(value instanceof ICAL.Time) || !isSaneTime(value)) return null;
    if (value.isDate) return { kind: "date", date: wallOf(value) };
    const wall = wallOf(value);
    const zone = value.zone === ICAL.Timezone.utcTimezone ? UTC : this.zoneFor(param(prop, "tzid"));
    return { kind: "time", wall, zone };
  }

  private first(comp: Component, name: string): When | null {
    const prop = comp.getFirstProperty(name);
    return prop ? this.when(prop.getFirstValue(), prop) : null;
  }

  item(comp: Component): Item | null {
    let start = this.first(comp, "dtstart");
    if (!start) return null;
    // Some Exchange versions write an all-day event as midnight to midnight on a zone's clock.
    if (
      start.kind === "time" &&
      start.wall.endsWith("T00:00:00") &&
      text(comp, "x-microsoft-cdo-alldayevent") === "TRUE"
    )
      start = { kind: "date", date: start.wall.slice(0, 10) };
    const uid = comp.getFirstPropertyValue("uid");
    let recurrenceId: string | null = null;
    if (comp.hasProperty("recurrence-id")) {
      const id = this.first(comp, "recurrence-id");
      if (!id) return null;
      recurrenceId = whenKey(id, start.kind === "date");
    }
    const sequence = Number(comp.getFirstPropertyValue("sequence"));
    return {
      comp,
      uid: typeof uid === "string" && uid !== "" ? uid : null,
      start,
      recurrenceId,
      sequence: Number.isFinite(sequence) ? sequence : 0,
    };
  }

  private length(comp: Component, start: When): Length | null {
    const endProp = comp.getFirstProperty("dtend");
    const durationProp = comp.getFirstProperty("duration");
    if (start.kind === "date") {
      let days = 1;
      const end = endProp ? this.when(endProp.getFirstValue(), endProp) : null;
      const endDate = end?.kind === "date" ? end.date : end?.wall.slice(0, 10);
      if (endDate) days = Math.round((Date.parse(endDate) - Date.parse(start.date)) / DAY_MS);
      else if (durationProp) days = Math.ceil(durationSeconds(durationProp) / 86_400);
      return { days: Math.max(1, days), wallSeconds: 0, exactSeconds: 0 };
    }
    let length: Length = { days: 0, wallSeconds: 0, exactSeconds: 0 };
    const end = endProp ? this.when(endProp.getFirstValue(), endProp) : null;
    if (end?.kind === "time") {
      // The same clock: each occurrence lasts as long on it (09:00-10:00 stays 09:00-10:00).
      length =
        end.zone.id === start.zone.id
          ? { days: 0, wallSeconds: (wallMs(end.wall) - wallMs(start.wall)) / 1000, exactSeconds: 0 }
          : {
              days: 0,
              wallSeconds: 0,
              exactSeconds: (instantOf(end.wall, end.zone) - instantOf(start.wall, start.zone)) / 1000,
            };
    } else if (durationProp) {
      // RFC 5545 3.3.6: days and weeks are nominal (wall clock), hours and less exact.
      const d = durationProp.getFirstValue();
      if (d instanceof ICAL.Duration) {
        const sign = d.isNegative ? -1 : 1;
        length = {
          days: 0,
          wallSeconds: sign * (d.weeks * 7 + d.days) * 86_400,
          exactSeconds: sign * (d.hours * 3600 + d.minutes * 60 + d.seconds),
        };
      }
    }
    // No end, or an end before the start: nothing is busy.
    return length.wallSeconds + length.exactSeconds > 0 ? length : null;
  }

  /**
   * Adds the occurrences of `item` (one, or its whole series when `expand`) that are not in
   * `excluded` (EXDATEs and overridden instances).
   */
  add(item: Item, excluded: Set<string>, expand: boolean): void {
    const { busy, dayOff } = availability(item.comp, this.email);
    if (item.start.kind === "time" ? !busy : !dayOff) return;
    const length = this.length(item.comp, item.start);
    if (!length) return;
    const skip = new Set(excluded);
    if (expand) {
      for (const prop of item.comp.getAllProperties("exdate")) {
        for (const v of prop.getValues()) {
          const w = this.when(v, prop);
          if (w) skip.add(whenKey(w, item.start.kind === "date"));
        }
      }
    }
    const seen = new Set<string>();
    let generated = 0;
    const spanMs = (length.days * 86_400 + length.wallSeconds + Math.max(0, length.exactSeconds)) * 1000;
    // One occurrence (a date or a wall time on `zone`'s clock); false once past the window.
    const visit = (at: string, zone: Zone, endMs?: number): boolean => {
      if (this.exhausted) return false;
      if (at.length === 10) {
        if (at > this.lastDay) return false;
        if (seen.has(at)) return true;
        seen.add(at);
        if (++generated > MAX_OCCURRENCES) return false;
        if (!skip.has(`d:${at}`)) this.addDays(at, length.days);
        return true;
      }
      // On any clock (offsets are under a day), an occurrence this far out is outside the window:
      // decided on the wall clock alone, it costs no zone conversion.
      const wall = wallMs(at);
      if (wall > this.toMs + DAY_MS) return false;
      if (endMs === undefined && wall + spanMs < this.fromMs - DAY_MS) return true;
      const startMs = instantOf(at, zone);
      if (startMs >= this.toMs) return false;
      const key = `t:${startMs}`;
      if (seen.has(key)) return true;
      seen.add(key);
      if (++generated > MAX_OCCURRENCES) return false;
      if (!skip.has(key) && !skip.has(`d:${at.slice(0, 10)}`)) {
        const end = endMs ?? instantOf(addWallSeconds(at, length.wallSeconds), zone) + length.exactSeconds * 1000;
        this.addInterval(startMs, end);
      }
      return true;
    };

    const start = item.start;
    const zone = start.kind === "time" ? start.zone : this.floatingZone;
    const startAt = start.kind === "time" ? start.wall : start.date;
    // DTSTART is always the first occurrence (RFC 5545 3.8.5.3), even of a rule that cannot be read.
    visit(startAt, zone);
    for (const prop of expand ? item.comp.getAllProperties("rrule") : []) {
      let recur: unknown = null;
      try {
        recur = prop.getFirstValue();
      } catch {
        // an unknown FREQ and the like: the rule is left out
      }
      if (recur instanceof ICAL.Recur) this.eachOccurrence(recur, startAt, zone, length, (at) => visit(at, zone));
    }
    if (!expand) return;
    for (const prop of item.comp.getAllProperties("rdate")) {
      for (const v of prop.getValues()) {
        if (v instanceof ICAL.Period) {
          const from = this.when(v.start, prop);
          const to = v.end ? this.when(v.end, prop) : null;
          if (from?.kind !== "time" || start.kind !== "time") continue;
          const fromMs = instantOf(from.wall, from.zone);
          const endMs =
            to?.kind === "time"
              ? instantOf(to.wall, to.zone)
              : fromMs + (v.duration ? v.duration.toSeconds() * 1000 : 0);
          visit(from.wall, from.zone, endMs);
        } else {
          const w = this.when(v, prop);
          if (start.kind === "date" && w) visit(w.kind === "date" ? w.date : w.wall.slice(0, 10), zone);
          if (start.kind === "time" && w?.kind === "time") visit(w.wall, w.zone);
        }
      }
    }
  }

  /** Steps one RRULE from `startAt` on the event's wall clock, calling `visit` until it says stop. */
  private eachOccurrence(
    recur: Recur,
    startAt: string,
    zone: Zone,
    length: Length,
    visit: (at: string) => boolean,
  ): void {
    if (!FREQUENCIES.has(recur.freq) || !(recur.interval >= 1 && recur.interval <= MAX_INTERVAL)) return;
    const isDate = startAt.length === 10;
    const rule = recur.clone();
    // UNTIL on the same wall clock as the occurrences, and never past the window: the iterator
    // compares it with floating times, and a rule that never matches stops there.
    const horizon = isDate ? addDays(this.lastDay, 1) : wallIn(this.toMs + DAY_MS, zone);
    let until = horizon;
    if (recur.until && isSaneTime(recur.until)) {
      const u = recur.until;
      const wall = isDate
        ? wallOf(u).slice(0, 10)
        : u.isDate
          ? `${wallOf(u)}T23:59:59`
          : u.zone === ICAL.Timezone.utcTimezone
            ? wallIn(wallMs(wallOf(u)), zone)
            : wallOf(u);
      if (wall < until) until = wall;
    }
    rule.until = floating(until);
    const first = floating(startAt);
    this.fastForward(rule, first, startAt, length);

    let iterator: ReturnType<Recur["iterator"]>;
    try {
      iterator = rule.iterator(first);
    } catch {
      return; // a rule ical.js cannot expand: only DTSTART, visited already
    }
    // Every candidate the iterator tries goes through this check: counting there bounds rules
    // that match rarely or never (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30 loops forever in ical.js).
    const check = iterator.check_contracting_rules.bind(iterator);
    let steps = 0;
    iterator.check_contracting_rules = () => {
      if (++this.steps > MAX_TOTAL_RULE_STEPS) throw new BudgetSpent(true);
      if (++steps > MAX_RULE_STEPS) throw new BudgetSpent(false);
      return check();
    };
    try {
      for (let t = iterator.next(); t; t = iterator.next()) {
        if (!visit(wallOf(t))) break;
      }
    } catch (e) {
      // A rule ical.js cannot expand, or one that ran out of steps: keep what it gave.
      if (e instanceof BudgetSpent && e.total) this.exhausted = true;
    }
  }

  /**
   * A series started years ago would step through every past occurrence: start it a whole number
   * of periods later instead, a few days before the window. Whole periods keep the rule's phase
   * (the weeks of an every-other-week rule, the months of a quarterly one) and DTSTART's defaults
   * (its weekday, day of month, time), so from there on the occurrences are the same. The new
   * start is itself yielded first even if the rule does not match it, but it lies before the
   * window, where nothing is kept. Not with COUNT, which counts from the first occurrence.
   */
  private fastForward(rule: Recur, first: Time, startAt: string, length: Length): void {
    if (rule.count) return;
    // A margin of the event's length and a few days covers any zone's offset from UTC.
    const lengthDays = length.days + Math.ceil((length.wallSeconds + length.exactSeconds) / 86_400);
    const target = addDays(new Date(this.fromMs).toISOString().slice(0, 10), -lengthDays - 3);
    const [sy, sm, sd] = [first.year, first.month, first.day];
    const [ty, tm, td] = target.split("-").map(Number) as [number, number, number];
    if (rule.freq === "DAILY" || rule.freq === "WEEKLY") {
      const period = rule.freq === "DAILY" ? rule.interval : 7 * rule.interval;
      const periods = Math.floor((Date.parse(target) - Date.parse(startAt.slice(0, 10))) / DAY_MS / period);
      if (periods > 0) first.adjust(periods * period, 0, 0, 0);
    } else if (rule.freq === "MONTHLY" && sd <= 28) {
      const months = (ty - sy) * 12 + (tm - sm) - (td < sd ? 1 : 0);
      const periods = Math.floor(months / rule.interval);
      if (periods > 0) {
        const index = sy * 12 + (sm - 1) + periods * rule.interval;
        first.year = Math.floor(index / 12);
        first.month = (index % 12) + 1;
      }
    } else if (rule.freq === "YEARLY" && !(sm === 2 && sd === 29)) {
      const years = ty - sy - (tm < sm || (tm === sm && td < sd) ? 1 : 0);
      const periods = Math.floor(years / rule.interval);
      if (periods > 0) first.year = sy + periods * rule.interval;
    }
  }

  private addInterval(startMs: number, endMs: number): void {
    if (!(endMs > startMs) || endMs <= this.fromMs || startMs >= this.toMs) return;
    if (++this.occurrences > MAX_OCCURRENCES) {
      this.exhausted = true;
      return;
    }
    this.intervals.push([Math.max(startMs, this.fromMs), Math.min(endMs, this.toMs)]);
  }

  private addDays(date: string, days: number): void {
    const last = addDays(date, days - 1);
    if (last < this.firstDay || date > this.lastDay) return;
    if (++this.occurrences > MAX_OCCURRENCES) {
      this.exhausted = true;
      return;
    }
    for (let d = date < this.firstDay ? this.firstDay : date; d <= last && d <= this.lastDay; d = addDays(d, 1)) {
      this.daysOff.add(d);
    }
  }
}

function durationSeconds(prop: Property): number {
  const d = prop.getFirstValue();
  return d instanceof ICAL.Duration ? d.toSeconds() : 0;
}

/**
 * The busy intervals in [from, to) and the days off of an iCalendar text, read as a calendar
 * client would: recurring events expanded (RRULE, RDATE, EXDATE, moved and cancelled instances),
 * zones by IANA or Windows name or the file's VTIMEZONE, floating times in `zone`.
 * Throws CalendarParseError when the text is not iCalendar; anything malformed inside is skipped.
 */
export function busyTimes(ics: string, opts: BusyOptions): BusyTimes {
  const { events, vtimezones } = readComponents(ics);
  if (!(opts.to.getTime() > opts.from.getTime())) return { intervals: [], daysOff: [] };
  const reader = new Reader(opts, vtimezones);

  // A recurring event and the instances moved or cancelled from it share a UID.
  const series = new Map<string, { masters: Item[]; overrides: Map<string, Item> }>();
  const single: Item[] = [];
  for (const comp of events) {
    let item: Item | null = null;
    try {
      item = reader.item(comp);
    } catch {
      // malformed: left out
    }
    if (!item) continue;
    if (item.uid === null) {
      if (item.recurrenceId === null) single.push(item);
      continue;
    }
    let group = series.get(item.uid);
    if (!group) series.set(item.uid, (group = { masters: [], overrides: new Map() }));
    if (item.recurrenceId === null) {
      group.masters.push(item);
    } else {
      // One override per instance: the latest revision (SEQUENCE), then the later in the file.
      const other = group.overrides.get(item.recurrenceId);
      if (!other || item.sequence >= other.sequence) group.overrides.set(item.recurrenceId, item);
    }
  }

  const none = new Set<string>();
  const safely = (item: Item, excluded: Set<string>, expand: boolean) => {
    try {
      reader.add(item, excluded, expand);
    } catch {
      // malformed: left out
    }
  };
  for (const item of single) safely(item, none, true);
  for (const { masters, overrides } of series.values()) {
    const overridden = new Set(overrides.keys());
    for (const master of masters) safely(master, overridden, true);
    for (const override of overrides.values()) safely(override, none, false);
  }

  const sorted = reader.intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return {
    intervals: merged.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    daysOff: [...reader.daysOff].sort(),
  };
}
