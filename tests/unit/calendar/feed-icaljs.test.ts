// The calendar feed, read by an independent RFC 5545 implementation (ical.js): for 60 days that
// cross a DST change, the occurrences it expands from our VEVENTs and VTIMEZONE are exactly the
// instants the app itself schedules reminders at (nextOccurrence, the scheduler's own function).
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { renderFeed, type FeedInput } from "@/lib/calendar/render";
import { nextOccurrence } from "@/lib/schedule/due";
import { addDays, localDate } from "@/lib/schedule/time";
import { breaksOn, spansOf } from "@/lib/schedule/versions";

const DAY = 86_400_000;
const WINDOW_DAYS = 60;

function input(over: Partial<FeedInput> & Pick<FeedInput, "timezone">, now: Date): FeedInput {
  return {
    times: ["08:30", "17:00"],
    activeDays: [1, 2, 3, 4, 5],
    durationMinutes: 10,
    active: true,
    // the feed was created a week before "now"
    anchorDate: localDate(new Date(now.getTime() - 7 * DAY), over.timezone),
    uidBase: "u-test",
    host: "limber.example",
    dashboardUrl: "https://limber.example/dashboard",
    stamp: new Date("2026-01-15T10:00:00Z"),
    year: now.getUTCFullYear(),
    ...over,
  };
}

