// GET /api/user/history: statuses by the streak's own rule, streaks, totals and rates for months of
// seeded history; the days parameter; one indexed query; the dashboard's streak; no other user's data.
import { beforeAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "@/app/api/user/dashboard/route";
import * as historyRoute from "@/app/api/user/history/route";
import * as setupRoute from "@/app/api/user/setup/route";
import { getDb, type Db } from "@/lib/db";
import { addDays, localDate } from "@/lib/schedule/time";
import { getHistory, HISTORY_SQL, historyParams, type History } from "@/lib/progress/history";
import { signIn, uniqueEmail } from "../support/auth";
import { Client } from "../support/http";
import { dates, isWeekday, seedBreaks, seedPause } from "../support/history";
import { createUser } from "../support/reminders";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

// A New York user (08:30 and 17:00, Monday-Friday) who started on Thursday 2026-01-01, seen on
// Friday 2026-03-20 at 14:00 EDT. The plan of each weekday (both / first only / none) and a pause
// from Monday 2026-02-09 07:00 EST to Monday 2026-02-16 10:00 EST.
const NOW = new Date("2026-03-20T18:00:00Z");
const PLAN: Record<string, "both" | "first" | "none"> = {};
for (const d of dates("2026-01-01", "2026-03-19")) if (isWeekday(d)) PLAN[d] = "both";
Object.assign(PLAN, {
  "2026-01-01": "none",
  "2026-01-02": "none",
  "2026-01-06": "first",
  "2026-01-07": "none",
  "2026-02-02": "none",
  "2026-03-06": "none",
});
for (const d of dates("2026-02-09", "2026-02-13")) PLAN[d] = "none"; // paused
PLAN["2026-03-20"] = "first"; // today, still running

async function seedNewYorker(streak?: { count: number; asOf: string }) {
  const user = await createUser(
    db,
    { timezone: "America/New_York", times: ["08:30", "17:00"], activeDays: [1, 2, 3, 4, 5] },
    NOW,
  );
  await db.userSettings.update({
    where: { userId: user.id },
    data: {
      createdAt: new Date("2026-01-01T15:00:00Z"),
      streakCount: streak?.count ?? 0,
      streakAsOf: streak?.asOf ?? null,
    },
  });
  const breaks = Object.entries(PLAN).flatMap(([date, plan]) =>
    (plan === "both" ? [0, 1] : plan === "first" ? [0] : []).map((slot) => ({ date, slot })),
  );
  await seedBreaks(db, user.id, breaks);
  await seedPause(db, user.id, new Date("2026-02-09T12:00:00Z"), new Date("2026-02-16T15:00:00Z"));
  return user;
}

const statusOf = (h: History, date: string) => h.days.find((d) => d.date === date)?.status;

describe("history of a New York user over 11 weeks", () => {
  let h: History;
  beforeAll(async () => {
    const user = await seedNewYorker();
    h = await getHistory(db, user.id, 365, NOW);
  });

  it("covers the user's first day through today, oldest first", () => {
    expect(h.days[0]!.date).toBe("2026-01-01");
    expect(h.days.at(-1)!.date).toBe("2026-03-20");
    expect(h.days).toHaveLength(79);
    expect(h.localDate).toBe("2026-03-20");
    expect(h.timezone).toBe("America/New_York");
    expect(h.times).toEqual([
      { time: "08:30", timeDisplay: "8:30 AM" },
      { time: "17:00", timeDisplay: "5:00 PM" },
    ]);
  });

  it("gives each day the status the streak rule gives it", () => {
    expect(statusOf(h, "2026-01-05")).toBe("complete");
    expect(statusOf(h, "2026-01-06")).toBe("partial"); // one of two
    expect(statusOf(h, "2026-01-07")).toBe("missed");
    expect(statusOf(h, "2026-01-10")).toBe("rest"); // Saturday
    expect(statusOf(h, "2026-02-09")).toBe("paused"); // paused from 07:00, nothing done
    expect(statusOf(h, "2026-02-11")).toBe("paused"); // paused all day
    expect(statusOf(h, "2026-02-16")).toBe("complete"); // paused until 10:00, but both done
    expect(statusOf(h, "2026-03-20")).toBe("pending"); // today: one done, the 17:00 break still ahead
    expect(h.days.find((d) => d.date === "2026-01-06")).toEqual({
      date: "2026-01-06",
      scheduled: 2,
      completed: 1,
      status: "partial",
    });
    expect(h.days.find((d) => d.date === "2026-01-10")).toEqual({
      date: "2026-01-10",
      scheduled: 0,
      completed: 0,
      status: "rest",
    });
  });

  it("counts the current and the best streak as the streak would, streak freezes included", () => {
    // Jan 8-30: 17 complete weekdays earn 2 freezes (at 7 and 14). Missed Mon Feb 2 spends one (17
    // kept), Feb 3-6 make 21 (a freeze: 2 again), the paused week is neutral, Feb 16-Mar 5 make 35
    // (held at 2), missed Fri Mar 6 spends one (35 kept), Mar 9-19 make 44; today is not complete yet.
    expect(h.currentStreak).toBe(44);
    expect(h.bestStreak).toBe(44);
    // The two days a freeze was spent on keep their status and say so; no other day does.
    expect(h.days.filter((d) => d.frozen).map((d) => [d.date, d.status])).toEqual([
      ["2026-02-02", "missed"],
      ["2026-03-06", "missed"],
    ]);
  });

  it("totals and rates count complete, partial and missed days only", () => {
    // 56 weekdays through yesterday, 5 of them paused: 51 days × 2 breaks, less the 08:30 break of
    // the first day (Thu Jan 1: joined at 10:00, so only its 17:00 break was theirs); 45 complete + 1 partial.
    expect(h.totals).toEqual({ scheduled: 101, completed: 91 });
    expect(h.byWeekday).toEqual([null, 0.9, 0.95, 0.9, 0.9524, 0.8, null]);
    expect(h.bySlot).toEqual([Math.round((46 / 50) * 10_000) / 10_000, Math.round((45 / 51) * 10_000) / 10_000]);
  });

  it("a shorter window keeps the same day rules and streak", async () => {
    const user = await seedNewYorker();
    const week = await getHistory(db, user.id, 7, NOW);
    expect(week.days.map((d) => d.date)).toEqual(dates("2026-03-14", "2026-03-20"));
    expect(week.days.map((d) => d.status)).toEqual([
      "rest",
      "rest",
      "complete",
      "complete",
      "complete",
      "complete",
      "pending",
    ]);
    expect(week.currentStreak).toBe(44);
    expect(week.bestStreak).toBe(44); // the best run inside the window, never below the current streak
    expect(week.totals).toEqual({ scheduled: 8, completed: 8 });
  });

  it("today counts once it is complete", async () => {
    const user = await seedNewYorker();
    await seedBreaks(db, user.id, [{ date: "2026-03-20", slot: 1 }]);
    const done = await getHistory(db, user.id, 365, NOW);
    expect(statusOf(done, "2026-03-20")).toBe("complete");
    expect(done.currentStreak).toBe(45);
    expect(done.totals).toEqual({ scheduled: 103, completed: 93 });
  });

  it("the streak comes from the dashboard's cache when it is settled, so both pages agree", async () => {
    const settled = await seedNewYorker({ count: 8, asOf: "2026-03-18" });
    expect((await getHistory(db, settled.id, 365, NOW)).currentStreak).toBe(9); // Mar 19 folded on top
    // A cache counted under earlier settings stands (settings history is not kept); best is never below it.
    const older = await seedNewYorker({ count: 42, asOf: "2026-03-19" });
    const h2 = await getHistory(db, older.id, 365, NOW);
    expect(h2.currentStreak).toBe(42);
    // The window's own best run (44, kept by two freezes) is above the cached count.
    expect(h2.bestStreak).toBe(44);
  });

  it("reads everything in one query that uses the indexes and is bounded", async () => {
    const user = await seedNewYorker();
    let calls = 0;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "$queryRawUnsafe")
          return (...args: unknown[]) => (calls++, (target.$queryRawUnsafe as (...a: unknown[]) => unknown)(...args));
        const value = Reflect.get(target, prop, receiver);
        // any model or other client call would be a second round trip
        if (typeof prop === "string" && !prop.startsWith("$") && typeof value === "object") calls += 100;
        return value;
      },
    }) as Db;
    await getHistory(counting, user.id, 365, NOW);
    expect(calls).toBe(1);
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<Record<string, string>[]>(
        `EXPLAIN ${HISTORY_SQL}`,
        ...historyParams(user.id, 365, NOW),
      );
    });
    const text = plan.map((r) => Object.values(r).join(" ")).join("\n");
    expect(text).toContain("breaks_userId_localDate_slot_key");
    expect(text).toContain("pause_periods_userId_startedAt_idx");
    // the range is bounded on both sides
    const [, from, floor, to] = historyParams(user.id, 365, NOW);
    expect(from).toBe("2025-03-20");
    expect(floor).toBe("2025-02-11"); // 402 days: MAX_STREAK_DAYS plus a day of margin each side
    expect(to).toBe("2026-03-21");
  });
});

