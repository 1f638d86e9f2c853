import { describe, expect, it } from "vitest";
import {
  celebrationText,
  decideCelebration,
  parseCelebrationLog,
  recordCelebration,
  STREAK_MILESTONES,
  type CelebrationLog,
} from "@/components/celebrate/decide";

const DAY = "2026-03-10";
const day = (completedToday: number, totalToday: number, streakCount: number, localDate = DAY) => ({
  completedToday,
  totalToday,
  streakCount,
  localDate,
});

describe("what to celebrate", () => {
  it("nothing until today's breaks are all done", () => {
    expect(decideCelebration(day(0, 2, 0), {})).toBeNull();
    expect(decideCelebration(day(1, 2, 6), {})).toBeNull();
    // A rest day has no goal to reach.
    expect(decideCelebration(day(0, 0, 3), {})).toBeNull();
  });

  it("the day's goal, once per local date", () => {
    expect(decideCelebration(day(2, 2, 1), {})).toEqual({ kind: "goal", total: 2 });
    // More than scheduled (an e-mail link after a schedule change) still counts as the goal.
    expect(decideCelebration(day(3, 2, 1), {})).toEqual({ kind: "goal", total: 2 });
    const log = recordCelebration({ kind: "goal", total: 2 }, DAY, {});
    expect(decideCelebration(day(2, 2, 1), log)).toBeNull();
    // The next day, again.
    expect(decideCelebration(day(2, 2, 2, "2026-03-11"), log)).toEqual({ kind: "goal", total: 2 });
  });

  it("a streak milestone on the day it is reached outranks the goal, and counts as the goal too", () => {
    for (const days of STREAK_MILESTONES) {
      const shown = decideCelebration(day(2, 2, days), {});
      expect(shown).toEqual({ kind: "streak", days });
      const log = recordCelebration(shown!, DAY, {});
      expect(decideCelebration(day(2, 2, days), log)).toBeNull();
    }
  });

  it("not at other streak lengths", () => {
    for (const days of [1, 2, 4, 6, 8, 29, 31, 99, 101])
      expect(decideCelebration(day(1, 1, days), {})).toEqual({ kind: "goal", total: 1 });
  });

  it("the goal already celebrated today, then a milestone (the streak was only counted later): the milestone shows", () => {
    const log: CelebrationLog = { goal: DAY };
    expect(decideCelebration(day(2, 2, 7), log)).toEqual({ kind: "streak", days: 7 });
  });

  it("an old milestone does not block a new run reaching it again on another day", () => {
    const log: CelebrationLog = { goal: "2026-01-01", streak: { days: 3, date: "2026-01-01" } };
    expect(decideCelebration(day(1, 1, 3), log)).toEqual({ kind: "streak", days: 3 });
  });

  it("undo and redo on the same day: shown once", () => {
    let log: CelebrationLog = {};
    const first = decideCelebration(day(2, 2, 3), log)!;
    log = recordCelebration(first, DAY, log);
    expect(decideCelebration(day(1, 2, 2), log)).toBeNull(); // undone
    expect(decideCelebration(day(2, 2, 3), log)).toBeNull(); // done again
  });
});

describe("the stored log", () => {
  it("reads what it wrote, and forgets anything malformed", () => {
    const log = recordCelebration({ kind: "streak", days: 7 }, DAY, {});
    expect(parseCelebrationLog(JSON.stringify(log))).toEqual(log);
    expect(parseCelebrationLog("{nope")).toEqual({});
    expect(parseCelebrationLog(null)).toEqual({});
    expect(parseCelebrationLog({ goal: "yesterday", streak: { days: "7", date: DAY } })).toEqual({});
    expect(parseCelebrationLog({ goal: DAY, streak: { days: 3, date: "x" } })).toEqual({ goal: DAY });
  });
});

describe("the words", () => {
  it("say what was reached", () => {
    expect(celebrationText({ kind: "goal", total: 2 })).toEqual({
      title: "Daily goal reached!",
      body: "All 2 breaks done today. Nice work.",
    });
    expect(celebrationText({ kind: "goal", total: 1 }).body).toBe("Today's break is done. Nice work.");
    expect(celebrationText({ kind: "streak", days: 7 }).title).toBe("7-day streak!");
    for (const days of STREAK_MILESTONES)
      expect(celebrationText({ kind: "streak", days }).body.length).toBeGreaterThan(10);
  });
});
