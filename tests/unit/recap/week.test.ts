// The weekly recap's numbers (issue 33): the week in the user's zone (DST included), joined
// mid-week, best day ties, the change from the week before, and the planned minutes of a break.
import { describe, expect, it } from "vitest";
import {
  isEmptyRecap,
  lastFinishedWeek,
  mondayOf,
  plannedMinutes,
  recapDueWeek,
  recapSendTime,
  weekRecap,
  type DoneBreak,
} from "@/lib/recap/week";

const done = (date: string, minutes = 5, n = 1): DoneBreak[] => Array.from({ length: n }, () => ({ date, minutes }));

describe("the week", () => {
  it("finds the Monday of any day (Sunday belongs to the week before)", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-28")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-30")).toBe("2026-11-30");
  });

  it("takes the last finished week in the user's zone, not in UTC", () => {
    // Monday 2026-11-30 03:00 UTC: still Sunday evening in New York, already Monday in Tokyo.
    const at = new Date("2026-11-30T03:00:00Z");
    expect(lastFinishedWeek(at, "America/New_York")).toBe("2026-11-16");
    expect(lastFinishedWeek(at, "Asia/Tokyo")).toBe("2026-11-23");
    expect(lastFinishedWeek(at, "UTC")).toBe("2026-11-23");
  });

  it("crosses spring-forward correctly (Berlin, 29 March 2026: UTC+1 → UTC+2)", () => {
    // 22:30 UTC on Sunday 29 March is 00:30 on Monday 30 March in Berlin (summer time); with the
    // winter offset it would still be Sunday 23:30.
    expect(lastFinishedWeek(new Date("2026-03-29T22:30:00Z"), "Europe/Berlin")).toBe("2026-03-23");
    expect(lastFinishedWeek(new Date("2026-03-29T21:30:00Z"), "Europe/Berlin")).toBe("2026-03-16");
  });

  it("crosses fall-back correctly (New York, 1 November 2026: UTC-4 → UTC-5)", () => {
    // 04:30 UTC on Monday 2 November is 23:30 on Sunday 1 November in New York (standard time).
    expect(lastFinishedWeek(new Date("2026-11-02T04:30:00Z"), "America/New_York")).toBe("2026-10-19");
    expect(lastFinishedWeek(new Date("2026-11-02T05:30:00Z"), "America/New_York")).toBe("2026-10-26");
  });

  it("is due on Monday at or after the first break time (09:00 without one), for the week just ended", () => {
    expect(recapSendTime(["15:00", "10:30"])).toBe("10:30");
    expect(recapSendTime([])).toBe("09:00");
    const tz = "Europe/London";
    expect(recapDueWeek(new Date("2026-11-30T10:29:00Z"), tz, ["10:30"])).toBeNull();
    expect(recapDueWeek(new Date("2026-11-30T10:30:00Z"), tz, ["10:30"])).toBe("2026-11-23");
    expect(recapDueWeek(new Date("2026-11-30T08:59:00Z"), tz, [])).toBeNull();
    expect(recapDueWeek(new Date("2026-11-30T09:00:00Z"), tz, [])).toBe("2026-11-23");
    // Tuesday: not due (the Monday run sent it, or there was nothing to send).
    expect(recapDueWeek(new Date("2026-12-01T12:00:00Z"), tz, ["10:30"])).toBeNull();
    // Monday in Berlin after spring-forward, at its 08:00 break: 06:00 UTC.
    expect(recapDueWeek(new Date("2026-03-30T05:59:00Z"), "Europe/Berlin", ["08:00"])).toBeNull();
    expect(recapDueWeek(new Date("2026-03-30T06:00:00Z"), "Europe/Berlin", ["08:00"])).toBe("2026-03-23");
  });
});

