// Busy intervals and days off read from calendars in the shape Google, Outlook and iCloud export
// them (tests/fixtures/calendar-source/*.ics), and from small files that each pin one rule. Every
// expected instant was worked out by hand from the file and the zone's rules, not recorded.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  busyTimes,
  CalendarParseError,
  MAX_OCCURRENCES,
  NOT_ICALENDAR,
  type BusyOptions,
  type BusyTimes,
} from "@/lib/calendar-source/busy";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/calendar-source");

/** A fixture as its exporter serves it: stored with LF, sent with CRLF line ends. */
function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), "utf8").replace(/\r?\n/g, "\r\n");
}

/** A VCALENDAR around the given lines (components, properties), CRLF-terminated. */
function cal(...lines: string[]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Limber tests//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
}

/** A VEVENT with the given properties (a UID is added when missing). */
function vevent(...props: string[]): string {
  const uid = props.some((p) => p.startsWith("UID:")) ? [] : [`UID:${Math.random().toString(36).slice(2)}@test`];
  return ["BEGIN:VEVENT", ...uid, "DTSTAMP:20260101T000000Z", ...props, "END:VEVENT"].join("\r\n");
}

/** "2026-03-02T14:00" (UTC) → the full ISO string busyTimes' Dates print as. */
const z = (s: string) => new Date(`${s}:00Z`).toISOString();
const iv = (start: string, end: string) => [z(start), z(end)];
const spans = (r: BusyTimes) => r.intervals.map(({ start, end }) => [start.toISOString(), end.toISOString()]);

function read(ics: string, opts: Partial<BusyOptions> & Pick<BusyOptions, "from" | "to" | "zone">): BusyTimes {
  return busyTimes(ics, { userEmail: "someone@example.com", ...opts });
}

const range = (from: string, to: string) => ({ from: new Date(`${from}Z`), to: new Date(`${to}Z`) });

describe("Google Calendar secret address", () => {
  const ics = fixture("google.ics");
  const opts = {
    userEmail: "dana.whitfield@gmail.com",
    zone: "America/New_York",
    // Monday 2 March 00:00 EST to Tuesday 17 March 00:00 EDT: the US clocks change on the 8th.
    ...range("2026-03-02T05:00", "2026-03-17T04:00"),
  };

  it("expands the series with their EXDATE, moved, cancelled and declined instances", () => {
    const r = read(ics, opts);
    expect(spans(r)).toEqual([
      // Mon: the 09:00 1:1 and the 09:30 standup (EST) touch, so they merge
      iv("2026-03-02T14:00", "2026-03-02T14:45"),
      // Tue: standup; the 14:00 vendor demo is declined (mailto in another case); design review in UTC
      iv("2026-03-03T14:30", "2026-03-03T14:45"),
      iv("2026-03-03T20:00", "2026-03-03T21:00"),
      // Wed 4: EXDATE. Thu 5: the standup moved to 11:00 EST
      iv("2026-03-05T16:00", "2026-03-05T16:15"),
      iv("2026-03-06T14:30", "2026-03-06T14:45"),
      // Mon 9, now EDT: 1:1 and standup keep 09:00 and 09:30 local; the offsite was cancelled
      iv("2026-03-09T13:00", "2026-03-09T13:45"),
      // Tue 10: standup moved to 13:00, then cancelled. Wed 11: moved out to the 18th; all-hands tentative
      iv("2026-03-11T19:00", "2026-03-11T20:00"),
      // Thu 12: Dana declined this one standup
      // Fri 13: standup, and the sprint demo of the 20th moved into this week
      iv("2026-03-13T13:30", "2026-03-13T13:45"),
      iv("2026-03-13T20:00", "2026-03-13T20:30"),
      // Mon 16: the 1:1's UNTIL is this very instance (13:00Z), which is included
      iv("2026-03-16T13:00", "2026-03-16T13:45"),
    ]);
  });

  it("makes only the busy all-day event a day off, each date up to its exclusive DTEND", () => {
    // The yearly birthday on 6 March is TRANSPARENT (Google's default for all-day events).
    expect(read(ics, opts).daysOff).toEqual(["2026-03-12", "2026-03-13"]);
  });

  it("reads declines per user: another attendee's decline does not free the user", () => {
    const r = read(ics, { ...opts, userEmail: "Sam.Okafor@northwind.example" });
    // Dana's declined demo (Sam is not invited) is busy now, up to the design review; Sam declined the all-hands.
    expect(spans(r)).toContainEqual(iv("2026-03-03T19:00", "2026-03-03T21:00"));
    expect(spans(r)).not.toContainEqual(iv("2026-03-11T19:00", "2026-03-11T20:00"));
  });

  it("clips to the window", () => {
    const r = read(ics, { ...opts, ...range("2026-03-05T16:10", "2026-03-09T13:15") });
    expect(spans(r)).toEqual([
      iv("2026-03-05T16:10", "2026-03-05T16:15"),
      iv("2026-03-06T14:30", "2026-03-06T14:45"),
      iv("2026-03-09T13:00", "2026-03-09T13:15"),
    ]);
    // 5 March to 9 March in New York; the vacation is later
    expect(r.daysOff).toEqual([]);
  });

  it("keeps nothing but instants", () => {
    const r = read(ics, opts);
    expect(Object.keys(r).sort()).toEqual(["daysOff", "intervals"]);
    for (const i of r.intervals) expect(Object.keys(i).sort()).toEqual(["end", "start"]);
    const json = JSON.stringify(r);
    for (const word of ["standup", "Sam", "Room 4B", "Vacation", "meet.google", "@"]) expect(json).not.toContain(word);
  });
});

