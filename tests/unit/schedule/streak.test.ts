import { describe, expect, it } from "vitest";
import {
  advanceStreak,
  bestStreak,
  classifyDay,
  DAY_STATUSES,
  dayStatus,
  STREAK_EFFECT,
  currentStreak,
  daysToEvaluate,
  MAX_STREAK_DAYS,
  scheduledBreaks,
  type DayInfo,
  type StreakState,
} from "@/lib/progress/streak-rule";
import { addDays, localDate, localDateTimeToUtc, localWeekday } from "@/lib/schedule/time";

// Day builders. Dates in January 2026: the 5th is a Monday.
const day = (date: string, scheduled: number, completed: number, extra: Partial<DayInfo> = {}): DayInfo => ({
  date,
  scheduled,
  completed,
  pausedAllDay: false,
  pausedPartly: false,
  ...extra,
});
const done = (date: string) => day(date, 2, 2);
const off = (date: string) => day(date, 0, 0);
const missed = (date: string) => day(date, 2, 0);
const start: StreakState = { count: 0, asOf: null };

describe("classifyDay", () => {
  it.each([
    // scheduled, completed, pausedAllDay, pausedPartly, expected
    [2, 2, false, false, "complete"],
    [1, 1, false, false, "complete"],
    [2, 3, false, false, "complete"], // more completions than breaks still counts
    [2, 1, false, false, "missed"], // one of two breaks done is not complete
    [2, 0, false, false, "missed"],
    [1, 0, false, false, "missed"],
    [0, 0, false, false, "neutral"], // inactive day
    [0, 2, false, false, "neutral"], // completions on an inactive day do not count
    [2, 0, true, false, "neutral"], // paused all day
    [2, 2, true, false, "complete"], // paused all day but every break done: counts (pausing stops e-mails only)
    [2, 1, false, true, "neutral"], // partly paused and incomplete: not punished
    [2, 0, false, true, "neutral"],
    [2, 2, false, true, "complete"], // partly paused but complete: counts
    [0, 0, true, true, "neutral"],
  ] as const)(
    "scheduled=%i completed=%i pausedAllDay=%s pausedPartly=%s → %s",
    (scheduled, completed, pausedAllDay, pausedPartly, expected) => {
      expect(classifyDay({ scheduled, completed, pausedAllDay, pausedPartly })).toBe(expected);
    },
  );
});

describe("dayStatus (the one classifier behind both the streak and the history)", () => {
  it.each([
    // scheduled, completed, pausedAllDay, pausedPartly, expected
    [2, 2, false, false, "complete"],
    [2, 3, false, false, "complete"],
    [2, 1, false, false, "partial"], // some but not all done
    [2, 0, false, false, "missed"],
    [1, 0, false, false, "missed"],
    [0, 0, false, false, "rest"],
    [0, 2, false, false, "rest"], // completions on an inactive day: still a rest day
    [0, 0, true, false, "rest"], // nothing was scheduled, paused or not
    [2, 0, true, false, "paused"],
    [2, 2, true, false, "complete"], // paused all day but every break done: counts (pausing stops e-mails only)
    [2, 1, true, false, "paused"], // paused and incomplete: neutral
    [2, 1, false, true, "paused"], // partly paused and incomplete: not punished
    [2, 2, false, true, "complete"],
  ] as const)(
    "scheduled=%i completed=%i pausedAllDay=%s pausedPartly=%s → %s",
    (scheduled, completed, pausedAllDay, pausedPartly, expected) => {
      expect(dayStatus({ scheduled, completed, pausedAllDay, pausedPartly })).toBe(expected);
    },
  );

  it("classifyDay is exactly the streak effect of dayStatus, for every combination", () => {
    for (let scheduled = 0; scheduled <= 2; scheduled++)
      for (let completed = 0; completed <= 3; completed++)
        for (const pausedAllDay of [false, true])
          for (const pausedPartly of [false, true]) {
            const d = { scheduled, completed, pausedAllDay, pausedPartly };
            expect(classifyDay(d)).toBe(STREAK_EFFECT[dayStatus(d)]);
          }
    expect(Object.keys(STREAK_EFFECT).sort()).toEqual([...DAY_STATUSES].sort());
  });
});

