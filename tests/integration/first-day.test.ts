// Issue 33: a new user's first day does not start with failure, and streak freezes, through the
// real setup, completion, dashboard, history and export functions on a simulated clock.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db";
import { completeTodayBreak } from "@/lib/breaks/completion";
import { getToday } from "@/lib/breaks/today";
import { getDashboard } from "@/lib/progress/dashboard";
import { getHistory } from "@/lib/progress/history";
import { addDays, localDateTimeToUtc } from "@/lib/schedule/time";
import { completeSetup } from "@/lib/users/settings-store";
import { exportData } from "@/lib/users/export";
import { createSuggester } from "@/lib/exercises/suggest";
import { seedBreaks } from "../support/history";

const TZ = "America/New_York";
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
/** An instant at local "HH:MM" on `date` in New York. */
const at = (date: string, time: string) => localDateTimeToUtc(date, time, TZ);

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

/**
 * Signs up and finishes setup at `joinedAt` (10:30 and 15:00, every day). The settings row's
 * createdAt (the moment of joining) is stamped by the database clock; the test's clock stands in.
 */
async function joinAt(joinedAt: Date) {
  const id = randomUUID();
  await db.user.create({ data: { id, email: `first-${id.slice(0, 8)}@example.com`, emailVerified: true } });
  await completeSetup(
    db,
    id,
    { timezone: TZ, times: ["10:30", "15:00"], durationPreference: 5, activeDays: ALL_DAYS },
    "127.0.0.1",
    joinedAt,
  );
  await db.userSettings.update({ where: { userId: id }, data: { createdAt: joinedAt } });
  return id;
}

describe("a user who joins at 7:03 PM with 10:30 and 15:00 breaks", () => {
  const day = "2026-12-02"; // a Wednesday
  let id: string;
  beforeAll(async () => {
    id = await joinAt(at(day, "19:03"));
  });

  it("sees no missed break: both are 'before-start', nothing counted, streak 0", async () => {
    const d = await getDashboard(db, id, at(day, "19:05"));
    expect(d.localDate).toBe(day);
    expect(d.schedule.map((e) => [e.time, e.status, e.past])).toEqual([
      ["10:30", "before-start", true],
      ["15:00", "before-start", true],
    ]);
    expect(d.schedule.some((e) => e.status === "missed")).toBe(false);
    expect(d).toMatchObject({ totalToday: 0, completedToday: 0, streakCount: 0, streakFreezes: 0 });
    // The breaks are still there to take (the day's plan has them).
    const today = await getToday({ db, suggest: createSuggester({ model: null }), now: at(day, "19:05") }, id);
    expect(today.breaks.map((b) => b.slot).sort()).toEqual([0, 1]);
  });

  it("completes slot 0 anyway: the first win counts, 1 of 1, streak 1", async () => {
    const answer = await completeTodayBreak(db, id, 0, at(day, "19:10"));
    expect(answer).toEqual({ completedToday: 1, totalToday: 1, streakCount: 1, trophy: "First Break" });
    const d = await getDashboard(db, id, at(day, "19:11"));
    expect(d.schedule.map((e) => e.status)).toEqual(["done", "before-start"]);
    expect(d).toMatchObject({ totalToday: 1, completedToday: 1, streakCount: 1 });
  });

  it("the next day: the streak kept its first day, both breaks are theirs, history shows 1 of 1", async () => {
    const next = addDays(day, 1);
    const d = await getDashboard(db, id, at(next, "08:00"));
    expect(d).toMatchObject({ streakCount: 1, totalToday: 2, completedToday: 0 });
    expect(d.schedule.map((e) => e.status)).toEqual(["upcoming", "upcoming"]);
    const h = await getHistory(db, id, 7, at(next, "08:00"));
    expect(h.days[0]).toEqual({ date: day, scheduled: 1, completed: 1, status: "complete" });
    expect(h.totals).toEqual({ scheduled: 1, completed: 1 });
    expect(h.bySlot).toEqual([1, null]);
  });

  it("someone who joined at 7:03 PM and did nothing has a rest-like first day, never a missed one", async () => {
    const other = await joinAt(at(day, "19:03"));
    const next = addDays(day, 1);
    const h = await getHistory(db, other, 7, at(next, "08:00"));
    expect(h.days[0]).toEqual({ date: day, scheduled: 0, completed: 0, status: "rest" });
    expect(h.totals).toEqual({ scheduled: 0, completed: 0 });
    // A user without the rule would have had both breaks missed on their first day.
    expect(h.days.filter((x) => x.status === "missed")).toEqual([]);
  });

  it("joining at noon: the 10:30 break is before-start, the 15:00 one is theirs", async () => {
    const noon = await joinAt(at(day, "12:00"));
    const d = await getDashboard(db, noon, at(day, "12:05"));
    expect(d.schedule.map((e) => [e.time, e.status])).toEqual([
      ["10:30", "before-start"],
      ["15:00", "upcoming"],
    ]);
    expect(d.totalToday).toBe(1);
  });
});

