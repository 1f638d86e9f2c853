// The calendar feed's content: one weekly recurring VEVENT per reminder time, in the user's own
// zone (DTSTART;TZID=… with the VTIMEZONE that defines it), lasting the break's length, on the
// active weekdays. After a schedule change, each earlier schedule keeps its own series, ending
// (UNTIL) where the next one took over, so past weeks stay as they were (lib/schedule/versions.ts).
// A break moved out of a meeting is an override of its occurrence (RECURRENCE-ID, the moved
// DTSTART), and a skipped one is left out (EXDATE), as calendar clients expect of one series.
// Pure: everything comes in as arguments.
import { addDays, isValidTime, localDateTimeToUtc, localWeekday } from "@/lib/schedule/time";
import { breaksOn, spansOf, type ScheduleVersion, type Span } from "@/lib/schedule/versions";
import { escapeText, localStamp, paramValue, serialize, utcStamp, vtimezone } from "./ics";

export const FEED_NAME = "Limber movement breaks";
const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
/** VTIMEZONE covers this many years past the current one: far beyond any client's poll interval. */
const ZONE_YEARS_AHEAD = 10;

export interface FeedInput {
  /** A valid IANA zone (the caller resolves stored values). */
  timezone: string;
  times: string[];
  activeDays: number[];
  durationMinutes: number;
  /** False until onboarding is finished: a feed with no events. */
  active: boolean;
  /** Stored schedule versions (lib/schedule/versions.ts); the newest is `times`, `activeDays`, `timezone`. */
  versions?: readonly ScheduleVersion[];
  /** Series start: the first active weekday on or after this local date. Stable between polls. */
  anchorDate: string;
  /** Stable per user, the same in every poll, so clients update events instead of duplicating them. */
  uidBase: string;
  host: string;
  dashboardUrl: string;
  /** DTSTAMP and LAST-MODIFIED: when the feed's content last changed. */
  stamp: Date;
  /** The current year; the zone definition covers it and ZONE_YEARS_AHEAD more. */
  year: number;
  /** Breaks of the current schedule moved (to "HH:MM") or skipped on a day (issue 31). */
  exceptions?: readonly FeedException[];
}

export interface FeedException {
  date: string;
  slot: number;
  /** The moved local time, or null for a skipped break. */
  movedTo: string | null;
}

const SLOT_NAMES = ["first", "second"];

/** One VEVENT series: a slot of one schedule version, from its first break on, until the next version. */
interface Series {
  uid: string;
  slot: number;
  time: string;
  timezone: string;
  days: number[];
  start: string;
  until: Date | null;
}

/**
 * The series of one version's slot: it starts at the first date (on or after the anchor) whose
 * break of that slot this version made, and ends before the next version's first break instant.
 */