describe("bestStreak", () => {
  it("is the longest run under advanceStreak's rule: rest and paused days keep it, partial and missed end it", () => {
    const days = [
      done("2026-01-05"),
      done("2026-01-06"),
      day("2026-01-07", 2, 1), // partial: resets
      done("2026-01-08"),
      done("2026-01-09"),
      off("2026-01-10"), // rest
      day("2026-01-11", 2, 0, { pausedAllDay: true }), // paused
      done("2026-01-12"),
      missed("2026-01-13"),
      done("2026-01-14"),
    ];
    expect(bestStreak(days)).toBe(3);
    expect(bestStreak([])).toBe(0);
    expect(bestStreak([off("2026-01-10"), missed("2026-01-11")])).toBe(0);
  });
  it("never exceeds what advanceStreak counts at any point", () => {
    const days = Array.from({ length: 60 }, (_, i) => {
      const date = addDays("2026-01-01", i);
      return i % 11 === 7 ? missed(date) : i % 5 === 0 ? off(date) : done(date);
    });
    let state = start;
    let max = 0;
    for (const d of days) {
      state = advanceStreak(state, [d]);
      max = Math.max(max, state.count);
    }
    expect(bestStreak(days)).toBe(max);
    expect(max).toBeGreaterThan(0);
  });
  it("a hole between days restarts the run, as in advanceStreak", () => {
    expect(bestStreak([done("2026-01-05"), done("2026-01-06"), done("2026-01-09")])).toBe(2);
  });
});

describe("scheduledBreaks", () => {
  const s = { times: ["10:00", "15:00"], activeDays: [1, 2, 3, 4, 5] };
  it("counts the times on an active weekday and 0 otherwise", () => {
    expect(scheduledBreaks(s, "2026-01-05")).toBe(2); // Monday
    expect(scheduledBreaks(s, "2026-01-10")).toBe(0); // Saturday
    expect(scheduledBreaks({ ...s, times: ["12:00"] }, "2026-01-06")).toBe(1);
    expect(scheduledBreaks({ ...s, activeDays: [] }, "2026-01-06")).toBe(0);
  });
  it("does not count malformed stored times", () => {
    expect(scheduledBreaks({ ...s, times: ["10:00", "nope"] }, "2026-01-05")).toBe(1);
  });
});

