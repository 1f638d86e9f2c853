// Onboarding, settings, today's breaks, history, export and the calendar feed for users of every
// kind: New York on Mon/Wed/Fri, a weekend-only Londoner, Lord Howe (a half-hour DST shift) every
// day, a user whose schedule changed twice today (times, days and zone), a paused user and one who
// never finished onboarding. The feed is the call Turbopack once broke in the build (500 for every
// user whose active days were not every day), so every kind of user fetches it.
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { Client, formData, signedIn } from "./support/client";
import { expectFeed, expectRefusal, expectStatus } from "./support/expect";
import {
  actionDone,
  actionFailure,
  actionOk,
  calendarUrl,
  completion,
  counted,
  dashboard,
  dataExport,
  history,
  onboardingStatus,
  settings,
  shaped,
  today,
} from "./support/schemas";
import { hhmm, localNow, zonePairWithLocalMinutes, zoneWithLocalMinutes } from "./support/time";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

let ny: Client; // America/New_York, Mon/Wed/Fri, 09:00 and 15:00 (route setup)
let london: Client; // Europe/London, Sat/Sun, 08:30 and 17:45 (the welcome form's action)
let lordHowe: Client; // Australia/Lord_Howe, every day, 07:30 and 13:30, 15 minutes
let paused: Client; // America/New_York, Mon-Fri, e-mails paused
let fresh: Client; // signed in, never onboarded

/** When each user finished setup (issue 33: their first day's earlier breaks are not theirs). */
const joinedAt = new Map<Client, Date>();

/**
 * Whether the break at local `time` today is one of the user's: on the day they joined, only a
 * break at or after the moment they joined (or one they did) is; on later days every break is.
 */
function theirs(client: Client, zone: string, time: string): boolean {
  const joined = localNow(zone, joinedAt.get(client)!);
  return localNow(zone).date !== joined.date || time > joined.time;
}

async function json<T extends z.ZodType>(client: Client, path: string, schema: T): Promise<z.output<T>> {
  const res = await client.call("GET", path);
  expectStatus(res, 200);
  return shaped(schema, res.json, `GET ${path}`);
}

beforeAll(async () => {
  [ny, london, lordHowe, paused, fresh] = await Promise.all([
    signedIn("ny"),
    signedIn("london"),
    signedIn("lordhowe"),
    signedIn("paused"),
    signedIn("fresh"),
  ]);
  for (const c of [ny, lordHowe, paused]) joinedAt.set(c, new Date());
  await Promise.all([
    ny.setup({
      timezone: "America/New_York",
      times: ["09:00", "15:00"],
      durationPreference: 10,
      activeDays: [1, 3, 5],
    }),
    lordHowe.setup({
      timezone: "Australia/Lord_Howe",
      times: ["07:30", "13:30"],
      durationPreference: 15,
      activeDays: EVERY_DAY,
    }),
    paused.setup({ timezone: "America/New_York", times: ["10:00", "14:00"], durationPreference: 5 }),
  ]);
});

describe("onboarding", () => {
  test("the route's setup completes onboarding", async () => {
    expect(await json(ny, "/api/user/onboarding-status", onboardingStatus)).toEqual({ completed: true });
    expect(await json(fresh, "/api/user/onboarding-status", onboardingStatus)).toEqual({ completed: false });
    const s = await json(ny, "/api/user/settings", settings);
    expect(s).toMatchObject({
      times: ["09:00", "15:00"],
      activeDays: [1, 3, 5],
      durationPreference: 10,
      timezone: "America/New_York",
      pauseEmails: false,
      channels: ["email"],
    });
  });

  test("the welcome form's action steps through and saves (weekend-only user)", async () => {
    const fields = {
      timezone: "Europe/London",
      "times.0": "08:30",
      "times.1": "17:45",
      durationPreference: 5,
      activeDays: [0, 6],
      intensityLevel: "low",
      movementPrefs: "Sore knees; I have a resistance band",
    };
    // Without scripts, "Next" posts the step: the first step's fields are checked, nothing is saved.
    const step = await london.action("completeSetup", [{}, formData({ ...fields, step: "1", intent: "step:2" })]);
    expect(step.result).toMatchObject({ step: 2 });
    expect(await json(london, "/api/user/onboarding-status", onboardingStatus)).toEqual({ completed: false });

    const bad = await london.action("completeSetup", [{}, formData({ ...fields, "times.1": "08:30", step: "3" })]);
    const refused = shaped(actionFailure, bad.result);
    expect(refused.fieldErrors?.["times.1"]).toMatch(/Both reminders are at 8:30 AM/);
    expect(bad.result).toMatchObject({ step: 1 });

    joinedAt.set(london, new Date());
    const saved = await london.action("completeSetup", [{}, formData({ ...fields, step: "3" })]);
    expect(saved.redirect).toBeNull();
    expect(shaped(actionDone, saved.result).ok).toBe(true);
    expect(await json(london, "/api/user/onboarding-status", onboardingStatus)).toEqual({ completed: true });
    expect(await json(london, "/api/user/settings", settings)).toMatchObject({
      times: ["08:30", "17:45"],
      activeDays: [0, 6],
      intensityLevel: "low",
      timezone: "Europe/London",
    });
  });
});

