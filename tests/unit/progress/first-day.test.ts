import { describe, expect, it } from "vitest";
import { firstDayEntries, isBeforeJoining, joinDate, notScheduledBeforeJoining } from "@/lib/progress/first-day";
import { dayFacts } from "@/lib/progress/days";
import { todaySchedule } from "@/lib/schedule/today";
import { localDateTimeToUtc } from "@/lib/schedule/time";

const tz = "America/New_York";
// Friday 2026-11-27, 7:03 PM in New York: joined after both of the day's breaks (10:30, 15:00).
const joinedAt = localDateTimeToUtc("2026-11-27", "19:03", tz);
const schedule = { times: ["10:30", "15:00"], activeDays: [1, 2, 3, 4, 5], timezone: tz };
const at = (date: string, time: string) => localDateTimeToUtc(date, time, tz);

describe("the first-day rule", () => {
  it("joinDate is the local date in the user's zone (past midnight UTC here)", () => {
    expect(joinedAt.toISOString()).toBe("2026-11-28T00:03:00.000Z");
    expect(joinDate(joinedAt, tz)).toBe("2026-11-27");
  });

  it("a break due before joining is not scheduled unless done; one at or after joining is", () => {
    expect(isBeforeJoining(at("2026-11-27", "15:00"), joinedAt, false)).toBe(true);
    expect(isBeforeJoining(at("2026-11-27", "15:00"), joinedAt, true)).toBe(false);
    expect(isBeforeJoining(joinedAt, joinedAt, false)).toBe(false);
    expect(isBeforeJoining(at("2026-11-27", "19:30"), joinedAt, false)).toBe(false);
    expect(isBeforeJoining(at("2026-11-27", "15:00"), null, false)).toBe(false);
  });

  it("counts the day's breaks before joining, leaving out done and skipped ones", () => {
    const breaks = [
      { slot: 0, at: at("2026-11-27", "10:30") },
      { slot: 1, at: at("2026-11-27", "15:00") },
    ];
    expect(notScheduledBeforeJoining(breaks, joinedAt, new Set())).toBe(2);
    expect(notScheduledBeforeJoining(breaks, joinedAt, new Set([0]))).toBe(1);
    expect(notScheduledBeforeJoining(breaks, joinedAt, new Set(), new Map([[1, "user"]]))).toBe(1);
  });
});

describe("the join day's facts (streak, history)", () => {
  const none = new Map<string, Set<number>>();

  it("joined in the evening: the join day schedules nothing (a rest-like day), the next day both", () => {
    const [first, next] = dayFacts(["2026-11-27", "2026-11-30"], schedule, none, [], new Date(), new Map(), joinedAt);
    expect(first).toMatchObject({ date: "2026-11-27", scheduled: 0, completed: 0 });
    expect(next).toMatchObject({ date: "2026-11-30", scheduled: 2, completed: 0 });
  });

  it("a break before joining done anyway counts as scheduled and done (the first win)", () => {
    const done = new Map([["2026-11-27", new Set([0])]]);
    const [first] = dayFacts(["2026-11-27"], schedule, done, [], new Date(), new Map(), joinedAt);
    expect(first).toMatchObject({ scheduled: 1, completed: 1 });
  });

  it("joined at noon: only the 15:00 break is scheduled that day", () => {
    const noon = at("2026-11-27", "12:00");
    const [first] = dayFacts(["2026-11-27"], schedule, none, [], new Date(), new Map(), noon);
    expect(first).toMatchObject({ scheduled: 1, completed: 0 });
  });

  it("without a join instant every break counts, as before", () => {
    const [first] = dayFacts(["2026-11-27"], schedule, none, [], new Date());
    expect(first).toMatchObject({ scheduled: 2 });
  });
});

describe("the dashboard's first day", () => {
  const now = at("2026-11-27", "19:05");

  it("shows breaks before joining as before-start, not missed, and leaves them out of totalToday", () => {
    const { entries, totalToday, completedToday } = firstDayEntries(
      todaySchedule(schedule, now, new Set()).entries,
      joinedAt,
    );
    expect(entries.map((e) => e.status)).toEqual(["before-start", "before-start"]);
    expect(totalToday).toBe(0);
    expect(completedToday).toBe(0);
  });

  it("finishing one counts for today: 1 of 1", () => {
    const { entries, totalToday, completedToday } = firstDayEntries(
      todaySchedule(schedule, now, new Set([0])).entries,
      joinedAt,
    );
    expect(entries.map((e) => e.status)).toEqual(["done", "before-start"]);
    expect(totalToday).toBe(1);
    expect(completedToday).toBe(1);
  });

  it("the next day's breaks are the user's as usual (missed once their window has gone by)", () => {
    const later = at("2026-11-30", "19:05");
    const { entries, totalToday } = firstDayEntries(todaySchedule(schedule, later, new Set()).entries, joinedAt);
    expect(entries.map((e) => e.status)).toEqual(["missed", "missed"]);
    expect(totalToday).toBe(2);
  });

  it("a skipped break stays skipped", () => {
    const noonJoin = at("2026-11-27", "09:00");
    const { entries, totalToday } = firstDayEntries(
      todaySchedule(schedule, at("2026-11-27", "09:05"), new Set(), new Map([[0, "user" as const]])).entries,
      noonJoin,
    );
    expect(entries.map((e) => e.status)).toEqual(["skipped", "upcoming"]);
    expect(totalToday).toBe(1);
  });
});
