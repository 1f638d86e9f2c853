// The logic that surprised users (issue 16): pausing e-mails stops e-mails only; a schedule change
// never rewrites the past (history, streak, dashboard, export); a done break is never the next
// one; the dashboard's schedule is in time order with a status per break; zero active days says
// that nothing will be sent.
import { beforeAll, describe, expect, it } from "vitest";
import * as slotCompleteRoute from "@/app/api/user/breaks/[slot]/complete/route";
import * as dashboardRoute from "@/app/api/user/dashboard/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as historyRoute from "@/app/api/user/history/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as todayRoute from "@/app/api/user/today/route";
import { completeBreak } from "@/lib/actions/complete-break";
import { undoBreak } from "@/lib/actions/undo-break";
import type { CompletionView, TodayView } from "@/lib/breaks/types";
import { getDb, type Db } from "@/lib/db";
import { localDate, localTime, localWeekday } from "@/lib/schedule/time";
import type { Dashboard } from "@/lib/progress/dashboard";
import type { DataExport } from "@/lib/users/export";
import type { History } from "@/lib/progress/history";
import { signIn, uniqueEmail } from "../support/auth";
import type { Client } from "../support/http";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const ALL = [0, 1, 2, 3, 4, 5, 6];

/** A zone where it is now between 08:00 and 20:00, so "today" never meets midnight. */
function daytimeZone(now = new Date()) {
  const zones = [
    "UTC",
    "Asia/Tokyo",
    "America/New_York",
    "Europe/Berlin",
    "Asia/Kolkata",
    "America/Los_Angeles",
    "Australia/Sydney",
    "Asia/Dubai",
    "America/Sao_Paulo",
    "Pacific/Auckland",
    "Pacific/Honolulu",
  ];
  return zones.find((z) => {
    const h = Number(localTime(now, z).slice(0, 2));
    return h >= 8 && h < 20;
  })!;
}

/** A signed-in user set up (their first schedule) with these times, every day, in a daytime zone. */
async function user(times: [string, string], activeDays = ALL) {
  const email = uniqueEmail("logic");
  const c = await signIn(email);
  const timezone = daytimeZone();
  const r = await c.call(setupRoute.POST, {
    path: "/api/user/setup",
    body: { timezone, times, durationPreference: 5, activeDays },
  });
  expect(r.status).toBe(200);
  const id = (await db.user.findUniqueOrThrow({ where: { email } })).id;
  return { c, id, timezone, today: localDate(new Date(), timezone) };
}

/** Joined two days ago (so today's earlier breaks are theirs: not the first day's rule, issue 33). */
async function joinedEarlier<U extends { id: string }>(u: U): Promise<U> {
  await db.userSettings.update({ where: { userId: u.id }, data: { createdAt: new Date(Date.now() - 2 * 86_400_000) } });
  return u;
}

const today = (c: Client) => c.call<TodayView>(todayRoute.GET, { path: "/api/user/today" });
const dashboard = (c: Client) => c.call<Dashboard>(dashboardRoute.GET, { path: "/api/user/dashboard" });
const history = (c: Client) => c.call<History>(historyRoute.GET, { path: "/api/user/history?days=30" });
const putSettings = (c: Client, body: unknown) =>
  c.call(settingsRoute.PUT, { path: "/api/user/settings", method: "PUT", body });
const complete = (c: Client, slot: string, method: "POST" | "DELETE" = "POST") =>
  c.call<CompletionView>(
    (method === "POST" ? slotCompleteRoute.POST : slotCompleteRoute.DELETE) as Parameters<Client["call"]>[0],
    {
      method,
      path: `/api/user/breaks/${slot}/complete`,
      params: { slot },
    },
  );

describe("pausing e-mails stops e-mails only", () => {
  it("today's breaks, done and undo (route and server action) and the dashboard's counts all keep working; only the e-mails stop", async () => {
    const u = await joinedEarlier(await user(["00:05", "23:55"]));
    expect((await putSettings(u.c, { pause_emails: true })).status).toBe(200);

    const t = await today(u.c);
    expect(t.status).toBe(200);
    expect(t.json).toMatchObject({ reason: null, emailsPaused: true, nextBreak: { slot: 1, time: "23:55" } });
    expect(t.json.breaks.map((b) => [b.slot, b.status])).toEqual([
      [0, "missed"],
      [1, "upcoming"],
    ]);
    expect(t.json.breaks.every((b) => b.exercises.length === 1 && b.source === "library")).toBe(true);

    const done = await complete(u.c, "0");
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ completedToday: 1, totalToday: 2 });
    const viaAction = await u.c.action(completeBreak, [1]);
    expect(viaAction.result).toMatchObject({ ok: true, data: { completedToday: 2, totalToday: 2, streakCount: 1 } });
    const d = await dashboard(u.c);
    expect(d.json).toMatchObject({ completedToday: 2, totalToday: 2, streakCount: 1, emailsPaused: true });
    expect(d.json.schedule.map((e) => e.status)).toEqual(["done", "done"]);
    const undone = await u.c.action(undoBreak, [1]);
    expect(undone.result).toMatchObject({ ok: true, data: { completedToday: 1 } });
    expect((await complete(u.c, "0", "DELETE")).json).toMatchObject({ completedToday: 0 });

    // Only the e-mails stop: the dispatch reads reminder slots alone, and a paused user has none.
    expect(await db.reminderSlot.count({ where: { userId: u.id } })).toBe(0);
    expect((await putSettings(u.c, { pause_emails: false })).status).toBe(200);
    expect(await db.reminderSlot.count({ where: { userId: u.id } })).toBe(2);
  });

  it("a paused day whose breaks were all done counts for the streak; one with nothing done does not break it", async () => {
    const u = await user(["00:05", "00:10"]);
    // Paused since well before today: the day's reminders were never sent.
    await db.userSettings.update({
      where: { userId: u.id },
      data: { pauseEmails: true, createdAt: new Date(Date.now() - 3 * 86_400_000) },
    });
    await db.pausePeriod.create({ data: { userId: u.id, startedAt: new Date(Date.now() - 3 * 86_400_000) } });
    const h = await history(u.c);
    // Yesterday (the first day had no breaks of theirs: both were due before they joined).
    const dayBefore = h.json.days.filter((x) => x.date < u.today).at(-1)!;
    expect(dayBefore.status).toBe("paused"); // nothing done: neutral
    await complete(u.c, "0");
    await complete(u.c, "1");
    const after = await history(u.c);
    expect(after.json.days.at(-1)).toMatchObject({ date: u.today, scheduled: 2, completed: 2, status: "complete" });
    expect(after.json.currentStreak).toBe(1);
  });
});

