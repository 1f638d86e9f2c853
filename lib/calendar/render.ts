// The calendar feed's content: one weekly recurring VEVENT per reminder time, in the user's own
// zone (DTSTART;TZID=… with the VTIMEZONE that defines it), lasting the break's length, on the
// active weekdays. Pure: everything comes in as arguments.
import { addDays, isValidTime, localWeekday } from "@/lib/schedule/time";
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
  /** False while e-mails are paused (or onboarding is unfinished): a feed with no events. */
  active: boolean;
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
}

const SLOT_NAMES = ["first", "second"];

export function renderFeed(input: FeedInput): string {
  const days = [...new Set(input.activeDays)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort();
  const slots = input.active && days.length > 0 ? input.times.map((time, slot) => ({ time, slot })).filter((s) => isValidTime(s.time)) : [];
  let start = input.anchorDate;
  if (slots.length > 0) while (!days.includes(localWeekday(start))) start = addDays(start, 1);
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
  if (slots.length > 0) {
    lines.push(...vtimezone(tz, Number(start.slice(0, 4)) - 1, input.year + ZONE_YEARS_AHEAD));
    for (const { time, slot } of slots) {
      const which = SLOT_NAMES[slot] ?? `number ${slot + 1}`;
      lines.push(
        "BEGIN:VEVENT",
        `UID:${input.uidBase}-slot-${slot}@${input.host}`,
        `DTSTAMP:${stamp}`,
        `LAST-MODIFIED:${stamp}`,
        `DTSTART;TZID=${paramValue(tz)}:${localStamp(start, time)}`,
        `DURATION:PT${input.durationMinutes}M`,
        `RRULE:FREQ=WEEKLY;BYDAY=${days.map((d) => BYDAY[d]).join(",")}`,
        `SUMMARY:${escapeText(`Movement break (${input.durationMinutes} min)`)}`,
        `DESCRIPTION:${escapeText(
          `Your ${which} movement break of the day: the reminder e-mail brings the exercises, and its "I did it" button counts the break. Your progress: ${input.dashboardUrl}`,
        )}`,
        `URL:${input.dashboardUrl}`,
        // Shown in the calendar without marking the time busy for people booking meetings.
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return serialize(lines);
}