function parse(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  return { root, events: root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

/** ical.js's occurrences of one event in [from, to), as instants. */
function expand(event: InstanceType<typeof ICAL.Event>, from: Date, to: Date): string[] {
  const out: string[] = [];
  const it = event.iterator();
  for (let next = it.next(); next; next = it.next()) {
    const at = next.toJSDate();
    if (at >= to) break;
    if (at >= from) out.push(at.toISOString());
  }
  return out;
}

/** The app's own reminder instants for one slot in (from, to). */
function appTimes(f: FeedInput, slot: number, from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let t = nextOccurrence(f, slot, new Date(from.getTime() - 1)); t && t < to; t = nextOccurrence(f, slot, t))
    out.push(t.toISOString());
  return out;
}

const CASES: { name: string; tz: string; now: string; over?: Partial<FeedInput> }[] = [
  { name: "New York, spring forward (Mar 8)", tz: "America/New_York", now: "2026-02-20T12:00:00Z" },
  { name: "New York, fall back (Nov 1)", tz: "America/New_York", now: "2026-10-10T12:00:00Z" },
  { name: "London, spring forward (Mar 29)", tz: "Europe/London", now: "2026-03-10T12:00:00Z" },
  { name: "London, fall back (Oct 25)", tz: "Europe/London", now: "2026-10-01T12:00:00Z" },
  { name: "Sydney, autumn (Apr 5)", tz: "Australia/Sydney", now: "2026-03-20T12:00:00Z" },
  {
    name: "Sydney, spring (Oct 4), every day, one break",
    tz: "Australia/Sydney",
    now: "2026-09-20T12:00:00Z",
    over: { times: ["07:15"], activeDays: [0, 1, 2, 3, 4, 5, 6] },
  },
  {
    name: "St. John's (-03:30), late evening, weekends",
    tz: "America/St_Johns",
    now: "2026-10-15T12:00:00Z",
    over: { times: ["23:30", "06:05"], activeDays: [0, 6] },
  },
  { name: "Kolkata (+05:30, no DST)", tz: "Asia/Kolkata", now: "2026-03-01T00:00:00Z" },
  { name: "UTC", tz: "UTC", now: "2026-03-01T00:00:00Z", over: { times: ["00:00", "23:55"] } },
];

describe(`ical.js expands the feed to the app's own reminder times (${WINDOW_DAYS} days)`, () => {
  for (const c of CASES) {
    it(c.name, () => {
      const now = new Date(c.now);
      const end = new Date(now.getTime() + WINDOW_DAYS * DAY);
      const f = input({ timezone: c.tz, ...c.over }, now);
      const { root, events } = parse(renderFeed(f));
      const slots = f.times.length;
      expect(events).toHaveLength(slots);
      // the zone is the feed's own VTIMEZONE, not a floating time or a built-in definition
      expect(root.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual([c.tz]);
      const offsets = new Set<number>();
      for (let slot = 0; slot < slots; slot++) {
        const e = events[slot]!;
        expect(e.startDate.zone?.tzid).toBe(c.tz);
        expect(e.uid).toBe(`u-test-slot-${slot}@limber.example`);
        expect(e.summary).toBe(`Movement break (${f.durationMinutes} min)`);
        expect(e.duration.toSeconds()).toBe(f.durationMinutes * 60);
        const theirs = expand(e, now, end);
        const ours = appTimes(f, slot, now, end);
        expect(ours.length).toBeGreaterThan(5);
        expect(theirs).toEqual(ours);
        for (const t of ours) offsets.add(new Date(t).getUTCHours() * 60 + new Date(t).getUTCMinutes());
      }
      // the DST cases really cross a change: the same local time falls on two different UTC times
      if (!["Asia/Kolkata", "UTC"].includes(c.tz)) expect(offsets.size).toBeGreaterThan(slots);
    });
  }

  it("the series starts on the first active weekday on or after the anchor date", () => {
    const now = new Date("2026-02-20T12:00:00Z");
    const f = input({ timezone: "America/New_York", anchorDate: "2026-02-14" }, now); // a Saturday
    const { events } = parse(renderFeed(f));
    expect(events[0]!.startDate.toString()).toBe("2026-02-16T08:30:00"); // Monday
    expect(addDays("2026-02-14", 2)).toBe("2026-02-16");
  });
});

describe("feed content", () => {
  const now = new Date("2026-02-20T12:00:00Z");
  const base = input({ timezone: "America/New_York" }, now);

  it("is CRLF text with lines of at most 75 octets, the calendar's name and the dashboard link", () => {
    const ics = renderFeed(base);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).not.toMatch(/[^\r]\n/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("DTSTART;TZID=America/New_York:20260213T083000");
    expect(unfolded).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(unfolded).toContain("DURATION:PT10M");
    expect(unfolded).toContain("URL:https://limber.example/dashboard");
    expect(unfolded).toContain("DTSTAMP:20260115T100000Z");
    const { events } = parse(ics);
    expect(events[0]!.description).toContain("https://limber.example/dashboard");
  });

  it("a user not set up yet (or one without active days or valid times) gets a valid feed with no events", () => {
    for (const over of [{ active: false }, { activeDays: [] }, { times: ["nope"] }]) {
      const ics = renderFeed({ ...base, ...over });
      const { root, events } = parse(ics);
      expect(events).toEqual([]);
      expect(root.getAllSubcomponents("vtimezone")).toEqual([]);
      expect(root.getFirstPropertyValue("x-wr-calname")).toBe("Limber movement breaks");
    }
  });

  it("a break moved out of a meeting is its occurrence's override, a skipped one is left out, the rest stay", () => {
    // Monday 2026-02-23: the first break moved 08:30 → 09:10; Tuesday's second break skipped.
    const exceptions = [
      { date: "2026-02-23", slot: 0, movedTo: "09:10" },
      { date: "2026-02-24", slot: 1, movedTo: null },
      // Not an occurrence of the series (a Saturday): ignored rather than a stray override.
      { date: "2026-02-21", slot: 0, movedTo: "10:00" },
    ];
    const { events } = parse(renderFeed({ ...base, exceptions }));
    const masters = events.filter((e) => !e.isRecurrenceException());
    for (const e of events.filter((x) => x.isRecurrenceException())) {
      masters.find((m) => m.uid === e.uid)!.relateException(e);
    }
    expect(events.filter((e) => e.isRecurrenceException())).toHaveLength(1);
    const starts = (m: (typeof masters)[number]) => {
      const out: string[] = [];
      const it = m.iterator();
      for (let next = it.next(); next; next = it.next()) {
        const at = m.getOccurrenceDetails(next).startDate.toJSDate();
        if (at >= new Date("2026-02-26T00:00:00Z")) break;
        if (at >= new Date("2026-02-23T00:00:00Z")) out.push(at.toISOString());
      }
      return out;
    };
    // New York is UTC-5 in February.
    expect(starts(masters[0]!)).toEqual([
      "2026-02-23T14:10:00.000Z",
      "2026-02-24T13:30:00.000Z",
      "2026-02-25T13:30:00.000Z",
    ]);
    expect(starts(masters[1]!)).toEqual(["2026-02-23T22:00:00.000Z", "2026-02-25T22:00:00.000Z"]);
  });

  it("is the same text for the same input (stable UIDs and content between polls)", () => {
    expect(renderFeed(base)).toBe(renderFeed({ ...base }));
    expect(renderFeed({ ...base, times: ["09:00", "17:00"] })).not.toBe(renderFeed(base));
  });
});

describe("after schedule changes, the feed holds exactly the app's breaks of every day (past weeks keep theirs)", () => {
  it("times, days and zone changed twice: ical.js expands every series to breaksOn's instants", () => {
    const now = new Date("2026-03-20T12:00:00Z");
    const versions = [
      { from: 0, times: ["08:30", "17:00"], activeDays: [1, 2, 3, 4, 5], timezone: "America/New_York" },
      // a Wednesday at 14:10 New York: today's 08:30 stays, 17:00 moves to 16:00
      {
        from: Date.parse("2026-03-04T19:10:00Z"),
        times: ["08:30", "16:00"],
        activeDays: [1, 2, 3, 4, 5],
        timezone: "America/New_York",
      },
      // to Paris, one break a day, every day
      {
        from: Date.parse("2026-03-12T09:00:00Z"),
        times: ["12:15"],
        activeDays: [0, 1, 2, 3, 4, 5, 6],
        timezone: "Europe/Paris",
      },
    ];
    const f = input(
      {
        timezone: "Europe/Paris",
        times: ["12:15"],
        activeDays: [0, 1, 2, 3, 4, 5, 6],
        versions,
        anchorDate: "2026-02-23",
      },
      now,
    );
    const { root, events } = parse(renderFeed(f));
    const from = new Date("2026-02-23T00:00:00Z");
    const end = new Date("2026-04-15T00:00:00Z");
    const theirs = events.flatMap((e) => expand(e, from, end)).sort();
    const spans = spansOf({ ...f, versions });
    const ours: string[] = [];
    for (let d = "2026-02-22"; d <= "2026-04-15"; d = addDays(d, 1)) {
      for (const b of breaksOn(spans, d)) if (b.at >= from && b.at < end) ours.push(b.at.toISOString());
    }
    expect(theirs).toEqual(ours.sort());
    expect(theirs.length).toBeGreaterThan(40);
    expect(
      root
        .getAllSubcomponents("vtimezone")
        .map((z) => z.getFirstPropertyValue("tzid"))
        .sort(),
    ).toEqual(["America/New_York", "Europe/Paris"]);
    // The current schedule keeps the plain UIDs; the ended ones carry UNTIL.
    expect(events.filter((e) => !e.uid.includes("-until-")).map((e) => e.uid)).toEqual([
      "u-test-slot-0@limber.example",
    ]);
    for (const e of events.filter((x) => x.uid.includes("-until-")))
      expect(e.component.getFirstPropertyValue("rrule")?.toString()).toContain("UNTIL=");
  });
});
