import { describe, expect, it } from "vitest";
import { dueSlots, nextOccurrence, type ScheduleSettings } from "@/lib/schedule/due";
import { localDate, localTime } from "@/lib/schedule/time";

const weekdays = [1, 2, 3, 4, 5];
const everyDay = [0, 1, 2, 3, 4, 5, 6];
const settings = (timezone: string, times = ["10:00", "15:00"], activeDays = weekdays): ScheduleSettings => ({
  times,
  activeDays,
  timezone,
});
const d = (iso: string) => new Date(iso);
const summary = (slots: ReturnType<typeof dueSlots>) =>
  slots.map((s) => ({ localDate: s.localDate, slot: s.slot, time: s.time, at: s.scheduledAt.toISOString() }));

/**
 * Runs the sender every `stepMinutes` over [from, to) and collects each (localDate, slot) it would
 * send, with every scheduledAt it reported for it. A correct schedule reports each break at a single
 * instant and misses none.
 */
function sweep(s: ScheduleSettings, from: string, to: string, stepMinutes = 5) {
  const seen = new Map<string, Set<string>>();
  for (let t = d(from).getTime(); t < d(to).getTime(); t += stepMinutes * 60_000) {
    for (const slot of dueSlots(s, new Date(t))) {
      const key = `${slot.localDate} #${slot.slot}`;
      const set = seen.get(key) ?? new Set<string>();
      set.add(slot.scheduledAt.toISOString());
      seen.set(key, set);
    }
  }
  return seen;
}

describe("dueSlots: window edges", () => {
  const utc = settings("UTC");
  it("is due exactly at the scheduled instant", () => {
    expect(summary(dueSlots(utc, d("2026-01-05T10:00:00Z")))).toEqual([
      { localDate: "2026-01-05", slot: 0, time: "10:00", at: "2026-01-05T10:00:00.000Z" },
    ]);
  });
  it("is not due one millisecond before", () => {
    expect(dueSlots(utc, d("2026-01-05T09:59:59.999Z"))).toEqual([]);
  });
  it("is still due just inside the window", () => {
    expect(dueSlots(utc, d("2026-01-05T10:29:59.999Z"))).toHaveLength(1);
  });
  it("is no longer due when scheduledAt is exactly now - 30 min", () => {
    expect(dueSlots(utc, d("2026-01-05T10:30:00Z"))).toEqual([]);
  });
  it("honours a custom window", () => {
    expect(dueSlots(utc, d("2026-01-05T10:45:00Z"), 60)).toHaveLength(1);
    expect(dueSlots(utc, d("2026-01-05T10:05:00Z"), 5)).toEqual([]);
    expect(dueSlots(utc, d("2026-01-05T10:00:00Z"), 0)).toEqual([]);
  });
  it("returns both slots, oldest first, when a wide window covers them", () => {
    expect(summary(dueSlots(utc, d("2026-01-05T16:00:00Z"), 24 * 60)).map((s) => s.slot)).toEqual([0, 1]);
  });
  it("rejects a non-finite window", () => {
    expect(() => dueSlots(utc, d("2026-01-05T10:00:00Z"), Number.NaN)).toThrow(RangeError);
  });
});

describe("dueSlots: weekdays", () => {
  it("sends on active weekdays only", () => {
    const utc = settings("UTC");
    expect(dueSlots(utc, d("2026-01-09T15:10:00Z"))).toHaveLength(1); // Friday
    expect(dueSlots(utc, d("2026-01-10T15:10:00Z"))).toEqual([]); // Saturday
    expect(dueSlots(utc, d("2026-01-11T10:10:00Z"))).toEqual([]); // Sunday
    expect(dueSlots(settings("UTC", ["10:00"], [0, 6]), d("2026-01-11T10:10:00Z"))).toHaveLength(1);
  });
  it("sends nothing with no active days or no times", () => {
    expect(dueSlots(settings("UTC", ["10:00"], []), d("2026-01-05T10:10:00Z"))).toEqual([]);
    expect(dueSlots(settings("UTC", []), d("2026-01-05T10:10:00Z"))).toEqual([]);
  });
  it("judges the weekday by the user's local date, not UTC", () => {
    // Sydney Monday 2026-01-05 10:00 AEDT is Sunday 23:00 UTC.
    expect(summary(dueSlots(settings("Australia/Sydney"), d("2026-01-04T23:05:00Z")))).toEqual([
      { localDate: "2026-01-05", slot: 0, time: "10:00", at: "2026-01-04T23:00:00.000Z" },
    ]);
    // Sydney Saturday 2026-01-10 10:00 is Friday 23:00 UTC: not sent.
    expect(dueSlots(settings("Australia/Sydney"), d("2026-01-09T23:05:00Z"))).toEqual([]);
  });
});

