// Where each break goes around the user's meetings. Ordinary days are in Europe/Berlin (summer,
// UTC+2) with busy times given on the local clock; the DST days give every instant in UTC, worked
// out by hand from the zone's rules.
import { describe, expect, it } from "vitest";
import { placeBreaks, type BreakToPlace, type PlaceInput } from "@/lib/calendar-source/place";
import { localDateTimeToUtc } from "@/lib/schedule/time";

const BERLIN = "Europe/Berlin";
const DAY = "2026-06-10";
/** 10:00 on the ordinary day, Berlin clock → instant. */
const local = (time: string) => localDateTimeToUtc(DAY, time, BERLIN);
const meeting = (from: string, to: string) => ({ start: local(from), end: local(to) });
const utc = (s: string) => new Date(`${s}:00Z`);
const brk = (slot: number, time: string, durationMinutes = 10): BreakToPlace => ({ slot, time, durationMinutes });

function place(over: Partial<PlaceInput>) {
  return placeBreaks({
    zone: BERLIN,
    localDate: DAY,
    now: local("06:00"),
    moveWithinMinutes: 60,
    breaks: [brk(0, "10:00")],
    busy: [],
    dayOff: false,
    ...over,
  });
}

/** Only where each break went: "HH:MM", "HH:MM moved", "skipped busy". */
const where = (placed: ReturnType<typeof placeBreaks>) =>
  placed.map((p) => (p.skipped ? `skipped ${p.skipped}` : `${p.time}${p.moved ? " moved" : ""}`));

describe("placeBreaks on an ordinary day", () => {
  it("leaves a break outside meetings where it is", () => {
    expect(place({ busy: [meeting("10:10", "11:00"), meeting("09:00", "10:00")] })).toStrictEqual([
      { slot: 0, plannedTime: "10:00", time: "10:00", at: local("10:00") },
    ]);
  });

  it("moves a break in a meeting to the nearest free 5-minute mark", () => {
    // 09:45 is 15 minutes away, 10:30 is 30
    expect(place({ busy: [meeting("09:55", "10:30")] })).toStrictEqual([
      { slot: 0, plannedTime: "10:00", time: "09:45", at: local("09:45"), moved: "busy" },
    ]);
  });

  it("moves later on a tie", () => {
    // 09:40 and 10:20 are both 20 minutes away
    expect(where(place({ busy: [meeting("09:50", "10:20")] }))).toEqual(["10:20 moved"]);
  });

  it("moves a break that would end inside a meeting, and may end as one starts", () => {
    expect(where(place({ breaks: [brk(0, "09:55")], busy: [meeting("10:00", "10:30")] }))).toEqual(["09:50 moved"]);
  });

  it("needs a gap the whole break fits in", () => {
    // The 5 minutes at 10:30 are too short for 10 minutes; 11:00 is the first fit
    expect(where(place({ busy: [meeting("09:00", "10:30"), meeting("10:35", "11:00")] }))).toEqual(["11:00 moved"]);
  });

  it("uses the 5-minute marks of the clock even when the planned time is off them", () => {
    // From 10:02: 09:45 is 17 minutes back, 10:20 is 18 ahead (09:48 would fit, but is no mark)
    const [placed] = place({ breaks: [brk(0, "10:02")], busy: [meeting("09:58", "10:20")] });
    expect(placed).toStrictEqual({ slot: 0, plannedTime: "10:02", time: "09:45", at: local("09:45"), moved: "busy" });
  });

  it("moves at most moveWithinMinutes away, and skips the break when nothing fits", () => {
    const busy = [meeting("08:00", "11:30")]; // free at 07:50 (130 minutes back) and 11:30 (90 ahead)
    expect(place({ busy })).toStrictEqual([{ slot: 0, plannedTime: "10:00", skipped: "busy" }]);
    expect(where(place({ busy, moveWithinMinutes: 90 }))).toEqual(["11:30 moved"]);
    expect(where(place({ busy, moveWithinMinutes: 89 }))).toEqual(["skipped busy"]);
    expect(where(place({ busy, moveWithinMinutes: 500 }))).toEqual(["11:30 moved"]); // capped at 180
    expect(where(place({ busy: [meeting("06:00", "20:00")], moveWithinMinutes: 180 }))).toEqual(["skipped busy"]);
  });

  it("never moves into the past", () => {
    const busy = [meeting("09:45", "10:30")];
    expect(where(place({ busy, now: local("09:30") }))).toEqual(["09:35 moved"]);
    expect(where(place({ busy, now: local("09:36") }))).toEqual(["10:30 moved"]);
  });

  it("leaves a break whose planned time has passed as planned", () => {
    expect(place({ busy: [meeting("09:45", "10:30")], now: local("10:05") })).toStrictEqual([
      { slot: 0, plannedTime: "10:00", time: "10:00", at: local("10:00") },
    ]);
  });

  it("never overlaps the user's other break", () => {
    // 10:30 and 10:35 would overlap the second break (10:30-10:40); 09:20 and 10:40 tie
    const placed = place({ breaks: [brk(0, "10:00"), brk(1, "10:30")], busy: [meeting("09:30", "10:30")] });
    expect(where(placed)).toEqual(["10:40 moved", "10:30"]);
  });

  it("gives the first break the first pick, whatever the input order", () => {
    const placed = place({ breaks: [brk(1, "10:05"), brk(0, "10:00")], busy: [meeting("09:00", "10:30")] });
    expect(placed.map((p) => [p.slot, p.time, p.moved])).toEqual([
      [0, "10:30", "busy"],
      [1, "10:40", "busy"],
    ]);
  });

  it("turns moving off with 0: a break in a meeting stays at its time", () => {
    expect(place({ busy: [meeting("09:45", "10:30")], moveWithinMinutes: 0 })).toStrictEqual([
      { slot: 0, plannedTime: "10:00", time: "10:00", at: local("10:00") },
    ]);
  });

  it("skips every break of a day off", () => {
    const placed = place({ breaks: [brk(0, "10:00"), brk(1, "15:00")], dayOff: true });
    expect(placed).toStrictEqual([
      { slot: 0, plannedTime: "10:00", skipped: "day-off" },
      { slot: 1, plannedTime: "15:00", skipped: "day-off" },
    ]);
  });
});