describe("settings", () => {
  test("PUT /api/user/settings pauses e-mails and answers the settings; a bad value changes nothing", async () => {
    const res = await paused.call("PUT", "/api/user/settings", {
      json: { pause_emails: true, intensity_level: "high", movement_prefs: "Desk only" },
    });
    expectStatus(res, 200);
    expect(shaped(settings, res.json)).toMatchObject({
      pauseEmails: true,
      intensityLevel: "high",
      movementPrefs: "Desk only",
      times: ["10:00", "14:00"],
      activeDays: [1, 2, 3, 4, 5],
    });
    expectRefusal(await paused.call("PUT", "/api/user/settings", { json: { times: ["25:00"] } }), 400);
    expectRefusal(await paused.call("PUT", "/api/user/settings", { json: { active_days: [] } }), 400);
    expect((await json(paused, "/api/user/settings", settings)).times).toEqual(["10:00", "14:00"]);

    const board = await json(paused, "/api/user/dashboard", dashboard);
    expect(board.emailsPaused).toBe(true);
    expect(board.timezone).toBe("America/New_York");
  });

  test("the Settings form's action saves and reports the changed fields; field errors write nothing", async () => {
    const form = {
      count: "2",
      "times.0": "09:00",
      "times.1": "15:00",
      active_days: [1, 3, 5],
      duration_preference: 15,
      intensity_level: "medium",
      movement_prefs: "",
      timezone: "America/New_York",
      channels: "email",
    };
    const res = await ny.action("saveSettings", [{}, formData(form)]);
    const ok = shaped(
      actionOk(z.object({ changed: z.array(z.string()), settings })),
      res.result,
      "saveSettings' result",
    );
    expect(ok.data.changed).toEqual(["durationPreference"]);
    expect(ok.data.settings.durationPreference).toBe(15);

    const bad = await ny.action("saveSettings", [
      {},
      formData({ ...form, "times.1": "09:00", duration_preference: 5 }),
    ]);
    expect(shaped(actionFailure, bad.result).fieldErrors).toHaveProperty("times.1");
    expect((await json(ny, "/api/user/settings", settings)).durationPreference).toBe(15);
  });
});

