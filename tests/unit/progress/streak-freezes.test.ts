import { describe, expect, it } from "vitest";
import {
  advanceStreak,
  bestStreak,
  currentFreezes,
  currentStreak,
  MAX_FREEZES,
  NO_STREAK,
  type DayInfo,
  type StreakState,
} from "@/lib/progress/streak-rule";
import { addDays } from "@/lib/schedule/time";

// Every day of 2026 from Thursday 1 January; the rule works on dates, weekdays do not matter here.
const day = (date: string, scheduled: number, completed: number, extra: Partial<DayInfo> = {}): DayInfo => ({
  date,
  scheduled,
  completed,
  pausedAllDay: false,
  pausedPartly: false,
  ...extra,
});
const done = (date: string) => day(date, 2, 2);
const missed = (date: string) => day(date, 2, 0);
const partial = (date: string) => day(date, 2, 1);
const rest = (date: string) => day(date, 0, 0);
const paused = (date: string) => day(date, 2, 0, { pausedAllDay: true });

const D0 = "2026-01-01";
const d = (i: number) => addDays(D0, i);
/** `n` complete days from day index `from`. */
const completeRun = (from: number, n: number) => Array.from({ length: n }, (_, i) => done(d(from + i)));

describe("streak freezes: earning", () => {
  it("earns none in the first 6 days and one on the 7th complete day", () => {
    expect(advanceStreak(NO_STREAK, completeRun(0, 6))).toMatchObject({ count: 6, freezes: 0 });
    expect(advanceStreak(NO_STREAK, completeRun(0, 7))).toMatchObject({ count: 7, freezes: 1, frozen: [] });
  });

  it("earns a second at 14 and holds at most 2 (none more at 21)", () => {
    expect(advanceStreak(NO_STREAK, completeRun(0, 14))).toMatchObject({ count: 14, freezes: 2 });
    expect(advanceStreak(NO_STREAK, completeRun(0, 21))).toMatchObject({ count: 21, freezes: MAX_FREEZES });
    expect(MAX_FREEZES).toBe(2);
  });

  it("counts rest and paused days as neutral: they neither earn nor spend", () => {
    const days = [...completeRun(0, 5), rest(d(5)), paused(d(6)), done(d(7)), done(d(8))];
    expect(advanceStreak(NO_STREAK, days)).toMatchObject({ count: 7, freezes: 1, frozen: [] });
  });

  it("a complete today shows the freeze it earns; an incomplete today changes nothing", () => {
    const six = advanceStreak(NO_STREAK, completeRun(0, 6));
    expect(currentFreezes(six, done(d(6)))).toBe(1);
    expect(currentStreak(six, done(d(6)))).toBe(7);
    expect(currentFreezes(six, missed(d(6)))).toBe(0);
    expect(currentStreak(six, missed(d(6)))).toBe(6);
  });
});

describe("streak freezes: spending", () => {
  const seven = advanceStreak(NO_STREAK, completeRun(0, 7)); // through d(6), 1 freeze

  it("spends one on a missed day: the streak is kept, the day adds nothing, the date is recorded", () => {
    expect(advanceStreak(seven, [missed(d(7))])).toEqual({ count: 7, asOf: d(7), freezes: 0, frozen: [d(7)] });
  });

  it("spends one on a partial day too", () => {
    expect(advanceStreak(seven, [partial(d(7))])).toEqual({ count: 7, asOf: d(7), freezes: 0, frozen: [d(7)] });
  });

  it("does not spend on rest or paused days", () => {
    expect(advanceStreak(seven, [rest(d(7)), paused(d(8))])).toEqual({
      count: 7,
      asOf: d(8),
      freezes: 1,
      frozen: [],
    });
  });

  it("two missed days with one freeze: the first is frozen, the second ends the streak", () => {
    expect(advanceStreak(seven, [missed(d(7)), missed(d(8))])).toEqual({
      count: 0,
      asOf: d(8),
      freezes: 0,
      frozen: [d(7)],
    });
  });

  it("two freezes cover two missed days; the run then goes on counting from where it was", () => {
    const fourteen = advanceStreak(NO_STREAK, completeRun(0, 14));
    const after = advanceStreak(fourteen, [missed(d(14)), partial(d(15)), done(d(16))]);
    expect(after).toEqual({ count: 15, asOf: d(16), freezes: 0, frozen: [d(14), d(15)] });
  });

  it("without a freeze a missed day ends the run and later runs start without freezes", () => {
    const six = advanceStreak(NO_STREAK, completeRun(0, 6));
    expect(advanceStreak(six, [missed(d(6))])).toMatchObject({ count: 0, freezes: 0, frozen: [] });
  });

  it("a hole in the days restarts from nothing, freezes included", () => {
    expect(advanceStreak(seven, [missed(d(9))])).toMatchObject({ count: 0, freezes: 0, frozen: [] });
  });

  it("never spends on today (an incomplete today is judged once it has finished)", () => {
    expect(currentFreezes(seven, missed(d(7)))).toBe(1);
    expect(currentStreak(seven, missed(d(7)))).toBe(7);
  });
});

describe("streak freezes: re-running and bestStreak", () => {
  const days = [...completeRun(0, 7), missed(d(7)), ...completeRun(8, 3)];

  it("re-running over the same days is a no-op (no second earning or spending)", () => {
    const once = advanceStreak(NO_STREAK, days);
    expect(once).toEqual({ count: 10, asOf: d(10), freezes: 0, frozen: [d(7)] });
    expect(advanceStreak(once, days)).toEqual(once);
    expect(advanceStreak(once, days.slice(5))).toEqual(once);
    // Folding day by day gives the same as all at once.
    let state: StreakState = NO_STREAK;
    for (const x of days) state = advanceStreak(state, [x]);
    expect(state).toEqual(once);
  });

  it("bestStreak agrees with the streak when a freeze kept it", () => {
    expect(bestStreak(days)).toBe(10);
    // Without the freeze (a missed 7th day) the best is the 6 days before it.
    expect(bestStreak([...completeRun(0, 6), missed(d(6)), ...completeRun(7, 3)])).toBe(6);
  });

  it("forgets frozen dates older than the history can show", () => {
    const long = [...completeRun(0, 7), missed(d(7)), ...completeRun(8, 400)];
    const state = advanceStreak(NO_STREAK, long);
    expect(state.frozen).toEqual([]);
    expect(state.count).toBe(407);
  });

  it("accepts a cached state stored before freezes existed (no freezes, no dates)", () => {
    expect(advanceStreak({ count: 6, asOf: d(5) }, [done(d(6)), missed(d(7))])).toEqual({
      count: 7,
      asOf: d(7),
      freezes: 0,
      frozen: [d(7)],
    });
  });
});