describe("GET /api/user/history", () => {
  let c: Client;
  let userId: string;
  const get = (client: Client, query = "") =>
    client.call<History & { message?: string }>(historyRoute.GET, { method: "GET", path: `/api/user/history${query}` });

  beforeAll(async () => {
    const email = uniqueEmail("history");
    c = await signIn(email);
    expect(
      (
        await c.call(setupRoute.POST, {
          path: "/api/user/setup",
          body: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
        })
      ).status,
    ).toBe(200);
    userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    // 40 days of history: every day active, both breaks done except a missed day 12 days ago.
    // Joined at the start of the first day, so both of its breaks were theirs (and missed).
    const today = localDate(new Date(), "UTC");
    await db.userSettings.update({
      where: { userId },
      data: { activeDays: [0, 1, 2, 3, 4, 5, 6], createdAt: new Date(`${addDays(today, -40)}T00:00:00Z`) },
    });
    const days = dates(addDays(today, -39), addDays(today, -1)).filter((d) => d !== addDays(today, -12));
    await seedBreaks(
      db,
      userId,
      days.flatMap((date) => [0, 1].map((slot) => ({ date, slot }))),
    );
  });

  it("answers the issue's shape, 365 days by default, and the dashboard's streak", async () => {
    const r = await get(c);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual([
      "bestStreak",
      "bySlot",
      "byWeekday",
      "currentStreak",
      "days",
      "localDate",
      "times",
      "timezone",
      "totals",
      "trophies",
    ]);
    expect(r.json.days).toHaveLength(41); // the first day (40 days ago) through today
    expect(
      r.json.days
        .slice(0, -1)
        .filter((d) => d.status === "missed")
        .map((d) => d.date),
    ).toEqual([r.json.days[0]!.date, addDays(r.json.localDate, -12)]);
    // Days -39 to -13 (27) earn 2 freezes; day -12 spends one (27 kept); days -11 to -1 make 38.
    expect(r.json.currentStreak).toBe(38);
    expect(r.json.bestStreak).toBe(38);
    expect(r.json.days.filter((d) => d.frozen).map((d) => d.date)).toEqual([addDays(r.json.localDate, -12)]);
    expect(r.json.byWeekday).toHaveLength(7);
    expect(r.json.bySlot).toHaveLength(2);
    const dash = await c.call<{ streakCount: number; localDate: string }>(dashboardRoute.GET, {
      method: "GET",
      path: "/api/user/dashboard",
    });
    expect(dash.json.streakCount).toBe(r.json.currentStreak);
    expect(r.json.days.at(-1)!.date).toBe(dash.json.localDate);
    // after the dashboard settled the cache, the history still agrees
    expect((await get(c)).json.currentStreak).toBe(dash.json.streakCount);
  });

  it("days=N limits the window (1 and 400 are the bounds)", async () => {
    expect((await get(c, "?days=1")).json.days.map((d) => d.date)).toEqual([(await get(c)).json.localDate]);
    expect((await get(c, "?days=7")).json.days).toHaveLength(7);
    expect((await get(c, "?days=400")).status).toBe(200);
  });

  it.each(["0", "401", "-1", "abc", "1e2", "7.0", " 7", "", "0x10", "99999999999999999999", "%00"])(
    "days=%s → 400 with a clear message",
    async (bad) => {
      const r = await get(c, `?days=${bad}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message: "days must be a whole number from 1 to 400" });
    },
  );

  it("never shows another user's breaks", async () => {
    const before = (await get(c)).json;
    const other = await createUser(db, { activeDays: [0, 1, 2, 3, 4, 5, 6] });
    const today = localDate(new Date(), "UTC");
    await seedBreaks(
      db,
      other.id,
      [0, 1].map((slot) => ({ date: addDays(today, -12), slot })),
    );
    const after = (await get(c)).json;
    expect(after.totals).toEqual(before.totals);
    expect(after.days.find((d) => d.date === addDays(today, -12))!.status).toBe("missed");
  });

  it("signed out → 401", async () => {
    const r = await get(new Client());
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ message: "Not authenticated" });
  });
});