describe("Outlook / Exchange published calendar", () => {
  const ics = fixture("outlook.ics");
  const opts = {
    userEmail: "marco.bianchi@contoso.com",
    zone: "America/Los_Angeles",
    // Monday 9 March to Monday 16 March in Seattle (PDT since the 8th; Berlin is on CET until the 29th)
    ...range("2026-03-09T07:00", "2026-03-16T07:00"),
  };

  it("maps Windows zone names, reads the busy statuses and overrides", () => {
    expect(spans(read(ics, opts))).toEqual([
      // "Platform daily" 08:30 PDT (series started in PST, TZID quoted)
      iv("2026-03-09T15:30", "2026-03-09T15:45"),
      // Dentist: BUSYSTATUS OOF on a timed event is busy
      iv("2026-03-09T22:00", "2026-03-09T23:00"),
      iv("2026-03-10T15:30", "2026-03-10T15:45"),
      // Pipeline review moved from 10:00 to 14:00 PDT by its RECURRENCE-ID instance
      iv("2026-03-10T21:00", "2026-03-10T22:00"),
      iv("2026-03-11T15:30", "2026-03-11T15:45"),
      // 17:00 "W. Europe Standard Time" = 17:00 CET = 16:00Z; the FREE lunch & learn is not busy
      iv("2026-03-11T16:00", "2026-03-11T17:00"),
      // 08:30 in the file's "Customized Time Zone" (+05:30)
      iv("2026-03-12T03:00", "2026-03-12T03:30"),
      iv("2026-03-12T15:30", "2026-03-12T15:45"),
      // TENTATIVE is busy
      iv("2026-03-12T20:00", "2026-03-12T20:30"),
      iv("2026-03-13T15:30", "2026-03-13T15:45"),
    ]);
  });

  it("takes the all-day OOF as a day off, not the all-day FREE one", () => {
    expect(read(ics, opts).daysOff).toEqual(["2026-03-13"]);
  });

  it("reads an all-day event written as midnight to midnight (older Exchange) as dates", () => {
    const ics2 = cal(
      vevent(
        'DTSTART;TZID="Pacific Standard Time":20260312T000000',
        'DTEND;TZID="Pacific Standard Time":20260314T000000',
        "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE",
        "X-MICROSOFT-CDO-BUSYSTATUS:OOF",
        "TRANSP:OPAQUE",
      ),
    );
    expect(read(ics2, opts)).toEqual({ intervals: [], daysOff: ["2026-03-12", "2026-03-13"] });
  });

  it("reads the older display-name TZIDs and falls back to the file's VTIMEZONE, then the user's zone", () => {
    const vtz = (tzid: string, offset: string) =>
      [
        "BEGIN:VTIMEZONE",
        `TZID:${tzid}`,
        "BEGIN:STANDARD",
        "DTSTART:16010101T000000",
        `TZOFFSETFROM:${offset}`,
        `TZOFFSETTO:${offset}`,
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n");
    const ics2 = cal(
      // Outlook 2010 wrote one rule (no DST) under a display name: the name wins over that block
      vtz("(UTC-08:00) Pacific Time (US & Canada)", "-0800"),
      vtz("(UTC+03:00) Somewhere Custom", "+0300"),
      vevent(
        'DTSTART;TZID="(UTC-08:00) Pacific Time (US & Canada)":20260309T090000',
        'DTEND;TZID="(UTC-08:00) Pacific Time (US & Canada)":20260309T093000',
      ),
      vevent(
        'DTSTART;TZID="(UTC+03:00) Somewhere Custom":20260310T090000',
        'DTEND;TZID="(UTC+03:00) Somewhere Custom":20260310T093000',
      ),
      vevent("DTSTART;TZID=Nowhere Standard Time:20260311T090000", "DTEND;TZID=Nowhere Standard Time:20260311T093000"),
      vevent(
        "DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260312T090000",
        "DTEND;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260312T093000",
      ),
      vevent("DTSTART;TZID=GMT Standard Time:20260313T090000", "DTEND;TZID=GMT Standard Time:20260313T093000"),
    );
    expect(spans(read(ics2, opts))).toEqual([
      iv("2026-03-09T16:00", "2026-03-09T16:30"), // PDT, though the block said -0800
      iv("2026-03-10T06:00", "2026-03-10T06:30"), // the file's +03:00
      iv("2026-03-11T16:00", "2026-03-11T16:30"), // unknown: the user's zone (PDT)
      iv("2026-03-12T08:00", "2026-03-12T08:30"), // CET
      iv("2026-03-13T09:00", "2026-03-13T09:30"), // London, GMT
    ]);
  });
});

describe("iCloud / Apple Calendar", () => {
  const ics = fixture("icloud.ics");
  const opts = {
    userEmail: "alex.morgan@icloud.com",
    zone: "Europe/London",
    // Friday 27 March to Saturday 4 April in London; the clocks go forward on Sunday the 29th
    ...range("2026-03-27T00:00", "2026-04-03T23:00"),
  };

  it("reads floating, UTC and zoned times, an end in another zone, and meetings over midnight", () => {
    expect(spans(read(ics, opts))).toEqual([
      iv("2026-03-27T12:00", "2026-03-27T13:00"), // UTC
      iv("2026-03-28T10:00", "2026-03-28T11:00"), // floating 10:00, GMT
      // 23:30 London to 00:00 New York (EDT): over midnight and over the London change
      iv("2026-03-28T23:30", "2026-03-29T04:00"),
      iv("2026-03-30T09:00", "2026-03-30T10:00"), // floating 10:00, now BST; COUNT=4 ends here
      iv("2026-03-31T22:00", "2026-03-31T23:30"), // 23:00-00:30 BST
      iv("2026-04-01T18:00", "2026-04-01T20:00"), // weekly choir, 19:00 BST; book club declined
    ]);
  });

  it("makes each date of the busy multi-day holiday a day off, not the birthday without TRANSP", () => {
    expect(read(ics, opts).daysOff).toEqual(["2026-04-01", "2026-04-02", "2026-04-03"]);
  });

  it("reads floating times in the user's zone", () => {
    const r = read(ics, { ...opts, zone: "America/New_York" });
    expect(spans(r)).toContainEqual(iv("2026-03-28T14:00", "2026-03-28T15:00"));
    expect(spans(r)).toContainEqual(iv("2026-03-30T14:00", "2026-03-30T15:00"));
    expect(spans(r)).not.toContainEqual(iv("2026-03-28T10:00", "2026-03-28T11:00"));
  });
});

describe("time zones and DST", () => {
  it("keeps a weekly 09:00 America/New_York meeting at 09:00 local across the March change", () => {
    const ics = cal(
      vevent(
        "DTSTART;TZID=America/New_York:20260105T090000",
        "DTEND;TZID=America/New_York:20260105T093000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO",
      ),
    );
    const r = read(ics, { zone: "UTC", ...range("2026-02-23T00:00", "2026-03-17T00:00") });
    expect(spans(r)).toEqual([
      iv("2026-02-23T14:00", "2026-02-23T14:30"),
      iv("2026-03-02T14:00", "2026-03-02T14:30"),
      iv("2026-03-09T13:00", "2026-03-09T13:30"),
      iv("2026-03-16T13:00", "2026-03-16T13:30"),
    ]);
  });

  it("includes the instance a UTC UNTIL names, east of Greenwich too", () => {
    // 09:00 CET is 08:00Z: compared on the wall clock without conversion, 09:00 > 08:00 would drop it
    const ics = cal(
      vevent(
        "DTSTART;TZID=Europe/Berlin:20260202T090000",
        "DTEND;TZID=Europe/Berlin:20260202T100000",
        "RRULE:FREQ=WEEKLY;UNTIL=20260323T080000Z;BYDAY=MO",
      ),
    );
    const r = read(ics, { zone: "Europe/Berlin", ...range("2026-03-09T00:00", "2026-04-06T00:00") });
    expect(spans(r)).toEqual([
      iv("2026-03-09T08:00", "2026-03-09T09:00"),
      iv("2026-03-16T08:00", "2026-03-16T09:00"),
      iv("2026-03-23T08:00", "2026-03-23T09:00"),
    ]);
  });

  it("reads a skipped wall time with the offset before the gap, a repeated one as its first occurrence", () => {
    const ics = cal(
      // 02:30 does not exist on 8 March in New York: 02:30 EST
      vevent("DTSTART;TZID=America/New_York:20260308T023000", "DURATION:PT1H"),
      // 01:30 happens twice on 1 November: the first is EDT
      vevent("DTSTART;TZID=America/New_York:20261101T013000", "DURATION:PT30M"),
    );
    const r = read(ics, { zone: "UTC", ...range("2026-03-01T00:00", "2026-12-01T00:00") });
    expect(spans(r)).toEqual([iv("2026-03-08T07:30", "2026-03-08T08:30"), iv("2026-11-01T05:30", "2026-11-01T06:00")]);
  });

  it("ignores a VTIMEZONE that could not be a real zone and bounds one whose rule never matches", () => {
    const vtz = (tzid: string, rule: string) =>
      [
        "BEGIN:VTIMEZONE",
        `TZID:${tzid}`,
        "BEGIN:STANDARD",
        "DTSTART:16010101T000000",
        rule,
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n");
    const ics = cal(
      vtz("Every second", "RRULE:FREQ=SECONDLY"),
      vtz("Never", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"),
      vevent("DTSTART;TZID=Every second:20260302T090000", "DURATION:PT1H"),
      vevent("DTSTART;TZID=Never:20260303T090000", "DURATION:PT1H"),
    );
    const started = performance.now();
    const r = read(ics, { zone: "Asia/Tokyo", ...range("2026-03-01T00:00", "2026-03-08T00:00") });
    expect(performance.now() - started).toBeLessThan(2_000);
    // The first read in the user's zone (UTC+9); the second keeps the offset its block starts with
    expect(spans(r)).toEqual([iv("2026-03-02T00:00", "2026-03-02T01:00"), iv("2026-03-03T07:00", "2026-03-03T08:00")]);
  });

  it("gives a daily meeting over midnight to both local days", () => {
    const ics = cal(
      vevent(
        "DTSTART;TZID=Europe/London:20260325T233000",
        "DTEND;TZID=Europe/London:20260326T003000",
        "RRULE:FREQ=DAILY;COUNT=6",
      ),
    );
    // 28 March GMT, 29 March is the change (23:30 BST = 22:30Z)
    const r = read(ics, { zone: "Europe/London", ...range("2026-03-28T00:00", "2026-03-30T12:00") });
    expect(spans(r)).toEqual([
      iv("2026-03-28T00:00", "2026-03-28T00:30"), // the 27th's, clipped at the window's start
      iv("2026-03-28T23:30", "2026-03-29T00:30"),
      iv("2026-03-29T22:30", "2026-03-29T23:30"),
    ]);
  });
});

describe("recurrence details", () => {
  const opts = { zone: "America/Chicago", ...range("2026-04-06T05:00", "2026-04-13T05:00") };

  it("adds RDATEs (date-times and periods) and drops EXDATEs written in UTC", () => {
    const ics = cal(
      vevent(
        "DTSTART;TZID=America/Chicago:20260406T100000",
        "DTEND;TZID=America/Chicago:20260406T110000",
        "RRULE:FREQ=DAILY;COUNT=5",
        "EXDATE:20260407T150000Z", // Tuesday 10:00 CDT
        "RDATE;TZID=America/Chicago:20260411T090000",
        "RDATE;VALUE=PERIOD:20260412T150000Z/20260412T153000Z",
      ),
    );
    expect(spans(read(ics, opts))).toEqual([
      iv("2026-04-06T15:00", "2026-04-06T16:00"),
      iv("2026-04-08T15:00", "2026-04-08T16:00"),
      iv("2026-04-09T15:00", "2026-04-09T16:00"),
      iv("2026-04-10T15:00", "2026-04-10T16:00"),
      iv("2026-04-11T14:00", "2026-04-11T15:00"),
      iv("2026-04-12T15:00", "2026-04-12T15:30"),
    ]);
  });

  it("expands busy all-day series into days off, honouring EXDATE;VALUE=DATE and moved days", () => {
    const ics = cal(
      vevent(
        "UID:fridays@test",
        "DTSTART;VALUE=DATE:20260102",
        "DTEND;VALUE=DATE:20260103",
        "RRULE:FREQ=WEEKLY;BYDAY=FR",
        "EXDATE;VALUE=DATE:20260410",
        "TRANSP:OPAQUE",
        "SUMMARY:Day off (compressed week)",
      ),
      vevent(
        "UID:fridays@test",
        "RECURRENCE-ID;VALUE=DATE:20260417",
        "DTSTART;VALUE=DATE:20260406",
        "DTEND;VALUE=DATE:20260407",
        "TRANSP:OPAQUE",
      ),
    );
    const r = read(ics, { ...opts, ...range("2026-04-06T05:00", "2026-04-25T05:00") });
    expect(r.intervals).toEqual([]);
    expect(r.daysOff).toEqual(["2026-04-06", "2026-04-24"]);
  });

  it("reaches the window from a daily series started long ago", () => {
    // 27,853 occurrences lie before the window: more steps than one rule may take
    const ics = cal(
      vevent(
        "DTSTART;TZID=America/Chicago:19500102T080000",
        "DTEND;TZID=America/Chicago:19500102T081500",
        "RRULE:FREQ=DAILY",
      ),
    );
    const days = ["06", "07", "08", "09", "10", "11", "12"];
    expect(spans(read(ics, opts))).toEqual(days.map((d) => iv(`2026-04-${d}T13:00`, `2026-04-${d}T13:15`)));
  });
});

describe("series started long ago keep their phase", () => {
  const chicago = (d: string, t: string) => `DTSTART;TZID=America/Chicago:${d}T${t}`;

  it("monthly by weekday, quarterly, every other week and yearly", () => {
    const ics = cal(
      vevent(chicago("20150113", "100000"), "DURATION:PT1H", "RRULE:FREQ=MONTHLY;BYDAY=2TU"),
      vevent(chicago("20190115", "090000"), "DURATION:PT30M", "RRULE:FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15"),
      vevent(chicago("20200102", "160000"), "DURATION:PT1H", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TH"),
      vevent(chicago("19900420", "120000"), "DURATION:PT1H", "RRULE:FREQ=YEARLY"),
    );
    // April 2026 in Chicago (CDT, UTC-5)
    const r = read(ics, { zone: "America/Chicago", ...range("2026-04-01T05:00", "2026-05-01T05:00") });
    expect(spans(r)).toEqual([
      iv("2026-04-02T21:00", "2026-04-02T22:00"), // 2,282 days after 2 Jan 2020: an even week
      iv("2026-04-14T15:00", "2026-04-14T16:00"), // the second Tuesday
      iv("2026-04-15T14:00", "2026-04-15T14:30"), // January + 87 months
      iv("2026-04-16T21:00", "2026-04-16T22:00"),
      iv("2026-04-20T17:00", "2026-04-20T18:00"),
      iv("2026-04-30T21:00", "2026-04-30T22:00"),
    ]);
  });

  it("a weekday rule whose DTSTART is a Sunday", () => {
    const ics = cal(
      vevent(
        chicago("20180107", "080000"),
        "DTEND;TZID=America/Chicago:20180107T081500",
        "RRULE:FREQ=DAILY;BYDAY=MO,WE,FR",
      ),
    );
    const r = read(ics, { zone: "America/Chicago", ...range("2026-04-05T05:00", "2026-04-12T05:00") });
    expect(spans(r)).toEqual([
      iv("2026-04-06T13:00", "2026-04-06T13:15"),
      iv("2026-04-08T13:00", "2026-04-08T13:15"),
      iv("2026-04-10T13:00", "2026-04-10T13:15"),
    ]);
  });
});

describe("bounds", () => {
  const opts = { zone: "UTC", ...range("2026-03-01T00:00", "2026-03-15T00:00") };

  it("caps the occurrences of one event and of the whole file", () => {
    // Every 2 minutes for 30 s: 10,080 separate intervals in the window, from each of two events
    const ics = cal(
      vevent("DTSTART:20260301T000000Z", "DTEND:20260301T000030Z", "RRULE:FREQ=MINUTELY;INTERVAL=2"),
      vevent("DTSTART:20260301T000100Z", "DTEND:20260301T000130Z", "RRULE:FREQ=MINUTELY;INTERVAL=2"),
    );
    const r = read(ics, opts);
    expect(r.intervals).toHaveLength(MAX_OCCURRENCES);
    expect(r.intervals.every(({ start }) => start.getUTCMinutes() % 2 === 0)).toBe(true); // all the first event's
    expect(spans(r).at(-1)).toEqual([
      z("2026-03-07T22:38"),
      new Date(Date.parse(z("2026-03-07T22:38")) + 30_000).toISOString(),
    ]);
  });

  it("stops rules that never or hardly match, without losing the other events", () => {
    const ics = cal(
      // ical.js loops forever on this one by itself
      vevent("DTSTART:20260301T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"),
      vevent("DTSTART:20260301T090000Z", "DURATION:PT1H", "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29"),
      vevent("DTSTART:20260301T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;INTERVAL=999999999"),
      vevent("DTSTART:18000106T090000Z", "DURATION:PT1H", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1MO;BYMONTHDAY=15,16"),
      vevent("DTSTART:20260310T120000Z", "DTEND:20260310T130000Z"),
    );
    const started = performance.now();
    const r = read(ics, opts);
    expect(performance.now() - started).toBeLessThan(3_000);
    // Each rule's DTSTART (its first occurrence) is kept, and the plain event after them
    expect(spans(r)).toEqual([iv("2026-03-01T09:00", "2026-03-01T10:00"), iv("2026-03-10T12:00", "2026-03-10T13:00")]);
  });
});

describe("malformed input", () => {
  const opts = { zone: "UTC", ...range("2026-03-01T00:00", "2026-03-08T00:00") };

  it.each([
    ["an HTML page", "<!DOCTYPE html><html><body>Sign in to continue</body></html>"],
    ["JSON", '{"error":"not found"}'],
    ["an empty body", ""],
    ["a vCard", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Dana\r\nEND:VCARD\r\n"],
    ["VCALENDAR only as text", "Paste the BEGIN:VCALENDAR address here"],
  ])("throws CalendarParseError for %s", (_name, body) => {
    expect(() => read(body, opts)).toThrow(CalendarParseError);
    expect(() => read(body, opts)).toThrow(NOT_ICALENDAR);
  });

  it("leaves out what does not parse and keeps the rest", () => {
    const ics = cal(
      vevent("DTSTART:20260302T090000Z", "DTEND:20260302T100000Z"),
      vevent("DTSTART:2026-03-03 09:00", "DTEND:20260303T100000Z"), // malformed date
      // ical.js rejects the whole file for this rule: each event is then read on its own
      vevent("DTSTART:20260304T090000Z", "DTEND:20260304T100000Z", "RRULE:FREQ=FORTNIGHTLY"),
      vevent("SUMMARY:no start"),
      vevent("DTSTART:20260305T090000Z", "DTEND:20260305T080000Z"), // ends before it starts
      vevent("DTSTART:20260306T090000Z", "DTEND:20260306T100000Z"),
    );
    expect(spans(read(ics, opts))).toEqual([
      iv("2026-03-02T09:00", "2026-03-02T10:00"),
      iv("2026-03-06T09:00", "2026-03-06T10:00"),
    ]);
  });

  it("reads event by event when a broken line makes the whole file unparseable", () => {
    const ics = cal(
      vevent("DTSTART:20260302T090000Z", "DTEND:20260302T100000Z"),
      vevent("DTSTART:20260303T090000Z", "DTEND:20260303T100000Z", "this line has no colon"),
      vevent("DTSTART:20260304T090000Z", "DTEND:20260304T100000Z"),
    );
    expect(spans(read(ics, opts))).toEqual([
      iv("2026-03-02T09:00", "2026-03-02T10:00"),
      iv("2026-03-04T09:00", "2026-03-04T10:00"),
    ]);
  });

  it("reads an empty calendar, a BOM and LF line ends", () => {
    expect(read(cal(), opts)).toEqual({ intervals: [], daysOff: [] });
    const lf = `\uFEFF${cal(vevent("DTSTART:20260302T090000Z", "DTEND:20260302T100000Z")).replace(/\r\n/g, "\n")}`;
    expect(spans(read(lf, opts))).toEqual([iv("2026-03-02T09:00", "2026-03-02T10:00")]);
  });
});
