// The schedule history's rule (lib/schedule/versions.ts): a change never rewrites a day already
// begun, applies from the next break not yet due, and a break done stays a break of its day.
import { describe, expect, it } from "vitest";
import { nextBreakAfter } from "@/lib/schedule/due";
import { dayStatus } from "@/lib/progress/streak-rule";
import { dashboardNumbers, todaySchedule } from "@/lib/schedule/today";
import { breaksOn, countOn, slotsOn, spansOf, type ScheduleVersion } from "@/lib/schedule/versions";
import { dayFacts } from "@/lib/progress/days";

const ALL = [0, 1, 2, 3, 4, 5, 6];
const v = (from: string | number, times: string[], activeDays = ALL, timezone = "UTC"): ScheduleVersion => ({
  from: typeof from === "number" ? from : Date.parse(from),
  times,
  activeDays,
  timezone,
});
const at = (iso: string) => new Date(iso);
const times = (list: { time: string }[]) => list.map((b) => b.time);

describe("spansOf", () => {
  it("is the current settings alone without stored versions", () => {
    expect(spansOf({ times: ["10:00"], activeDays: [1], timezone: "Bogus/Zone" })).toEqual([
      { from: -Infinity, to: Infinity, times: ["10:00"], activeDays: [1], timezone: "UTC" },
    ]);
  });

  it("orders versions, lets the oldest reach back and the newest carry the current settings; each starts a reminder window early", () => {
    const spans = spansOf({
      times: ["09:00"],
      activeDays: [2],
      timezone: "Europe/Paris",
      versions: [v("2026-03-10T11:00:00Z", ["12:00"]), v(0, ["10:00", "15:00"])],
    });
    expect(spans.map((s) => [s.from, s.to, s.times, s.activeDays, s.timezone])).toEqual([
      [-Infinity, Date.parse("2026-03-10T10:30:00Z"), ["10:00", "15:00"], ALL, "UTC"],
      [Date.parse("2026-03-10T10:30:00Z"), Infinity, ["09:00"], [2], "Europe/Paris"],
    ]);
  });
});

describe("breaksOn: a change at 11:00 on Tuesday 2026-03-10 (UTC)", () => {
  const change = "2026-03-10T11:00:00Z";
  const old = v(0, ["10:00", "15:00"]);

  it("keeps the days before it and judges the days after it by the new schedule", () => {
    const spans = spansOf({
      times: ["09:00"],
      activeDays: [1, 3, 5],
      timezone: "UTC",
      versions: [old, v(change, ["09:00"], [1, 3, 5])],
    });
    expect(times(breaksOn(spans, "2026-03-09"))).toEqual(["10:00", "15:00"]); // Monday: old
    expect(times(breaksOn(spans, "2026-03-11"))).toEqual(["09:00"]); // Wednesday: new
    expect(breaksOn(spans, "2026-03-12")).toEqual([]); // Thursday is off now
  });

  it("unticking today keeps the break already due and drops the one not yet due", () => {
    const spans = spansOf({
      times: ["10:00", "15:00"],
      activeDays: [1],
      timezone: "UTC",
      versions: [old, v(change, ["10:00", "15:00"], [1])],
    });
    expect(breaksOn(spans, "2026-03-10")).toEqual([{ slot: 0, time: "10:00", at: at("2026-03-10T10:00:00Z") }]);
  });

  it("a break done early stays a break of its day after today is unticked (results stay)", () => {
    const spans = spansOf({
      times: ["10:00", "15:00"],
      activeDays: [1],
      timezone: "UTC",
      versions: [old, v(change, ["10:00", "15:00"], [1])],
    });
    expect(times(breaksOn(spans, "2026-03-10", new Set([0, 1])))).toEqual(["10:00", "15:00"]);
    expect(countOn(spans, "2026-03-10", new Set([0, 1]))).toEqual({ scheduled: 2, completed: 2 });
    expect(
      dayStatus({ ...countOn(spans, "2026-03-10", new Set([0, 1])), pausedAllDay: false, pausedPartly: false }),
    ).toBe("complete");
  });

  it("a new time not yet due applies today; one already past is not a break today", () => {
    const later = spansOf({
      times: ["10:00", "16:00"],
      activeDays: ALL,
      timezone: "UTC",
      versions: [old, v(change, ["10:00", "16:00"])],
    });
    expect(times(breaksOn(later, "2026-03-10"))).toEqual(["10:00", "16:00"]);
    const earlier = spansOf({
      times: ["08:00", "15:00"],
      activeDays: ALL,
      timezone: "UTC",
      versions: [old, v("2026-03-10T09:00:00Z", ["08:00", "15:00"])],
    });
    // 10:00 was not yet due at 09:00, and 08:00 had passed: slot 0 has no break that day.
    expect(times(breaksOn(earlier, "2026-03-10"))).toEqual(["15:00"]);
    expect(times(breaksOn(earlier, "2026-03-11"))).toEqual(["08:00", "15:00"]);
  });

  it("a break whose reminder is still due (passed under 30 minutes ago) follows the new schedule", () => {
    // Saved at 10:20: the 10:00 break is still due, so unticking today drops it, and a new 10:10 is one.
    const off = spansOf({
      times: ["10:00", "15:00"],
      activeDays: [1],
      timezone: "UTC",
      versions: [old, v("2026-03-10T10:20:00Z", ["10:00", "15:00"], [1])],
    });
    expect(breaksOn(off, "2026-03-10")).toEqual([]);
    const moved = spansOf({
      times: ["10:10", "15:00"],
      activeDays: ALL,
      timezone: "UTC",
      versions: [old, v("2026-03-10T10:20:00Z", ["10:10", "15:00"])],
    });
    expect(times(breaksOn(moved, "2026-03-10"))).toEqual(["10:10", "15:00"]);
  });

  it("a slot has one break a day: the one already due keeps it", () => {
    const spans = spansOf({
      times: ["16:00"],
      activeDays: ALL,
      timezone: "UTC",
      versions: [old, v(change, ["16:00"])],
    });
    expect(breaksOn(spans, "2026-03-10")).toEqual([{ slot: 0, time: "10:00", at: at("2026-03-10T10:00:00Z") }]);
    expect(times(breaksOn(spans, "2026-03-11"))).toEqual(["16:00"]);
  });

  it("a timezone change judges each break in the zone it was set in", () => {
    const spans = spansOf({
      times: ["10:00", "15:00"],
      activeDays: ALL,
      timezone: "Asia/Tokyo",
      versions: [old, v(change, ["10:00", "15:00"], ALL, "Asia/Tokyo")],
    });
    // 10:00 UTC was due before 11:00 UTC; 15:00 Tokyo (06:00 UTC) had passed; 15:00 UTC had not.
    expect(breaksOn(spans, "2026-03-10").map((b) => b.at.toISOString())).toEqual(["2026-03-10T10:00:00.000Z"]);
    expect(breaksOn(spans, "2026-03-11").map((b) => b.at.toISOString())).toEqual([
      "2026-03-11T01:00:00.000Z",
      "2026-03-11T06:00:00.000Z",
    ]);
  });

  it("is in time order whatever the slot order", () => {
    const spans = spansOf({ times: ["22:00", "09:00"], activeDays: ALL, timezone: "UTC" });
    expect(breaksOn(spans, "2026-03-10").map((b) => [b.slot, b.time])).toEqual([
      [1, "09:00"],
      [0, "22:00"],
    ]);
    expect(slotsOn(spans, "2026-03-10")).toEqual([0, 1]);
  });
});