describe("a schedule change never rewrites the past", () => {
  it("unticking today keeps today's two done breaks in the dashboard, the streak, the history and the export", async () => {
    const u = await user(["00:05", "00:10"]);
    expect((await complete(u.c, "0")).status).toBe(200);
    expect((await complete(u.c, "1")).json).toMatchObject({ completedToday: 2, totalToday: 2, streakCount: 1 });

    const weekday = localWeekday(u.today);
    expect(
      (await putSettings(u.c, { active_days: ALL.filter((d) => d !== weekday), times: ["09:00", "17:00"] })).status,
    ).toBe(200);

    const d = await dashboard(u.c);
    expect(d.json).toMatchObject({ completedToday: 2, totalToday: 2, streakCount: 1 });
    expect(d.json.schedule.map((e) => [e.time, e.status])).toEqual([
      ["00:05", "done"],
      ["00:10", "done"],
    ]);
    const h = await history(u.c);
    expect(h.json.days.at(-1)).toEqual({ date: u.today, scheduled: 2, completed: 2, status: "complete" });
    expect(h.json.currentStreak).toBe(1);
    expect(h.json.totals).toEqual({ scheduled: 2, completed: 2 });

    // The days after follow the new schedule: today's weekday is off from next week on.
    const t = await today(u.c);
    expect(t.json.nextBreak!.localDate > u.today).toBe(true);
    expect(t.json.nextBreak?.time).toBe("09:00");

    const exported = await u.c.call<DataExport>(exportRoute.GET, { path: "/api/user/export" });
    const data = typeof exported.json === "string" ? (JSON.parse(exported.json) as DataExport) : exported.json;
    expect(data.scheduleHistory.map((v) => [v.effectiveFrom === null, v.times, v.activeDays.length])).toEqual([
      [true, ["00:05", "00:10"], 7],
      [false, ["09:00", "17:00"], 6],
    ]);
  });

  it("a new time applies from the next break not yet due: a time already past today is not a break today", async () => {
    const u = await joinedEarlier(await user(["00:05", "23:55"]));
    expect((await putSettings(u.c, { times: ["00:20", "23:50"] })).status).toBe(200);
    const d = await dashboard(u.c);
    // Slot 0 was due at 00:05 under the old schedule (kept); 23:50 replaces 23:55 (not yet due).
    expect(d.json.schedule.map((e) => [e.slot, e.time])).toEqual([
      [0, "00:05"],
      [1, "23:50"],
    ]);
    expect(d.json.totalToday).toBe(2);
  });
});

describe("the next break", () => {
  it("is never a break already done: done early tonight, the next one is tomorrow's", async () => {
    const u = await user(["00:05", "23:55"]);
    expect((await today(u.c)).json.nextBreak).toMatchObject({ slot: 1, localDate: u.today });
    await complete(u.c, "1");
    const t = await today(u.c);
    expect(t.json.nextBreak?.localDate).not.toBe(u.today);
    expect(t.json.nextBreak).toMatchObject({ slot: 0, time: "00:05", label: "tomorrow at 12:05 AM" });
  });
});

describe("GET /api/user/dashboard", () => {
  it("lists the schedule in time order with a status per break, the spec's fields unchanged", async () => {
    const u = await joinedEarlier(await user(["23:55", "00:05"]));
    const d = await dashboard(u.c);
    expect(d.status).toBe(200);
    expect(d.json.schedule).toEqual([
      { time: "00:05", timeDisplay: "12:05 AM", completed: false, slot: 1, past: true, status: "missed" },
      { time: "23:55", timeDisplay: "11:55 PM", completed: false, slot: 0, past: false, status: "upcoming" },
    ]);
    expect(d.json).toMatchObject({ emailsPaused: false, noReminderDays: false });
    await complete(u.c, "1");
    expect((await dashboard(u.c)).json.schedule.map((e) => e.status)).toEqual(["done", "upcoming"]);
  });

  it("says when no reminder day is set (an old account): nothing is scheduled and no e-mail will be sent", async () => {
    const u = await user(["10:00", "15:00"]);
    await db.userSettings.update({ where: { userId: u.id }, data: { activeDays: [] } });
    const d = await dashboard(u.c);
    expect(d.json).toMatchObject({ totalToday: 0, schedule: [], noReminderDays: true });
    const t = await today(u.c);
    expect(t.json).toMatchObject({ breaks: [], reason: "no-days", nextBreak: null });
  });
});
