// Issue 33 on the build: GET /api/user/recap, the weeklyRecapEmail setting, trophies on History,
// and the cron that sends the weekly recap e-mail (Monday in the user's zone, for the week just
// ended). A break can only be marked on the user's own today, so the e-mail is sent for real when
// some zone is still on Sunday while another is already on Monday (UTC Sunday ~10:00 to Monday
// ~14:00): the break is done on Sunday in the first, then the user moves to the second. At any
// other time the suite checks that no recap goes to a user without breaks in a finished week.
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { Client, mailsTo, signedIn } from "./support/client";
import { contract } from "./support/context";
import { expectRefusal, expectStatus } from "./support/expect";
import { settings, shaped } from "./support/schemas";
import { hhmm, localNow, zoneWithLocalMinutes } from "./support/time";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const weekNumbers = z.object({
  weekStart: isoDate,
  breaksDone: z.number().int().min(0),
  minutesMoved: z.number().int().min(0),
});
const recapBody = weekNumbers.extend({
  weekEnd: isoDate,
  days: z
    .array(z.object({ date: isoDate, breaksDone: z.number(), minutesMoved: z.number(), counted: z.boolean() }))
    .length(7),
  bestDay: z.object({ date: isoDate, breaksDone: z.number().int().min(1) }).nullable(),
  currentStreak: z.number().int().min(0),
  previous: weekNumbers,
  change: z.object({ breaksDone: z.number().int(), minutesMoved: z.number().int() }),
  today: isoDate,
  timezone: z.string().min(1),
});
const cronResult = z.strictObject({
  due: z.number().int().min(0),
  sent: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
});
const trophies = z.object({
  earned: z.array(z.object({ key: z.string(), title: z.string(), earnedOn: isoDate })),
  next: z
    .object({ key: z.string(), title: z.string(), progress: z.number(), goal: z.number(), progressText: z.string() })
    .nullable(),
});

const ZONES = [
  "Pacific/Pago_Pago",
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "America/Sao_Paulo",
  "Atlantic/Azores",
  "Europe/London",
  "Europe/Berlin",
  "Europe/Athens",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Bangkok",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
  "Pacific/Kiritimati",
];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const cron = () => ({ Authorization: `Bearer ${contract().cronSecret}` });
const recapMails = (email: string) => mailsTo(email).filter((m) => /^Your week/.test(m.subject));

/** A zone on Sunday (an hour or more into it, not in its last minutes) and one on Monday from 01:00. */
function sundayAndMonday(): { sunday: string; monday: string } | null {
  const sunday = ZONES.find((z) => {
    const n = localNow(z);
    return n.weekday === 0 && n.minutes >= 60 && n.minutes < 23 * 60 + 50;
  });
  const monday = ZONES.find((z) => {
    const n = localNow(z);
    return n.weekday === 1 && n.minutes >= 60;
  });
  return sunday && monday ? { sunday, monday } : null;
}

let user: Client;
beforeAll(async () => {
  user = await signedIn("recap");
});