describe("countOn agrees with breaksOn on every day around changes (its fast path included)", () => {
  it("over two months with changes of times, days and zone", () => {
    const spans = spansOf({
      times: ["07:30"],
      activeDays: [0, 6],
      timezone: "America/New_York",
      versions: [
        v(0, ["10:00", "15:00"], [1, 2, 3, 4, 5], "Europe/Berlin"),
        v("2026-03-03T12:34:00Z", ["23:30", "06:00"], ALL, "Pacific/Auckland"),
        v("2026-03-20T02:00:00Z", ["07:30"], [0, 6], "America/New_York"),
      ],
    });
    for (let d = Date.parse("2026-02-20"); d <= Date.parse("2026-04-10"); d += 86_400_000) {
      const date = new Date(d).toISOString().slice(0, 10);
      for (const done of [new Set<number>(), new Set([0]), new Set([0, 1])]) {
        const full = breaksOn(spans, date, done);
        expect(countOn(spans, date, done)).toEqual({
          scheduled: full.length,
          completed: full.filter((b) => done.has(b.slot)).length,
        });
      }
    }
  });
});

describe("today and the streak read the versions", () => {
  const versions = [v(0, ["10:00", "15:00"]), v("2026-03-10T16:00:00Z", ["10:00", "15:00"], [1])];
  const settings = { times: ["10:00", "15:00"], activeDays: [1], timezone: "UTC", versions };

  it("two breaks done today stay after unticking today: 2 of 2, and the day counts for the streak", () => {
    const s = todaySchedule(settings, at("2026-03-10T17:00:00Z"), new Set([0, 1]));
    expect(dashboardNumbers(s)).toEqual({ completedToday: 2, totalToday: 2 });
    const [facts] = dayFacts(
      ["2026-03-10"],
      settings,
      new Map([["2026-03-10", new Set([0, 1])]]),
      [],
      at("2026-03-10T17:00:00Z"),
    );
    expect(dayStatus(facts!)).toBe("complete");
  });

  it("the next days follow the new schedule", () => {
    const facts = dayFacts(["2026-03-11", "2026-03-16"], settings, new Map(), [], at("2026-03-17T00:00:00Z"));
    expect(facts.map((f) => [f.date, f.scheduled])).toEqual([
      ["2026-03-11", 0],
      ["2026-03-16", 2],
    ]);
  });
});

describe("todaySchedule: order and status", () => {
  const s = { times: ["22:00", "09:00", "12:00"], activeDays: ALL, timezone: "UTC" };

  it("lists the breaks by time, each done, missed (its reminder window gone by) or upcoming", () => {
    const t = todaySchedule(s, at("2026-03-10T12:20:00Z"), new Set([0]));
    expect(t.entries.map((e) => [e.time, e.status])).toEqual([
      ["09:00", "missed"],
      ["12:00", "upcoming"], // 20 minutes ago: its reminder is still due
      ["22:00", "done"], // done early
    ]);
    expect(todaySchedule(s, at("2026-03-10T12:30:00Z"), new Set()).entries[1]!.status).toBe("missed");
  });
});

describe("nextBreakAfter never offers a break already done", () => {
  const s = { times: ["09:00", "21:30"], activeDays: ALL, timezone: "UTC" };
  it("skips today's done slot to its next occurrence", () => {
    const now = at("2026-03-10T12:00:00Z");
    expect(nextBreakAfter(s, now)).toMatchObject({ slot: 1, localDate: "2026-03-10" });
    const doneTonight = (slot: number, _at: Date, date: string) => !(date === "2026-03-10" && slot === 1);
    expect(nextBreakAfter(s, now, doneTonight)).toMatchObject({ slot: 0, time: "09:00", localDate: "2026-03-11" });
  });
  it("is null when every occurrence is turned down", () => {
    expect(nextBreakAfter(s, at("2026-03-10T12:00:00Z"), () => false)).toBeNull();
  });
});