describe("placeBreaks with a meeting over midnight (America/New_York, EDT)", () => {
  // 22:30 on 10 March to 01:00 on the 11th
  const overnight = { start: utc("2026-03-11T02:30"), end: utc("2026-03-11T05:00") };
  const base = { zone: "America/New_York", now: utc("2026-03-10T12:00"), busy: [overnight] };

  it("covers the start of the next day", () => {
    const [placed] = place({ ...base, localDate: "2026-03-11", breaks: [brk(0, "00:30")] });
    expect(placed).toStrictEqual({
      slot: 0,
      plannedTime: "00:30",
      time: "01:00",
      at: utc("2026-03-11T05:00"),
      moved: "busy",
    });
  });

  it("covers the end of the day it starts on, and never moves a break into the next day", () => {
    const late = place({ ...base, localDate: "2026-03-10", breaks: [brk(0, "23:00", 15)] });
    expect(late.map((p) => [p.time, p.at?.toISOString()])).toEqual([["22:15", "2026-03-11T02:15:00.000Z"]]);
    expect(
      where(place({ ...base, localDate: "2026-03-10", breaks: [brk(0, "23:00", 15)], moveWithinMinutes: 30 })),
    ).toEqual(["skipped busy"]);
    // 00:10 on the 11th is 30 minutes after 23:40, but another day
    const untilTen = { start: utc("2026-03-11T02:00"), end: utc("2026-03-11T04:10") };
    expect(where(place({ ...base, busy: [untilTen], localDate: "2026-03-10", breaks: [brk(0, "23:40")] }))).toEqual([
      "skipped busy",
    ]);
  });
});

describe("placeBreaks on DST days", () => {
  it("New York, spring forward: 45 real minutes from 01:30 EST is 03:15 EDT", () => {
    const placed = place({
      zone: "America/New_York",
      localDate: "2026-03-08",
      now: utc("2026-03-08T04:00"),
      breaks: [brk(0, "01:30")],
      // 00:00 EST to 03:15 EDT
      busy: [{ start: utc("2026-03-08T05:00"), end: utc("2026-03-08T07:15") }],
    });
    expect(placed).toStrictEqual([
      { slot: 0, plannedTime: "01:30", time: "03:15", at: utc("2026-03-08T07:15"), moved: "busy" },
    ]);
  });

  it("New York, fall back: the window counts real minutes, not the clock face", () => {
    const day = {
      zone: "America/New_York",
      localDate: "2026-11-01",
      // 00:40 EDT; the meeting runs 00:45 EDT to 01:30 EST, 105 real minutes
      now: utc("2026-11-01T04:40"),
      breaks: [brk(0, "00:50", 15)],
      busy: [{ start: utc("2026-11-01T04:45"), end: utc("2026-11-01T06:30") }],
    };
    // 01:30 EST is 40 minutes after 00:50 on the clock but 100 in time
    expect(where(place(day))).toEqual(["skipped busy"]);
    expect(place({ ...day, moveWithinMinutes: 100 })).toStrictEqual([
      { slot: 0, plannedTime: "00:50", time: "01:30", at: utc("2026-11-01T06:30"), moved: "busy" },
    ]);
  });

  it("Lord Howe, the half-hour shift: a tie across the gap goes later", () => {
    // 4 October 2026, 02:00 LHST (+10:30) becomes 02:30 LHDT (+11). The meeting runs 01:30 LHST
    // to 02:40 LHDT; 01:45 is 15:15Z. 01:20 (14:50Z) and 02:40 (15:40Z) are both 25 minutes away.
    const placed = place({
      zone: "Australia/Lord_Howe",
      localDate: "2026-10-04",
      now: utc("2026-10-03T10:00"),
      moveWithinMinutes: 30,
      breaks: [brk(0, "01:45")],
      busy: [{ start: utc("2026-10-03T15:00"), end: utc("2026-10-03T15:40") }],
    });
    expect(placed).toStrictEqual([
      { slot: 0, plannedTime: "01:45", time: "02:40", at: utc("2026-10-03T15:40"), moved: "busy" },
    ]);
  });

  it("Europe/London, spring forward: from 00:30 GMT to 02:00 BST, 30 minutes later", () => {
    const placed = place({
      zone: "Europe/London",
      localDate: "2026-03-29",
      now: utc("2026-03-28T20:00"),
      breaks: [brk(0, "00:30"), brk(1, "09:00")],
      // 00:00 GMT to 02:00 BST, and 09:00-09:30 BST
      busy: [
        { start: utc("2026-03-29T00:00"), end: utc("2026-03-29T01:00") },
        { start: utc("2026-03-29T08:00"), end: utc("2026-03-29T08:30") },
      ],
    });
    expect(placed).toStrictEqual([
      { slot: 0, plannedTime: "00:30", time: "02:00", at: utc("2026-03-29T01:00"), moved: "busy" },
      { slot: 1, plannedTime: "09:00", time: "08:50", at: utc("2026-03-29T07:50"), moved: "busy" },
    ]);
  });
});