describe("weekRecap", () => {
  it("counts breaks and minutes of the week, the best day and the change from the week before", () => {
    const r = weekRecap({
      weekStart: "2026-11-16",
      firstDay: "2026-01-01",
      currentStreak: 4,
      done: [
        ...done("2026-11-09", 10, 2), // week before: 2 breaks, 20 min
        ...done("2026-11-16", 5),
        ...done("2026-11-18", 10, 2),
        ...done("2026-11-20", 15, 2), // tie with Wednesday: the earlier day wins
        ...done("2026-11-22", 5),
        ...done("2026-11-23", 5, 2), // next week: ignored
      ],
    });
    expect(r).toMatchObject({
      weekStart: "2026-11-16",
      weekEnd: "2026-11-22",
      breaksDone: 6,
      minutesMoved: 5 + 20 + 30 + 5,
      bestDay: { date: "2026-11-18", breaksDone: 2 },
      currentStreak: 4,
      previous: { weekStart: "2026-11-09", breaksDone: 2, minutesMoved: 20 },
      change: { breaksDone: 4, minutesMoved: 40 },
    });
    expect(r.days.map((d) => d.breaksDone)).toEqual([1, 0, 2, 0, 2, 0, 1]);
  });

  it("has no best day without breaks, and a negative change when fewer were done", () => {
    const r = weekRecap({
      weekStart: "2026-11-16",
      firstDay: "2026-01-01",
      currentStreak: 0,
      done: done("2026-11-10", 5, 3),
    });
    expect(r.bestDay).toBeNull();
    expect(r.change).toEqual({ breaksDone: -3, minutesMoved: -15 });
    expect(isEmptyRecap(r)).toBe(false);
    expect(
      isEmptyRecap(weekRecap({ weekStart: "2026-11-16", firstDay: "2026-01-01", currentStreak: 0, done: [] })),
    ).toBe(true);
  });

  it("leaves out the days before the user joined (joined on Thursday)", () => {
    const r = weekRecap({
      weekStart: "2026-11-16",
      firstDay: "2026-11-19",
      currentStreak: 1,
      // Rows dated before the first day do not count.
      done: [...done("2026-11-17", 5, 2), ...done("2026-11-19", 5), ...done("2026-11-12", 5)],
    });
    expect(r.breaksDone).toBe(1);
    expect(r.minutesMoved).toBe(5);
    expect(r.days.filter((d) => d.counted).map((d) => d.date)).toEqual([
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(r.previous.breaksDone).toBe(0);
    expect(r.bestDay).toEqual({ date: "2026-11-19", breaksDone: 1 });
  });

  it("spans the DST change as seven local days (Berlin, week of 23 March 2026)", () => {
    const r = weekRecap({
      weekStart: "2026-03-23",
      firstDay: "2026-01-01",
      currentStreak: 7,
      done: [...done("2026-03-29", 5, 2), ...done("2026-03-30", 5)],
    });
    expect(r.weekEnd).toBe("2026-03-29");
    expect(r.days).toHaveLength(7);
    expect(r.breaksDone).toBe(2);
    expect(r.bestDay).toEqual({ date: "2026-03-29", breaksDone: 2 });
  });

  it("refuses a week that does not start on Monday", () => {
    expect(() => weekRecap({ weekStart: "2026-11-17", firstDay: "2026-01-01", currentStreak: 0, done: [] })).toThrow(
      RangeError,
    );
  });
});

describe("plannedMinutes", () => {
  const plan = {
    fingerprint: "10|medium|abc",
    slots: [
      { source: "library", exercises: [{ minutes: 4 }, { minutes: 6 }] },
      { source: "library", exercises: [] },
    ],
  };
  it("sums the slot's exercises, else the plan's length, else the user's length now", () => {
    expect(plannedMinutes(plan, 0, 5)).toBe(10);
    expect(plannedMinutes(plan, 1, 5)).toBe(10);
    expect(
      plannedMinutes(
        { ...plan, fingerprint: "15|low|x", slots: JSON.stringify([{ exercises: [{ minutes: 7 }, { minutes: 8 }] }]) },
        0,
        5,
      ),
    ).toBe(15);
    expect(plannedMinutes({ fingerprint: "bad", slots: "[]" }, 0, 5)).toBe(5);
    expect(plannedMinutes(undefined, 0, 15)).toBe(15);
  });
});