describe("dueSlots: timezones", () => {
  it.each([
    ["UTC", "2026-01-05T10:00:00.000Z", "2026-01-05T15:00:00.000Z"],
    ["America/St_Johns", "2026-01-05T13:30:00.000Z", "2026-01-05T18:30:00.000Z"], // UTC-3:30
    ["Asia/Kolkata", "2026-01-05T04:30:00.000Z", "2026-01-05T09:30:00.000Z"], // UTC+5:30
    ["Australia/Sydney", "2026-01-04T23:00:00.000Z", "2026-01-05T04:00:00.000Z"], // UTC+11 (summer)
    ["America/New_York", "2026-01-05T15:00:00.000Z", "2026-01-05T20:00:00.000Z"],
  ])("%s: Monday breaks are due at %s and %s", (tz, first, second) => {
    const s = settings(tz);
    expect(summary(dueSlots(s, d(first)))).toEqual([{ localDate: "2026-01-05", slot: 0, time: "10:00", at: first }]);
    expect(summary(dueSlots(s, d(second)))).toEqual([{ localDate: "2026-01-05", slot: 1, time: "15:00", at: second }]);
    const minus = (iso: string, ms: number) => new Date(d(iso).getTime() - ms);
    expect(dueSlots(s, minus(first, 1))).toEqual([]);
  });

  it("follows St John's summer offset (UTC-2:30)", () => {
    expect(summary(dueSlots(settings("America/St_Johns"), d("2026-07-06T12:30:00Z")))).toEqual([
      { localDate: "2026-07-06", slot: 0, time: "10:00", at: "2026-07-06T12:30:00.000Z" },
    ]);
  });

  it("falls back to UTC for an invalid stored timezone", () => {
    expect(dueSlots(settings("Invalid/Zone"), d("2026-01-05T10:00:00Z"))).toHaveLength(1);
  });
});

describe("dueSlots: midnight wrap", () => {
  it("a 23:50 Friday break is still due at 00:10 Saturday, under Friday's date", () => {
    const friOnly = settings("UTC", ["23:50"], [5]);
    expect(summary(dueSlots(friOnly, d("2026-01-10T00:10:00Z")))).toEqual([
      { localDate: "2026-01-09", slot: 0, time: "23:50", at: "2026-01-09T23:50:00.000Z" },
    ]);
  });
  it("yesterday's weekday decides: a Saturday-only 23:50 is not due at 00:10 Saturday", () => {
    expect(dueSlots(settings("UTC", ["23:50"], [6]), d("2026-01-10T00:10:00Z"))).toEqual([]);
  });
  it("Sunday's 23:50 at 00:10 Monday needs Sunday active, whatever Monday is", () => {
    expect(dueSlots(settings("UTC", ["23:50"], weekdays), d("2026-01-12T00:10:00Z"))).toEqual([]);
    expect(dueSlots(settings("UTC", ["23:50"], [0]), d("2026-01-12T00:10:00Z"))).toHaveLength(1);
  });
  it("wraps in a half-hour zone (St John's)", () => {
    // Friday 23:50 NST = Saturday 03:20Z; 00:10 Saturday local = 03:40Z.
    expect(summary(dueSlots(settings("America/St_Johns", ["23:50"], [5]), d("2026-01-10T03:40:00Z")))).toEqual([
      { localDate: "2026-01-09", slot: 0, time: "23:50", at: "2026-01-10T03:20:00.000Z" },
    ]);
  });
  it("wraps across a year boundary in Sydney", () => {
    const s = settings("Australia/Sydney", ["23:45"], everyDay);
    // 2026-12-31 23:45 AEDT = 12:45Z; 2027-01-01 00:05 local = 13:05Z.
    expect(summary(dueSlots(s, d("2026-12-31T13:05:00Z")))).toEqual([
      { localDate: "2026-12-31", slot: 0, time: "23:45", at: "2026-12-31T12:45:00.000Z" },
    ]);
  });
  it("finds a break that a midnight DST gap moves to the evening before (America/Santiago)", () => {
    // Chile springs forward at 2026-09-06 00:00 → 01:00, so "00:30" on the 6th resolves to 23:30 on the 5th.
    const s = settings("America/Santiago", ["00:30"], [0]); // Sundays only
    const due = dueSlots(s, d("2026-09-06T03:35:00Z"));
    expect(summary(due)).toEqual([{ localDate: "2026-09-06", slot: 0, time: "00:30", at: "2026-09-06T03:30:00.000Z" }]);
    expect(localDate(due[0]!.scheduledAt, "America/Santiago")).toBe("2026-09-05");
  });
});