describe("advanceStreak", () => {
  it("counts plain consecutive complete days", () => {
    const days = ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09"].map(done);
    expect(advanceStreak(start, days)).toMatchObject({ count: 5, asOf: "2026-01-09" });
  });

  it("does not break over weekends off", () => {
    const days = [done("2026-01-08"), done("2026-01-09"), off("2026-01-10"), off("2026-01-11"), done("2026-01-12")];
    expect(advanceStreak(start, days)).toMatchObject({ count: 3, asOf: "2026-01-12" });
  });

  it("resets on a missed active day and counts again afterwards", () => {
    const days = [done("2026-01-05"), done("2026-01-06"), missed("2026-01-07"), done("2026-01-08")];
    expect(advanceStreak(start, days)).toMatchObject({ count: 1, asOf: "2026-01-08" });
    expect(advanceStreak({ count: 40, asOf: "2026-01-06" }, [missed("2026-01-07")])).toMatchObject({
      count: 0,
      asOf: "2026-01-07",
    });
  });

  it("one of two breaks done resets", () => {
    expect(advanceStreak({ count: 3, asOf: "2026-01-05" }, [day("2026-01-06", 2, 1)])).toMatchObject({
      count: 0,
      asOf: "2026-01-06",
    });
  });

  it("treats a day paused all day as neutral", () => {
    const days = [done("2026-01-05"), day("2026-01-06", 2, 0, { pausedAllDay: true }), done("2026-01-07")];
    expect(advanceStreak(start, days)).toMatchObject({ count: 2, asOf: "2026-01-07" });
  });

  it("treats an incomplete partly-paused day as neutral but counts a complete one", () => {
    const days = [
      done("2026-01-05"),
      day("2026-01-06", 2, 1, { pausedPartly: true }), // neutral
      day("2026-01-07", 2, 2, { pausedPartly: true }), // complete
    ];
    expect(advanceStreak(start, days)).toMatchObject({ count: 2, asOf: "2026-01-07" });
  });

  it("keeps the count through a run of neutral days", () => {
    const days = [done("2026-01-05"), ...["2026-01-06", "2026-01-07", "2026-01-08"].map(off)];
    expect(advanceStreak(start, days)).toMatchObject({ count: 1, asOf: "2026-01-08" });
  });

  it("continues from a cached state", () => {
    const s1 = advanceStreak(start, [done("2026-01-05"), done("2026-01-06")]);
    const s2 = advanceStreak(s1, [done("2026-01-07")]);
    expect(s2).toMatchObject({ count: 3, asOf: "2026-01-07" });
    // Advancing in pieces equals advancing at once.
    expect(advanceStreak(start, [done("2026-01-05"), done("2026-01-06"), done("2026-01-07")])).toMatchObject(s2);
  });

  it("returns the state unchanged for no days", () => {
    expect(advanceStreak({ count: 7, asOf: "2026-01-09" }, [])).toMatchObject({ count: 7, asOf: "2026-01-09" });
    expect(advanceStreak(start, [])).toMatchObject(start);
  });

  it("skips days already counted, so an overlapping range is a no-op", () => {
    const state: StreakState = { count: 4, asOf: "2026-01-08" };
    // Re-running the same range (a retry) changes nothing, even if a day now looks missed.
    expect(advanceStreak(state, [done("2026-01-07"), missed("2026-01-08")])).toMatchObject(state);
    // Overlap plus new days: only the new ones count.
    expect(advanceStreak(state, [done("2026-01-07"), done("2026-01-08"), done("2026-01-09")])).toMatchObject({
      count: 5,
      asOf: "2026-01-09",
    });
    // Duplicates inside one call are counted once.
    expect(advanceStreak(state, [done("2026-01-09"), done("2026-01-09")])).toMatchObject({
      count: 5,
      asOf: "2026-01-09",
    });
  });

  it("restarts from 0 across a hole of unknown days", () => {
    expect(advanceStreak({ count: 10, asOf: "2026-01-05" }, [done("2026-01-08")])).toMatchObject({
      count: 1,
      asOf: "2026-01-08",
    });
    expect(advanceStreak(start, [done("2026-01-05"), done("2026-01-07")])).toMatchObject({
      count: 1,
      asOf: "2026-01-07",
    });
  });

  it("handles month and year boundaries as consecutive", () => {
    expect(advanceStreak({ count: 2, asOf: "2026-12-31" }, [done("2027-01-01")])).toMatchObject({
      count: 3,
      asOf: "2027-01-01",
    });
    expect(advanceStreak({ count: 2, asOf: "2028-02-28" }, [done("2028-02-29"), done("2028-03-01")])).toMatchObject({
      count: 4,
      asOf: "2028-03-01",
    });
  });
});