function seriesOf(
  spans: readonly Span[],
  index: number,
  slot: number,
  anchorDate: string,
  uidBase: string,
  host: string,
): Series | null {
  const span = spans[index]!;
  const time = span.times[slot];
  const days = [...new Set(span.activeDays)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort();
  if (!time || !isValidTime(time) || days.length === 0) return null;
  const last = index === spans.length - 1;
  let from = anchorDate;
  if (Number.isFinite(span.from)) {
    // The version's first day, in its own zone (a day early: the zone may be behind UTC).
    const first = addDays(new Date(span.from).toISOString().slice(0, 10), -1);
    if (first > from) from = first;
  }
  // A few weeks at most: a version that made no break of this slot by then has no series. (The day
  // is computed in the body, not in the loop's update clause: Turbopack 16.4 left `addDays` there
  // unrewritten in the build, and the feed answered 500; scripts/scan-build.mjs now catches that.)
  for (let i = 0; i < 21; i++) {
    const date = addDays(from, i);
    if (!days.includes(localWeekday(date))) continue;
    const at = localDateTimeToUtc(date, time, span.timezone).getTime();
    if (at >= span.to) return null;
    if (at < span.from) continue;
    if (!breaksOn(spans, date).some((b) => b.slot === slot && b.at.getTime() === at)) continue;
    return {
      // The current schedule's series keep the UIDs they always had; an ended one is named by its end.
      uid: last ? `${uidBase}-slot-${slot}@${host}` : `${uidBase}-until-${span.to}-slot-${slot}@${host}`,
      slot,
      time,
      timezone: span.timezone,
      days,
      start: date,
      until: last ? null : new Date(span.to - 1000),
    };
  }
  return null;
}

export function renderFeed(input: FeedInput): string {
  const spans = spansOf({
    times: input.times,
    activeDays: input.activeDays,
    timezone: input.timezone,
    versions: input.versions,
  });
  const series: Series[] = [];
  if (input.active) {
    spans.forEach((span, index) => {
      span.times.forEach((_, slot) => {
        const one = seriesOf(spans, index, slot, input.anchorDate, input.uidBase, input.host);
        if (one) series.push(one);
      });
    });
  }
  const tz = input.timezone;
  const stamp = utcStamp(input.stamp);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Limber//Movement breaks//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${FEED_NAME}`,
    `X-WR-CALNAME:${FEED_NAME}`,
    `X-WR-TIMEZONE:${tz}`,
    // RFC 7986 and its common predecessor: how often clients should poll.
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  // One zone definition per zone the series use, covering the first series' year on.
  const firstYear = Math.min(...series.map((e) => Number(e.start.slice(0, 4))));
  for (const zone of [...new Set(series.map((e) => e.timezone))])
    lines.push(...vtimezone(zone, firstYear - 1, input.year + ZONE_YEARS_AHEAD));
  for (const e of series) {
    const which = SLOT_NAMES[e.slot] ?? `number ${e.slot + 1}`;
    const zone = paramValue(e.timezone);
    const body = (extra: string) => [
      `SUMMARY:${escapeText(`Movement break (${input.durationMinutes} min)`)}`,
      `DESCRIPTION:${escapeText(
        `Your ${which} movement break of the day${extra}: the reminder e-mail brings the exercises, and its "I did it" button counts the break. Your progress: ${input.dashboardUrl}`,
      )}`,
      `URL:${input.dashboardUrl}`,
      // Shown in the calendar without marking the time busy for people booking meetings.
      "TRANSP:TRANSPARENT",
    ];
    // Only the running series (no UNTIL) has moved or skipped days: they are today's and tomorrow's.
    const own = e.until
      ? []
      : (input.exceptions ?? []).filter(
          (x) => x.slot === e.slot && x.date >= e.start && e.days.includes(localWeekday(x.date)),
        );
    const skipped = own.filter((x) => x.movedTo === null);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      `DTSTART;TZID=${zone}:${localStamp(e.start, e.time)}`,
      `DURATION:PT${input.durationMinutes}M`,
      // RFC 5545: with a zoned DTSTART, UNTIL is given in UTC.
      `RRULE:FREQ=WEEKLY;BYDAY=${e.days.map((d) => BYDAY[d]).join(",")}${e.until ? `;UNTIL=${utcStamp(e.until)}` : ""}`,
      ...(skipped.length ? [`EXDATE;TZID=${zone}:${skipped.map((x) => localStamp(x.date, e.time)).join(",")}`] : []),
      ...body(""),
      "END:VEVENT",
    );
    for (const x of own) {
      if (x.movedTo === null || !isValidTime(x.movedTo)) continue;
      lines.push(
        "BEGIN:VEVENT",
        `UID:${e.uid}`,
        `DTSTAMP:${stamp}`,
        `LAST-MODIFIED:${stamp}`,
        `RECURRENCE-ID;TZID=${zone}:${localStamp(x.date, e.time)}`,
        `DTSTART;TZID=${zone}:${localStamp(x.date, x.movedTo)}`,
        `DURATION:PT${input.durationMinutes}M`,
        ...body(`, moved from ${e.time} out of a meeting`),
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return serialize(lines);
}