describe("dueSlots: DST transitions", () => {
  it("America/New_York spring forward: 10:00 is 14:00Z on the Sunday, 15:00Z the day before", () => {
    const s = settings("America/New_York", ["10:00"], everyDay);
    expect(summary(dueSlots(s, d("2026-03-07T15:00:00Z")))[0]?.at).toBe("2026-03-07T15:00:00.000Z");
    expect(summary(dueSlots(s, d("2026-03-08T14:00:00Z")))[0]?.at).toBe("2026-03-08T14:00:00.000Z");
    expect(dueSlots(s, d("2026-03-08T14:30:00Z"))).toEqual([]);
  });
  it("America/New_York fall back: 10:00 is 15:00Z on the Sunday, 14:00Z the day before", () => {
    const s = settings("America/New_York", ["10:00"], everyDay);
    expect(summary(dueSlots(s, d("2026-10-31T14:00:00Z")))[0]?.at).toBe("2026-10-31T14:00:00.000Z");
    expect(summary(dueSlots(s, d("2026-11-01T15:00:00Z")))[0]?.at).toBe("2026-11-01T15:00:00.000Z");
    expect(dueSlots(s, d("2026-11-01T14:10:00Z"))).toEqual([]);
  });
  it("Europe/London: 10:00 is 10:00Z in winter, 09:00Z in summer", () => {
    const s = settings("Europe/London", ["10:00"], everyDay);
    expect(summary(dueSlots(s, d("2026-03-28T10:00:00Z")))[0]?.at).toBe("2026-03-28T10:00:00.000Z");
    expect(summary(dueSlots(s, d("2026-03-29T09:00:00Z")))[0]?.at).toBe("2026-03-29T09:00:00.000Z");
    expect(summary(dueSlots(s, d("2026-10-25T10:00:00Z")))[0]?.at).toBe("2026-10-25T10:00:00.000Z");
  });
  it("a break inside the New York spring-forward gap (02:30) is sent once, at 01:30 EST", () => {
    const seen = sweep(
      settings("America/New_York", ["02:30"], everyDay),
      "2026-03-07T00:00:00Z",
      "2026-03-10T00:00:00Z",
    );
    expect([...seen.keys()]).toEqual(["2026-03-07 #0", "2026-03-08 #0", "2026-03-09 #0"]);
    expect([...(seen.get("2026-03-08 #0") ?? [])]).toEqual(["2026-03-08T06:30:00.000Z"]);
  });
  it.each([
    [
      "America/New_York",
      "01:30",
      "2026-10-31T00:00:00Z",
      "2026-11-03T00:00:00Z",
      ["2026-10-31", "2026-11-01", "2026-11-02"],
    ],
    [
      "Europe/London",
      "01:30",
      "2026-10-24T00:00:00Z",
      "2026-10-27T00:00:00Z",
      ["2026-10-24", "2026-10-25", "2026-10-26"],
    ],
    [
      "Europe/London",
      "01:30",
      "2026-03-28T00:00:00Z",
      "2026-03-31T00:00:00Z",
      ["2026-03-28", "2026-03-29", "2026-03-30"],
    ],
  ])("%s %s around a transition: every day sent exactly once, at one instant", (tz, time, from, to, dates) => {
    const seen = sweep(settings(tz, [time], everyDay), from, to);
    expect([...seen.keys()]).toEqual(dates.map((x) => `${x} #0`));
    for (const instants of seen.values()) expect(instants.size).toBe(1);
  });
  it("a normal two-break week across New York's spring forward sends every break once at its local time", () => {
    const s = settings("America/New_York");
    const seen = sweep(s, "2026-03-02T00:00:00Z", "2026-03-14T00:00:00Z", 10);
    expect(seen.size).toBe(20); // two weeks x 5 weekdays x 2 breaks
    for (const [key, instants] of seen) {
      const [date, slot] = key.split(" #");
      const at = new Date([...instants][0]!);
      expect(localDate(at, "America/New_York")).toBe(date);
      expect(localTime(at, "America/New_York")).toBe(slot === "0" ? "10:00" : "15:00");
    }
  });
});