describe("GET /api/user/recap", () => {
  test("signed out is a 401; a week that is not a finished week's Monday is a 400", async () => {
    expectRefusal(await new Client().call("GET", "/api/user/recap"), 401);
    await user.setup({
      timezone: "Europe/London",
      times: ["09:00", "15:00"],
      durationPreference: 10,
      activeDays: EVERY_DAY,
    });
    for (const week of ["2026-11-24", "next", "2026-02-30", "9999-12-27"])
      expectRefusal(await user.call("GET", `/api/user/recap?week=${week}`), 400, /Monday/);
  });

  test("answers last finished week's recap in the user's zone", async () => {
    const res = await user.call("GET", "/api/user/recap");
    expectStatus(res, 200);
    const recap = shaped(recapBody, res.json, "the recap");
    const today = localNow("Europe/London");
    expect(recap.today).toBe(today.date);
    expect(recap.timezone).toBe("Europe/London");
    // The Monday of the week before this one, and the Sunday after it.
    const monday = new Date(`${today.date}T12:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((today.weekday + 6) % 7) - 7);
    expect(recap.weekStart).toBe(monday.toISOString().slice(0, 10));
    expect(recap.days.map((d) => d.date)[6]).toBe(recap.weekEnd);
    // Joined today: nothing before counts.
    expect(recap).toMatchObject({
      breaksDone: 0,
      minutesMoved: 0,
      bestDay: null,
      change: { breaksDone: 0, minutesMoved: 0 },
    });
    expect(recap.days.every((d) => !d.counted)).toBe(true);
    const earlier = await user.call("GET", `/api/user/recap?week=${recap.previous.weekStart}`);
    expect(shaped(recapBody, earlier.json).weekStart).toBe(recap.previous.weekStart);
  });
});

describe("the weeklyRecapEmail setting and trophies", () => {
  test("on by default, turned off and on by PUT /api/user/settings; a non-boolean is a 400", async () => {
    const client = await signedIn("recap-setting");
    await client.setup({ timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 });
    expect(shaped(settings, (await client.call("GET", "/api/user/settings")).json).weeklyRecapEmail).toBe(true);
    const off = await client.call("PUT", "/api/user/settings", { json: { weekly_recap_email: false } });
    expectStatus(off, 200);
    expect(shaped(settings, off.json).weeklyRecapEmail).toBe(false);
    expectRefusal(await client.call("PUT", "/api/user/settings", { json: { weekly_recap_email: "off" } }), 400);
    const on = await client.call("PUT", "/api/user/settings", { json: { weekly_recap_email: true } });
    expect(shaped(settings, on.json).weeklyRecapEmail).toBe(true);
  });

  test("History lists the first break's trophy once a break is done, with today's date", async () => {
    const client = await signedIn("trophy");
    const zone = zoneWithLocalMinutes(60, 23 * 60);
    const now = localNow(zone);
    await client.setup({
      timezone: zone,
      times: [hhmm(now.minutes - 10), hhmm(now.minutes - 5)],
      durationPreference: 5,
      activeDays: EVERY_DAY,
    });
    const before = shaped(
      trophies,
      ((await client.call("GET", "/api/user/history")).json as { trophies: unknown }).trophies,
    );
    expect(before).toMatchObject({ earned: [], next: { key: "first-break", progressText: "0 of 1 break" } });
    expectStatus(await client.call("POST", "/api/user/breaks/0/complete"), 200);
    const after = shaped(
      trophies,
      ((await client.call("GET", "/api/user/history")).json as { trophies: unknown }).trophies,
    );
    expect(after.earned).toEqual([{ key: "first-break", title: "First Break", earnedOn: localNow(zone).date }]);
  });
});

describe("GET /api/cron/recap", () => {
  test("refuses a missing or wrong secret", async () => {
    expectRefusal(await new Client().call("GET", "/api/cron/recap"), 401);
    expectRefusal(await user.call("GET", "/api/cron/recap", { headers: { Authorization: "Bearer wrong" } }), 401);
  });

  test("sends the weekly recap e-mail once (Sunday/Monday zones), or nothing to a user without a finished week's breaks", async () => {
    const client = await signedIn("recap-mail");
    const pair = sundayAndMonday();
    const zone = pair?.sunday ?? zoneWithLocalMinutes(60, 23 * 60);
    const now = localNow(zone);
    await client.setup({
      timezone: zone,
      times: [hhmm(now.minutes - 30), hhmm(now.minutes - 20)],
      durationPreference: 10,
      activeDays: EVERY_DAY,
    });
    expectStatus(await client.call("POST", "/api/user/breaks/0/complete"), 200);
    if (pair) {
      // It is Monday where the user goes now: the week that ended yesterday (their Sunday) is due.
      const moved = await client.call("PUT", "/api/user/settings", {
        json: { timezone: pair.monday, times: ["00:05"] },
      });
      expectStatus(moved, 200);
    }
    const run = await client.call("GET", "/api/cron/recap", { headers: cron() });
    expectStatus(run, 200);
    shaped(cronResult, run.json, "the cron's answer");
    const again = await client.call("GET", "/api/cron/recap", { headers: cron() });
    expectStatus(again, 200);
    const mails = recapMails(client.email!);
    if (!pair) {
      // The break is in this (unfinished) week, and the week before had none: no recap.
      expect(mails).toHaveLength(0);
      return;
    }
    expect(mails, "one recap e-mail for two runs").toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Your week: 1 movement break done");
    expect(mail.text).toMatch(/\b1\s+break done/);
    expect(mail.text).toMatch(/\b10\s+minutes moved/);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<([^>]+\/api\/unsubscribe\?t=[^>]+)>/.exec(mail.headers["List-Unsubscribe"] ?? "")![1]!;
    // The one-click POST turns off the recap only.
    const res = await fetch(link, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    const after = shaped(settings, (await client.call("GET", "/api/user/settings")).json);
    expect(after).toMatchObject({ weeklyRecapEmail: false, pauseEmails: false });
  });
});
