import { describe, expect, it } from "vitest";
import { dashboardNumbers, todaySchedule } from "@/lib/schedule/today";

const weekdays = [1, 2, 3, 4, 5];
const ny = { times: ["10:00", "15:00"], activeDays: weekdays, timezone: "America/New_York" };
const none = new Set<number>();

describe("todaySchedule", () => {
  it("lists both breaks on an active day with display times", () => {
    // Monday 2026-01-05 09:00 EST
    const s = todaySchedule(ny, new Date("2026-01-05T14:00:00Z"), none);
    expect(s).toEqual({
      localDate: "2026-01-05",
      weekday: 1,
      isActiveDay: true,
      entries: [
        {
          slot: 0,
          time: "10:00",
          timeDisplay: "10:00 AM",
          completed: false,
          at: new Date("2026-01-05T15:00:00Z"),
          past: false,
          status: "upcoming",
        },
        {
          slot: 1,
          time: "15:00",
          timeDisplay: "3:00 PM",
          completed: false,
          at: new Date("2026-01-05T20:00:00Z"),
          past: false,
          status: "upcoming",
        },
      ],
    });
  });

  it("marks entries past once their local time has been reached (inclusive)", () => {
    const at = (iso: string) => todaySchedule(ny, new Date(iso), none).entries.map((e) => e.past);
    expect(at("2026-01-05T14:59:59Z")).toEqual([false, false]);
    expect(at("2026-01-05T15:00:00Z")).toEqual([true, false]); // exactly 10:00 EST
    expect(at("2026-01-05T20:00:00Z")).toEqual([true, true]);
  });

  it("reports completed slots", () => {
    const s = todaySchedule(ny, new Date("2026-01-05T21:00:00Z"), new Set([1]));
    expect(s.entries.map((e) => e.completed)).toEqual([false, true]);
  });

  it("is empty on a non-active day", () => {
    const s = todaySchedule(ny, new Date("2026-01-10T16:00:00Z"), none); // Saturday
    expect(s).toMatchObject({ localDate: "2026-01-10", weekday: 6, isActiveDay: false, entries: [] });
  });

  it("uses the user's local date, not the UTC date", () => {
    // 2026-01-10 02:00Z is Saturday in UTC but still Friday evening in New York.
    const s = todaySchedule(ny, new Date("2026-01-10T02:00:00Z"), none);
    expect(s.localDate).toBe("2026-01-09");
    expect(s.weekday).toBe(5);
    expect(s.isActiveDay).toBe(true);
    expect(s.entries.every((e) => e.past)).toBe(true);

    // 2026-01-04 22:00Z is Sunday in UTC but already Monday morning in Sydney (UTC+11).
    const syd = todaySchedule({ ...ny, timezone: "Australia/Sydney" }, new Date("2026-01-04T22:00:00Z"), none);
    expect(syd).toMatchObject({ localDate: "2026-01-05", weekday: 1, isActiveDay: true });
    expect(syd.entries.map((e) => e.past)).toEqual([false, false]); // it is 09:00 there
  });

  it("handles half-hour offsets (America/St_Johns, Asia/Kolkata)", () => {
    // 10:00 NST = 13:30Z
    const nf = { ...ny, timezone: "America/St_Johns" };
    expect(todaySchedule(nf, new Date("2026-01-05T13:29:00Z"), none).entries[0]?.past).toBe(false);
    expect(todaySchedule(nf, new Date("2026-01-05T13:30:00Z"), none).entries[0]?.past).toBe(true);
    // 15:00 IST = 09:30Z
    const ind = { ...ny, timezone: "Asia/Kolkata" };
    expect(todaySchedule(ind, new Date("2026-01-05T09:29:00Z"), none).entries[1]?.past).toBe(false);
    expect(todaySchedule(ind, new Date("2026-01-05T09:30:00Z"), none).entries[1]?.past).toBe(true);
  });

  it("compares instants on a DST day (New York spring forward)", () => {
    const sunday = { ...ny, activeDays: [0] };
    // 2026-03-08 10:00 EDT = 14:00Z (not 15:00Z as on the Saturday before).
    expect(todaySchedule(sunday, new Date("2026-03-08T13:59:00Z"), none).entries[0]?.past).toBe(false);
    expect(todaySchedule(sunday, new Date("2026-03-08T14:00:00Z"), none).entries[0]?.past).toBe(true);
  });

  it("supports a single time and keeps slot indices", () => {
    const s = todaySchedule({ ...ny, times: ["12:00"] }, new Date("2026-01-05T12:00:00Z"), none);
    expect(s.entries).toEqual([
      {
        slot: 0,
        time: "12:00",
        timeDisplay: "12:00 PM",
        completed: false,
        at: new Date("2026-01-05T17:00:00Z"),
        past: false,
        status: "upcoming",
      },
    ]);
  });

  it("skips a malformed stored time but keeps the other slot's index", () => {
    const s = todaySchedule({ ...ny, times: ["oops", "15:00"] }, new Date("2026-01-05T12:00:00Z"), new Set([0, 1]));
    expect(s.entries.map((e) => e.slot)).toEqual([1]);
  });

  it("falls back to UTC for an invalid stored timezone", () => {
    const s = todaySchedule({ ...ny, timezone: "Bogus/Zone" }, new Date("2026-01-05T10:00:00Z"), none);
    expect(s.localDate).toBe("2026-01-05");
    expect(s.entries.map((e) => e.past)).toEqual([true, false]);
  });

  it("ignores completions of slots that do not exist", () => {
    const s = todaySchedule(ny, new Date("2026-01-05T21:00:00Z"), new Set([0, 1, 5]));
    expect(s.entries).toHaveLength(2);
  });
});

describe("dashboardNumbers", () => {
  const entry = (slot: number, completed: boolean) => ({
    slot,
    time: "10:00",
    timeDisplay: "10:00 AM",
    completed,
    at: new Date("2026-01-05T15:00:00Z"),
    past: true,
    status: completed ? ("done" as const) : ("missed" as const),
  });

  it("counts completed and total breaks", () => {
    expect(dashboardNumbers({ entries: [entry(0, true), entry(1, false)] })).toEqual({
      completedToday: 1,
      totalToday: 2,
    });
    expect(dashboardNumbers({ entries: [entry(0, true), entry(1, true)] })).toEqual({
      completedToday: 2,
      totalToday: 2,
    });
  });

  it("is 0 of 0 on a non-active day", () => {
    expect(dashboardNumbers({ entries: [] })).toEqual({ completedToday: 0, totalToday: 0 });
  });

  it("works straight from todaySchedule", () => {
    const s = todaySchedule(ny, new Date("2026-01-05T21:00:00Z"), new Set([0]));
    expect(dashboardNumbers(s)).toEqual({ completedToday: 1, totalToday: 2 });
    const weekend = todaySchedule(ny, new Date("2026-01-11T21:00:00Z"), new Set());
    expect(dashboardNumbers(weekend)).toEqual({ completedToday: 0, totalToday: 0 });
    // Breaks done on a day later taken off the schedule stay (results are never rewritten).
    const doneThenOff = todaySchedule(ny, new Date("2026-01-11T21:00:00Z"), new Set([0, 1]));
    expect(dashboardNumbers(doneThenOff)).toEqual({ completedToday: 2, totalToday: 2 });
  });
});