describe("currentStreak", () => {
  const state: StreakState = { count: 5, asOf: "2026-01-08" };
  it("adds 1 when today is complete", () => {
    expect(currentStreak(state, done("2026-01-09"))).toBe(6);
    expect(currentStreak(start, done("2026-01-09"))).toBe(1);
  });
  it("adds 0 and never resets for an incomplete today", () => {
    expect(currentStreak(state, missed("2026-01-09"))).toBe(5);
    expect(currentStreak(state, day("2026-01-09", 2, 1))).toBe(5);
    expect(currentStreak(state, off("2026-01-10"))).toBe(5);
    expect(currentStreak(state, day("2026-01-09", 2, 1, { pausedAllDay: true }))).toBe(5);
  });
  it("a paused (all day or partly) but complete today counts", () => {
    expect(currentStreak(state, day("2026-01-09", 2, 2, { pausedAllDay: true }))).toBe(6);
    expect(currentStreak(state, day("2026-01-09", 2, 2, { pausedPartly: true }))).toBe(6);
  });
  it("does not add a today that is already in the cache", () => {
    expect(currentStreak(state, done("2026-01-08"))).toBe(5);
    expect(currentStreak(state, done("2026-01-07"))).toBe(5);
  });
});

describe("daysToEvaluate", () => {
  it("starts at the first day when nothing is cached", () => {
    expect(daysToEvaluate(null, "2026-01-05", "2026-01-08")).toEqual([
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
      "2026-01-08",
    ]);
  });
  it("starts the day after asOf", () => {
    expect(daysToEvaluate("2026-01-06", "2026-01-01", "2026-01-08")).toEqual(["2026-01-07", "2026-01-08"]);
  });
  it("never starts before the first day", () => {
    expect(daysToEvaluate("2025-12-01", "2026-01-07", "2026-01-08")).toEqual(["2026-01-07", "2026-01-08"]);
  });
  it("is empty when the cache is up to date or ahead", () => {
    expect(daysToEvaluate("2026-01-08", "2026-01-01", "2026-01-08")).toEqual([]);
    expect(daysToEvaluate("2026-01-09", "2026-01-01", "2026-01-08")).toEqual([]);
  });
  it("is empty for a user who started today", () => {
    expect(daysToEvaluate(null, "2026-01-09", "2026-01-08")).toEqual([]);
  });
  it("returns exactly yesterday in the daily case", () => {
    expect(daysToEvaluate("2026-01-07", "2025-06-01", "2026-01-08")).toEqual(["2026-01-08"]);
  });
  it("crosses month, year and leap-day boundaries", () => {
    expect(daysToEvaluate("2026-12-30", "2026-01-01", "2027-01-02")).toEqual([
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(daysToEvaluate("2028-02-27", "2026-01-01", "2028-03-01")).toEqual([
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
  });
  it("caps the range at the most recent 400 days", () => {
    const days = daysToEvaluate(null, "2020-01-01", "2026-01-08");
    expect(MAX_STREAK_DAYS).toBe(400);
    expect(days).toHaveLength(400);
    expect(days.at(-1)).toBe("2026-01-08");
    expect(days[0]).toBe(addDays("2026-01-08", -399));
    expect(daysToEvaluate(null, addDays("2026-01-08", -399), "2026-01-08")).toHaveLength(400);
    expect(daysToEvaluate(null, addDays("2026-01-08", -400), "2026-01-08")).toHaveLength(400);
  });
  it("a capped range can only undercount: the hole before it resets the cached count", () => {
    const asOf = "2024-01-01";
    const days = daysToEvaluate(asOf, "2023-01-01", "2026-01-08");
    expect(days).toHaveLength(400);
    const state = advanceStreak({ count: 999, asOf }, days.map(done));
    expect(state).toMatchObject({ count: 400, asOf: "2026-01-08" });
  });
  it("rejects malformed dates instead of looping", () => {
    expect(() => daysToEvaluate(null, "2026-01-01", "zzzz")).toThrow(RangeError);
    expect(() => daysToEvaluate(null, "nope", "2026-01-08")).toThrow(RangeError);
  });
});

describe("timezone changes", () => {
  // The cache was advanced in Asia/Tokyo through Tokyo's 2026-05-10. The user then moves to
  // America/Los_Angeles, where it is still 2026-05-10 (a day behind).
  const cached: StreakState = { count: 6, asOf: "2026-05-10" };
  const now = new Date("2026-05-10T20:00:00Z"); // Tokyo: 05-11 05:00, Los Angeles: 05-10 13:00

  it("moving to a zone a day behind: nothing to evaluate, overlapping days are no-ops, today not double-counted", () => {
    const today = localDate(now, "America/Los_Angeles");
    expect(today).toBe("2026-05-10");
    const yesterday = addDays(today, -1);
    expect(daysToEvaluate(cached.asOf, "2026-01-01", yesterday)).toEqual([]);
    expect(advanceStreak(cached, [])).toMatchObject(cached);
    expect(advanceStreak(cached, [missed("2026-05-09"), missed("2026-05-10")])).toMatchObject(cached);
    expect(currentStreak(cached, done(today))).toBe(6);
    // The next local day is evaluated normally.
    expect(advanceStreak(cached, [done("2026-05-11")])).toMatchObject({ count: 7, asOf: "2026-05-11" });
  });

  it("moving to a zone a day ahead: the skipped-ahead date is simply the next one to evaluate", () => {
    const state: StreakState = { count: 6, asOf: "2026-05-09" }; // advanced in Los Angeles
    const today = localDate(now, "Asia/Tokyo");
    expect(today).toBe("2026-05-11");
    const days = daysToEvaluate(state.asOf, "2026-01-01", addDays(today, -1));
    expect(days).toEqual(["2026-05-10"]);
    const next = advanceStreak(state, days.map(done));
    expect(next).toMatchObject({ count: 7, asOf: "2026-05-10" });
    expect(currentStreak(next, done(today))).toBe(8);
    expect(currentStreak(next, missed(today))).toBe(7);
  });
});

describe("a DST week (America/New_York, spring forward on Sunday 2026-03-08)", () => {
  const tz = "America/New_York";
  const settings = { times: ["10:00", "15:00"], activeDays: [1, 2, 3, 4, 5], timezone: tz };

  // Completions as stored: instants, grouped by the user's local date.
  function dayInfos(dates: string[], completions: { at: Date; slot: number }[]): DayInfo[] {
    return dates.map((date) => {
      const slots = new Set(completions.filter((c) => localDate(c.at, tz) === date).map((c) => c.slot));
      return {
        date,
        scheduled: scheduledBreaks(settings, date),
        completed: slots.size,
        pausedAllDay: false,
        pausedPartly: false,
      };
    });
  }
  const completeAll = (dates: string[]) =>
    dates.flatMap((date) =>
      localWeekday(date) >= 1 && localWeekday(date) <= 5
        ? settings.times.map((time, slot) => ({
            at: new Date(localDateTimeToUtc(date, time, tz).getTime() + 5 * 60_000),
            slot,
          }))
        : [],
    );

  const dates = daysToEvaluate(null, "2026-03-02", "2026-03-13");

  it("enumerates each calendar day once, including the 23-hour Sunday", () => {
    expect(dates).toHaveLength(12);
    expect(dates).toContain("2026-03-08");
    expect(new Set(dates).size).toBe(12);
  });

  it("counts every weekday of both weeks", () => {
    expect(advanceStreak(start, dayInfos(dates, completeAll(dates)))).toMatchObject({ count: 10, asOf: "2026-03-13" });
  });

  it("a late-evening completion lands on its local date, not the UTC one", () => {
    // Monday 2026-03-09 23:30 EDT is Tuesday 03:30Z; it still completes Monday's second break.
    const completions = completeAll(dates).filter((c) => localDate(c.at, tz) !== "2026-03-09" || c.slot === 0);
    completions.push({ at: new Date("2026-03-10T03:30:00Z"), slot: 1 });
    expect(advanceStreak(start, dayInfos(dates, completions))).toMatchObject({ count: 10, asOf: "2026-03-13" });
  });

  it("missing Monday after the transition resets", () => {
    const completions = completeAll(dates).filter((c) => localDate(c.at, tz) !== "2026-03-09");
    expect(advanceStreak(start, dayInfos(dates, completions))).toMatchObject({ count: 4, asOf: "2026-03-13" });
  });
});