describe("nextOccurrence", () => {
  const utc = settings("UTC");
  it("returns today's instant when it is still ahead", () => {
    expect(nextOccurrence(utc, 0, d("2026-01-05T09:00:00Z"))?.toISOString()).toBe("2026-01-05T10:00:00.000Z");
  });
  it("is strictly after `after`", () => {
    expect(nextOccurrence(utc, 0, d("2026-01-05T10:00:00Z"))?.toISOString()).toBe("2026-01-06T10:00:00.000Z");
    expect(nextOccurrence(utc, 0, d("2026-01-05T09:59:59.999Z"))?.toISOString()).toBe("2026-01-05T10:00:00.000Z");
  });
  it("skips inactive days (Friday afternoon → Monday)", () => {
    expect(nextOccurrence(utc, 1, d("2026-01-09T16:00:00Z"))?.toISOString()).toBe("2026-01-12T15:00:00.000Z");
  });
  it("finds a once-a-week slot a full week ahead", () => {
    const wed = settings("UTC", ["10:00"], [3]);
    expect(nextOccurrence(wed, 0, d("2026-01-07T10:00:00Z"))?.toISOString()).toBe("2026-01-14T10:00:00.000Z");
  });
  it("returns null without active days or for a missing/malformed slot", () => {
    expect(nextOccurrence(settings("UTC", ["10:00"], []), 0, d("2026-01-05T00:00:00Z"))).toBeNull();
    expect(nextOccurrence(utc, 2, d("2026-01-05T00:00:00Z"))).toBeNull();
    expect(nextOccurrence(settings("UTC", ["bad"]), 0, d("2026-01-05T00:00:00Z"))).toBeNull();
  });
  it("uses the user's zone and weekday", () => {
    // Friday 2026-01-09 20:00 in New York (01:00Z Saturday): next 10:00 is Monday 10:00 EST.
    expect(nextOccurrence(settings("America/New_York"), 0, d("2026-01-10T01:00:00Z"))?.toISOString()).toBe(
      "2026-01-12T15:00:00.000Z",
    );
    // Sydney: from Sunday 2026-01-04 22:00Z (Monday 09:00 local) the next 10:00 is an hour away.
    expect(nextOccurrence(settings("Australia/Sydney"), 0, d("2026-01-04T22:00:00Z"))?.toISOString()).toBe(
      "2026-01-04T23:00:00.000Z",
    );
    expect(nextOccurrence(settings("Asia/Kolkata"), 1, d("2026-01-05T09:00:00Z"))?.toISOString()).toBe(
      "2026-01-05T09:30:00.000Z",
    );
  });
  it("crosses DST transitions with the new offset", () => {
    const ny = settings("America/New_York", ["10:00"], everyDay);
    expect(nextOccurrence(ny, 0, d("2026-03-07T16:00:00Z"))?.toISOString()).toBe("2026-03-08T14:00:00.000Z");
    expect(nextOccurrence(ny, 0, d("2026-10-31T15:00:00Z"))?.toISOString()).toBe("2026-11-01T15:00:00.000Z");
    const ldn = settings("Europe/London", ["10:00"], [0]);
    expect(nextOccurrence(ldn, 0, d("2026-03-22T10:00:00Z"))?.toISOString()).toBe("2026-03-29T09:00:00.000Z");
  });
  it("finds a midnight-gap break that falls on the evening before (America/Santiago)", () => {
    const s = settings("America/Santiago", ["00:30"], [0]);
    expect(nextOccurrence(s, 0, d("2026-09-05T12:00:00Z"))?.toISOString()).toBe("2026-09-06T03:30:00.000Z");
  });
  it("agrees with dueSlots: the next occurrence is due at that instant", () => {
    for (const tz of ["UTC", "America/St_Johns", "Asia/Kolkata", "Australia/Sydney", "Europe/London"]) {
      const s = settings(tz);
      let after = d("2026-03-25T00:00:00Z");
      for (let i = 0; i < 12; i++) {
        const next = nextOccurrence(s, i % 2, after);
        expect(next).not.toBeNull();
        const due = dueSlots(s, next!);
        expect(due.some((x) => x.slot === i % 2 && x.scheduledAt.getTime() === next!.getTime())).toBe(true);
        after = next!;
      }
    }
  });
});