describe("streak freezes over simulated days", () => {
  const first = "2027-01-04"; // joined at 08:00 (before both breaks), every day active
  let id: string;
  /** Completes both of `date`'s breaks (as the app would record them). */
  const doDay = (date: string) =>
    seedBreaks(db, id, [
      { date, slot: 0, completedAt: at(date, "10:35") },
      { date, slot: 1, completedAt: at(date, "15:05") },
    ]);
  const dash = (date: string, time = "08:00") => getDashboard(db, id, at(date, time));

  beforeAll(async () => {
    id = await joinAt(at(first, "08:00"));
  });

  it("earns one freeze on the 7th complete day, shown as soon as that day is complete", async () => {
    for (let i = 0; i < 6; i++) {
      await doDay(addDays(first, i));
      await dash(addDays(first, i + 1)); // each morning settles the day before
    }
    const sixth = await dash(addDays(first, 6));
    expect(sixth).toMatchObject({ streakCount: 6, streakFreezes: 0, lastFrozenDate: null });
    await doDay(addDays(first, 6));
    expect(await dash(addDays(first, 6), "16:00")).toMatchObject({ streakCount: 7, streakFreezes: 1 });
    expect(await dash(addDays(first, 7))).toMatchObject({ streakCount: 7, streakFreezes: 1 });
    const row = await db.userSettings.findUniqueOrThrow({ where: { userId: id } });
    expect(row).toMatchObject({ streakCount: 7, streakAsOf: addDays(first, 6), streakFreezes: 1, streakFrozen: [] });
  });

  it("spends it on a missed day: the streak is kept, the day is frozen in the history and the export", async () => {
    const missed = addDays(first, 7); // nothing done
    const d = await dash(addDays(first, 8));
    expect(d).toMatchObject({ streakCount: 7, streakFreezes: 0, lastFrozenDate: missed });
    const row = await db.userSettings.findUniqueOrThrow({ where: { userId: id } });
    expect(row).toMatchObject({ streakCount: 7, streakAsOf: missed, streakFreezes: 0, streakFrozen: [missed] });
    const h = await getHistory(db, id, 30, at(addDays(first, 8), "08:00"));
    expect(h.days.find((x) => x.date === missed)).toEqual({
      date: missed,
      scheduled: 2,
      completed: 0,
      status: "missed",
      frozen: true,
    });
    expect(h.days.filter((x) => x.frozen)).toHaveLength(1);
    expect(h.currentStreak).toBe(7);
    expect(h.bestStreak).toBe(7);
    const exported = await exportData(db, id, at(addDays(first, 8), "08:00"));
    expect(exported.streak).toEqual({ count: 7, asOf: missed, freezes: 0, frozenDays: [missed] });
  });

  it("asking again the same day changes nothing (settling is a no-op)", async () => {
    const again = await dash(addDays(first, 8), "09:00");
    expect(again).toMatchObject({ streakCount: 7, streakFreezes: 0, lastFrozenDate: addDays(first, 7) });
    const row = await db.userSettings.findUniqueOrThrow({ where: { userId: id } });
    expect(row).toMatchObject({ streakCount: 7, streakFreezes: 0, streakFrozen: [addDays(first, 7)] });
  });

  it("with no freeze left, the next missed day ends the streak", async () => {
    // Day 8 missed too (the freeze went on day 7).
    const d = await dash(addDays(first, 9));
    expect(d).toMatchObject({ streakCount: 0, streakFreezes: 0, lastFrozenDate: addDays(first, 7) });
    const h = await getHistory(db, id, 30, at(addDays(first, 9), "08:00"));
    expect(h.days.find((x) => x.date === addDays(first, 8))).toMatchObject({ status: "missed" });
    expect(h.days.find((x) => x.date === addDays(first, 8))!.frozen).toBeUndefined();
    expect(h.currentStreak).toBe(0);
    expect(h.bestStreak).toBe(7);
  });
});