describe("today's breaks", () => {
  test("today, Mark as done and Undo by route and by the dashboard's actions (every-day user)", async () => {
    const day = await json(lordHowe, "/api/user/today", today);
    expect(day.timezone).toBe("Australia/Lord_Howe");
    expect(day.localDate).toBe(localNow("Australia/Lord_Howe").date);
    expect(day.breaks.map((b) => b.time)).toEqual(["07:30", "13:30"]);
    expect(day.breaks.every((b) => b.minutes === 15 && b.source === "library")).toBe(true);
    expect(day.reason).toBeNull();

    // Done counts whenever it was due; the 13:30 break counts undone only if it was due after joining.
    const second = theirs(lordHowe, "Australia/Lord_Howe", "13:30") ? 1 : 0;
    const done = await lordHowe.call("POST", "/api/user/breaks/0/complete");
    expectStatus(done, 200);
    expect(shaped(counted, done.json)).toMatchObject({ completedToday: 1, totalToday: 1 + second });
    const viaAction = await lordHowe.action("completeBreak", [1]);
    expect(shaped(actionOk(counted), viaAction.result).data).toMatchObject({ completedToday: 2, totalToday: 2 });

    const undone = await lordHowe.call("DELETE", "/api/user/breaks/1/complete");
    expectStatus(undone, 200);
    expect(shaped(completion, undone.json).completedToday).toBe(1);
    const undoAction = await lordHowe.action("undoBreak", [0]);
    expect(shaped(actionOk(completion), undoAction.result).data.completedToday).toBe(0);

    // Done again, for the history and the export below.
    expectStatus(await lordHowe.call("POST", "/api/user/breaks/0/complete"), 200);
    const board = await json(lordHowe, "/api/user/dashboard", dashboard);
    expect(board).toMatchObject({
      completedToday: 1,
      totalToday: 1 + second,
      isActiveDay: true,
      emailsPaused: false,
      streakFreezes: 0,
      lastFrozenDate: null,
    });
    expect(board.schedule[1]!.status === "before-start").toBe(second === 0);
    expect(board.schedule.map((b) => [b.slot, b.completed])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(board.schedule[0]!.status).toBe("done");

    expectRefusal(await lordHowe.call("POST", "/api/user/breaks/7/complete"), 400);
    expect(shaped(actionFailure, (await lordHowe.action("completeBreak", ["x"])).result).status).toBe(400);
  });

  test("Not today and taking it back, by route and by the dashboard's actions; a done break cannot be skipped", async () => {
    // Both breaks an hour or more ahead, on a quarter hour, in a zone where that is still today.
    const zone = zoneWithLocalMinutes(0, 20 * 60);
    const first = Math.ceil((localNow(zone).minutes + 60) / 15) * 15;
    const skipper = await (
      await signedIn("skipper")
    ).setup({
      timezone: zone,
      times: [hhmm(first), hhmm(first + 120)],
      durationPreference: 5,
      activeDays: EVERY_DAY,
    });

    const skipped = await skipper.call("POST", "/api/user/breaks/0/skip");
    expectStatus(skipped, 200);
    expect(shaped(completion, skipped.json)).toMatchObject({ completedToday: 0, totalToday: 1 });
    expectStatus(await skipper.call("POST", "/api/user/breaks/0/skip"), 200);
    const board = await json(skipper, "/api/user/dashboard", dashboard);
    expect(board.schedule.map((b) => [b.status, b.skipReason])).toEqual([
      ["skipped", "user"],
      ["upcoming", undefined],
    ]);
    const day = await json(skipper, "/api/user/today", today);
    expect(day.breaks[0]).toMatchObject({ status: "skipped", skipReason: "user" });
    expect(day.nextBreak?.slot).toBe(1);

    const back = await skipper.call("DELETE", "/api/user/breaks/0/skip");
    expectStatus(back, 200);
    expect(shaped(completion, back.json).totalToday).toBe(2);

    const viaAction = await skipper.action("skipBreak", [1]);
    expect(shaped(actionOk(completion), viaAction.result).data).toMatchObject({ totalToday: 1 });
    const backAction = await skipper.action("unskipBreak", [1]);
    expect(shaped(actionOk(completion), backAction.result).data).toMatchObject({ totalToday: 2 });

    expectStatus(await skipper.call("POST", "/api/user/breaks/0/complete"), 200);
    expectRefusal(await skipper.call("POST", "/api/user/breaks/0/skip"), 409);
    expectRefusal(await skipper.call("POST", "/api/user/breaks/2/skip"), 400);
    expect(shaped(actionFailure, (await skipper.action("skipBreak", [0])).result).status).toBe(409);
  });

  test("the dashboard and today of the weekday and weekend users follow their days", async () => {
    for (const [client, zone, days, times] of [
      [ny, "America/New_York", [1, 3, 5], ["09:00", "15:00"]],
      [london, "Europe/London", [0, 6], ["08:30", "17:45"]],
    ] as const) {
      const local = localNow(zone);
      const active = (days as readonly number[]).includes(local.weekday);
      const board = await json(client, "/api/user/dashboard", dashboard);
      expect(board.localDate).toBe(local.date);
      expect(board.isActiveDay).toBe(active);
      // Set up today: a break due before they joined is not one of theirs (issue 33).
      const counted = times.filter((t) => theirs(client, zone, t));
      expect(board.totalToday).toBe(active ? counted.length : 0);
      if (active)
        expect(board.schedule.filter((b) => b.status === "before-start").map((b) => b.time)).toEqual(
          times.filter((t) => !counted.includes(t)),
        );
      const day = await json(client, "/api/user/today", today);
      expect(day.breaks).toHaveLength(active ? 2 : 0);
      expect(day.reason).toBe(active ? null : "rest-day");
      expect(day.nextBreak).not.toBeNull();
    }
  });
});

describe("history and export", () => {
  test("history counts today's done break; a bad days value is a 400", async () => {
    const h = await json(lordHowe, "/api/user/history?days=30", history);
    expect(h.timezone).toBe("Australia/Lord_Howe");
    const second = theirs(lordHowe, "Australia/Lord_Howe", "13:30") ? 1 : 0;
    expect(h.days.at(-1)).toEqual({
      date: h.localDate,
      scheduled: 1 + second,
      completed: 1,
      status: second ? "pending" : "complete",
    });
    expect(h.bySlot).toHaveLength(2);
    expect(h.times.map((t) => t.time)).toEqual(["07:30", "13:30"]);
    shaped(history, (await lordHowe.call("GET", "/api/user/history")).json);
    expectRefusal(await lordHowe.call("GET", "/api/user/history?days=0"), 400);
    expectRefusal(await lordHowe.call("GET", "/api/user/history?days=1e2"), 400);
  });

  test("the export as JSON and as CSV", async () => {
    const res = await lordHowe.call("GET", "/api/user/export");
    expectStatus(res, 200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="limber-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = shaped(dataExport, res.json, "the JSON export");
    expect(data.account.email).toBe(lordHowe.email);
    expect(data.settings).toMatchObject({ timezone: "Australia/Lord_Howe", onboardingCompleted: true });
    expect(data.scheduleHistory).toHaveLength(1);

    const csv = await lordHowe.call("GET", "/api/user/export?format=csv");
    expectStatus(csv, 200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/filename="limber-breaks-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csv.text.split("\r\n").filter(Boolean);
    expect(rows[0]).toBe("date,slot,break,completed_at,skipped");
    // Every break row: the one done, and the one done and then undone (no completion time).
    const date = localNow("Australia/Lord_Howe").date;
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(new RegExp(`^${date},0,first,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,$`));
    expect(rows[2]).toBe(`${date},1,second,,`);
    expect(data.breaks.map((b) => [b.slot, b.completedAt === null])).toEqual([
      [0, false],
      [1, true],
    ]);

    expectRefusal(await lordHowe.call("GET", "/api/user/export?format=xml"), 400);
  });
});

describe("schedule changes on the same day", () => {
  test("setup, then two saves the same day: past breaks keep their schedule, the feed ends the old series", async () => {
    // Two zones with the same local date and both between 04:00 and 22:00, so the first schedule's
    // times (3 and 2 hours ago) lie earlier today whatever the hour the suite runs at.
    const [zoneA, zoneB] = zonePairWithLocalMinutes(4 * 60, 22 * 60);
    const now = localNow(zoneA);
    const first: [string, string] = [hhmm(now.minutes - 180), hhmm(now.minutes - 120)];
    const changer = await signedIn("changer");
    await changer.setup({ timezone: zoneA, times: first, durationPreference: 10, activeDays: EVERY_DAY });

    const second = await changer.call("PUT", "/api/user/settings", {
      json: { times: [hhmm(now.minutes - 60), hhmm(now.minutes + 60)], active_days: [1, 2, 3, 4, 5] },
    });
    expectStatus(second, 200);
    const third = await changer.call("PUT", "/api/user/settings", { json: { timezone: zoneB, times: ["12:00"] } });
    expectStatus(third, 200);
    expect(shaped(settings, third.json)).toMatchObject({
      timezone: zoneB,
      times: ["12:00"],
      activeDays: [1, 2, 3, 4, 5],
    });

    // Today's two breaks were past when the schedule changed: they keep their place. They were
    // also due before the user joined (set up just now), so they are not theirs (issue 33):
    // "before-start", not missed, and nothing is counted.
    const board = await json(changer, "/api/user/dashboard", dashboard);
    expect(board.totalToday).toBe(0);
    expect(board.schedule.map((b) => [b.time, b.status])).toEqual([
      [first[0], "before-start"],
      [first[1], "before-start"],
    ]);

    const day = await json(changer, "/api/user/today", today);
    expect(day.timezone).toBe(zoneB);
    expect(day.breaks.map((b) => [b.time, b.status])).toEqual([
      [first[0], "before-start"],
      [first[1], "before-start"],
    ]);
    expect(day.nextBreak?.time).toBe("12:00");
    const h = await json(changer, "/api/user/history?days=7", history);
    expect(h.days.at(-1)).toMatchObject({ date: now.date, scheduled: 0, completed: 0 });
    expect(h.times.map((t) => t.time)).toEqual(["12:00"]);

    const exported = shaped(dataExport, (await changer.call("GET", "/api/user/export")).json);
    expect(exported.scheduleHistory.map((v) => v.timezone)).toEqual([zoneA, zoneA, zoneB]);

    // The first schedule's two series end where the change took over (UNTIL); the second lasted
    // seconds and made no break; the current one has its one time on weekdays in zone B.
    const { body } = await expectFeed(changer, { events: 3, ended: 2, byday: "MO,TU,WE,TH,FR", timezone: zoneB });
    expect(body).toContain(`DTSTART;TZID=${zoneA}:${now.date.replaceAll("-", "")}T${first[0].replace(":", "")}00`);
    expect(body).toContain(`TZID=${zoneB}:`);
  });
});

describe("the calendar feed", () => {
  test("every kind of user gets a feed with their events, and 304 when unchanged", async () => {
    await expectFeed(ny, { events: 2, ended: 0, byday: "MO,WE,FR", timezone: "America/New_York" });
    await expectFeed(london, { events: 2, ended: 0, byday: "SU,SA", timezone: "Europe/London" });
    const lh = await expectFeed(lordHowe, {
      events: 2,
      ended: 0,
      byday: "SU,MO,TU,WE,TH,FR,SA",
      timezone: "Australia/Lord_Howe",
    });
    // Lord Howe moves its clocks by half an hour.
    expect(lh.body).toMatch(/TZOFFSETFROM:\+1030\r\nTZOFFSETTO:\+1100/);
    expect(lh.body).toContain("DURATION:PT15M");
    // Pausing stops the e-mails only: the events stay.
    await expectFeed(paused, { events: 2, ended: 0, byday: "MO,TU,WE,TH,FR", timezone: "America/New_York" });
    // Before onboarding there is nothing to put in a calendar.
    await expectFeed(fresh, { events: 0 });
  });

  test("a reset link replaces the old one, by route and by the Settings action", async () => {
    const before = await json(ny, "/api/user/calendar", calendarUrl);
    const res = await ny.call("POST", "/api/user/calendar/reset");
    expectStatus(res, 200);
    const after = shaped(calendarUrl, res.json);
    expect(after.url).not.toBe(before.url);
    expectRefusal(await ny.call("GET", new URL(before.url).pathname, { anonymous: true }), 404);
    expectStatus(await ny.call("GET", new URL(after.url).pathname, { anonymous: true }), 200);
    expect((await json(ny, "/api/user/calendar", calendarUrl)).url).toBe(after.url);

    const old = await json(london, "/api/user/calendar", calendarUrl);
    const viaAction = await london.action("resetCalendarLink", []);
    const fresher = shaped(actionOk(calendarUrl), viaAction.result).data.url;
    expect(fresher).not.toBe(old.url);
    expectRefusal(await london.call("GET", new URL(old.url).pathname, { anonymous: true }), 404);
    await expectFeed(london, { events: 2, byday: "SU,SA" });
  });

  test("unknown and malformed feed tokens are the same 404", async () => {
    const anon = new Client();
    expectRefusal(await anon.call("GET", `/api/calendar/${"A".repeat(22)}.ics`), 404);
    expectRefusal(await anon.call("GET", "/api/calendar/not-a-token"), 404);
  });
});
