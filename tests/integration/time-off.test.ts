// Issue 31: time off that ends by itself. A pause may carry a resume day (`resume_on`: the first
// local day reminders go out again); on that day, in the user's own zone, the pause ends without
// the user doing anything, the day's breaks are reminded, and the days in between stay neutral.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as settingsRoute from "@/app/api/user/settings/route";
import { saveSettings } from "@/lib/actions/save-settings";
import { deriveKey } from "@/lib/platform/secret";
import { getDb, type Db } from "@/lib/db";
import { SETTINGS_MESSAGES } from "@/lib/schedule/settings";
import { addDays, localDate } from "@/lib/schedule/time";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { applySettingsPatch } from "@/lib/users/settings-store";
import { resumeDuePauses } from "@/lib/users/resume";
import {
  checkSkipLink,
  SKIP_MESSAGES,
  skipFromLink,
  skipTodayBreak,
  unskipFromLink,
  unskipTodayBreak,
} from "@/lib/breaks/skip";
import { storedKey } from "@/lib/platform/rate-limit";
import { snoozeBreak, snoozeTokenFor } from "@/lib/reminders/snooze";
import { completeTodayBreak } from "@/lib/breaks/completion";
import { getDashboard } from "@/lib/progress/dashboard";
import { getToday } from "@/lib/breaks/today";
import { getHistory } from "@/lib/progress/history";
import { exportBreaksCsv, exportData } from "@/lib/users/export";
import { signIn, uniqueEmail } from "../support/auth";
import { formData, type Client } from "../support/http";
import { createUser, memoryTransport } from "../support/reminders";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const config = { appUrl: "http://localhost:3000", secret: deriveKey(process.env.AUTH_SECRET!, "email-links") };
const suggest = createSuggester({ model: null });
const put = (c: Client, body: Record<string, unknown>) =>
  c.call(settingsRoute.PUT, { method: "PUT", path: "/api/user/settings", body });
const read = async (c: Client) =>
  (await c.call(settingsRoute.GET, { method: "GET", path: "/api/user/settings" })).json as {
    pauseEmails: boolean;
    resumeOn: string | null;
    moveWithinMinutes: number;
  };

async function setUp(timezone = "America/New_York") {
  const c = await signIn(uniqueEmail("timeoff"));
  await c.call((await import("@/app/api/user/setup/route")).POST, {
    path: "/api/user/setup",
    body: { timezone, times: ["10:00", "15:00"], durationPreference: 5 },
  });
  return c;
}

describe("settings: move_within_minutes and resume_on", () => {
  it("reads moveWithinMinutes (60 by default) and resumeOn (null unless paused with a day)", async () => {
    const c = await setUp();
    expect(await read(c)).toMatchObject({ moveWithinMinutes: 60, resumeOn: null, pauseEmails: false });
    expect((await put(c, { move_within_minutes: 0 })).status).toBe(200);
    expect((await read(c)).moveWithinMinutes).toBe(0);
    const tomorrow = addDays(localDate(new Date(), "America/New_York"), 1);
    const r = await put(c, { pause_emails: true, resume_on: tomorrow });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ pauseEmails: true, resumeOn: tomorrow });
    // Turning e-mails back on ends the time off: the day goes with it.
    expect((await put(c, { pause_emails: false })).json).toMatchObject({ pauseEmails: false, resumeOn: null });
  });

  it("refuses a resume day that is not a date, not after today in the user's zone, too far, or without a pause", async () => {
    const c = await setUp("Pacific/Kiritimati"); // UTC+14: its today is often the UTC tomorrow
    const today = localDate(new Date(), "Pacific/Kiritimati");
    for (const [body, message] of [
      [{ pause_emails: true, resume_on: "next monday" }, SETTINGS_MESSAGES.resumeOn],
      [{ pause_emails: true, resume_on: "2026-02-30" }, SETTINGS_MESSAGES.resumeOn],
      [{ pause_emails: true, resume_on: today }, SETTINGS_MESSAGES.resumeNotAhead],
      [{ pause_emails: true, resume_on: addDays(today, -3) }, SETTINGS_MESSAGES.resumeNotAhead],
      [{ pause_emails: true, resume_on: addDays(today, 367) }, SETTINGS_MESSAGES.resumeTooFar],
      [{ resume_on: addDays(today, 2) }, SETTINGS_MESSAGES.resumeWithoutPause],
      [{ move_within_minutes: 181 }, SETTINGS_MESSAGES.moveWithin],
      [{ move_within_minutes: 12.5 }, SETTINGS_MESSAGES.moveWithin],
    ] as const) {
      const r = await put(c, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toEqual({ message });
    }
    // Nothing was written by any of them.
    expect(await read(c)).toMatchObject({ pauseEmails: false, resumeOn: null, moveWithinMinutes: 60 });
  });

  it("the Settings form's action shows a refused day on its own field", async () => {
    const c = await setUp("UTC");
    const today = localDate(new Date(), "UTC");
    const form = formData({
      count: "2",
      "times.0": "10:00",
      "times.1": "15:00",
      active_days: ["1", "2", "3", "4", "5"],
      duration_preference: "5",
      intensity_level: "medium",
      movement_prefs: "",
      timezone: "UTC",
      channels: "email",
      pause_emails: "on",
      resume_on: today,
    });
    const { result } = await c.action(saveSettings, [{}, form]);
    expect(result).toMatchObject({ ok: false, status: 400, code: "invalid_input" });
    expect((result as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      resume_on: SETTINGS_MESSAGES.resumeNotAhead,
    });
  });
});

describe("a pause with a resume day", () => {
  it("ends on that local day by itself: that day's break is reminded once, the days before none", async () => {
    const start = new Date("2036-03-02T12:00:00Z"); // Sunday 07:00 in New York
    const u = await createUser(db, { times: ["09:00"], timezone: "America/New_York" }, start);
    await applySettingsPatch(db, u.id, { pauseEmails: true, resumeOn: "2036-03-04" }, start);
    const sent = memoryTransport();
    const mine = () => sent.sent.filter((m) => m.to === u.email).length;
    // Monday 2036-03-03 09:02 New York: still paused.
    const monday = new Date("2036-03-03T14:02:00Z");
    expect(await resumeDuePauses(db, monday)).toBe(0);
    await dispatch({ now: monday, db, mail: sent.transport, suggest, config });
    expect(mine()).toBe(0);
    // Tuesday 00:01 New York (05:01 UTC): the resume day has come there.
    const tuesdayEarly = new Date("2036-03-04T05:01:00Z");
    expect(await resumeDuePauses(db, tuesdayEarly)).toBeGreaterThanOrEqual(1);
    const settings = await db.userSettings.findUniqueOrThrow({ where: { userId: u.id } });
    expect(settings).toMatchObject({ pauseEmails: false, resumeOn: null });
    expect(await db.auditLog.count({ where: { action: "emails_resumed", userId: u.id } })).toBe(1);
    const periods = await db.pausePeriod.findMany({ where: { userId: u.id } });
    expect(periods.map((p) => p.endedAt?.toISOString())).toEqual([tuesdayEarly.toISOString()]);
    // Tuesday 09:02 New York: reminded, once.
    await dispatch({ now: new Date("2036-03-04T14:02:00Z"), db, mail: sent.transport, suggest, config });
    await dispatch({ now: new Date("2036-03-04T14:06:00Z"), db, mail: sent.transport, suggest, config });
    expect(mine()).toBe(1);
  });
});

describe("Not today", () => {
  // Tuesday 2036-03-04 in New York (UTC-5): breaks at 09:00 (14:00 UTC) and 15:00 (20:00 UTC).
  const at = (utc: string) => new Date(`2036-03-04T${utc}:00Z`);

  it("a skipped break gets no reminder, the other one does; the day is neutral, not missed", async () => {
    const created = new Date("2036-03-02T12:00:00Z");
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, created);
    const sent = memoryTransport();
    const mine = () => sent.sent.filter((m) => m.to === u.email).length;

    const view = await skipTodayBreak(db, u.id, 0, at("13:00"));
    expect(view).toMatchObject({ completedToday: 0, totalToday: 1 });
    expect(await skipTodayBreak(db, u.id, 0, at("13:01"))).toEqual(view); // idempotent
    const day = await getToday({ db, suggest, now: at("13:02") }, u.id);
    expect(day.breaks.map((b) => [b.status, b.skipReason])).toEqual([
      ["skipped", "user"],
      ["upcoming", undefined],
    ]);
    expect(day.nextBreak).toMatchObject({ slot: 1, time: "15:00", localDate: "2036-03-04" });

    await dispatch({ now: at("14:02"), db, mail: sent.transport, suggest, config });
    expect(mine()).toBe(0);
    await dispatch({ now: at("20:02"), db, mail: sent.transport, suggest, config });
    expect(mine()).toBe(1);

    // Only the second break done: the day is complete, and it keeps the streak.
    await completeTodayBreak(db, u.id, 1, at("20:10"));
    const board = await getDashboard(db, u.id, at("20:11"));
    expect(board.schedule.map((b) => [b.status, b.skipReason])).toEqual([
      ["skipped", "user"],
      ["done", undefined],
    ]);
    expect(board).toMatchObject({ completedToday: 1, totalToday: 1 });
    const history = await getHistory(db, u.id, 7, new Date("2036-03-05T15:00:00Z"));
    expect(history.days.find((d) => d.date === "2036-03-04")).toEqual({
      date: "2036-03-04",
      scheduled: 1,
      completed: 1,
      status: "complete",
    });

    // Export: the skipped break carries why; CSV too.
    const data = await exportData(db, u.id);
    expect(data.breaks).toEqual([
      { date: "2036-03-04", slot: 0, completedAt: null, skippedAt: at("13:00").toISOString(), skipReason: "user" },
      { date: "2036-03-04", slot: 1, completedAt: at("20:10").toISOString() },
    ]);
    expect(await exportBreaksCsv(db, u.id)).toBe(
      "date,slot,break,completed_at,skipped\r\n" +
        "2036-03-04,0,first,,user\r\n" +
        `2036-03-04,1,second,${at("20:10").toISOString()},\r\n`,
    );
  });

  it("both breaks skipped: no break that day, and the streak carries over it", async () => {
    const created = new Date("2036-03-02T12:00:00Z");
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, created);
    // Monday done in full.
    await completeTodayBreak(db, u.id, 0, new Date("2036-03-03T14:05:00Z"));
    await completeTodayBreak(db, u.id, 1, new Date("2036-03-03T20:05:00Z"));
    // Tuesday both skipped; Wednesday's first done.
    await skipTodayBreak(db, u.id, 0, at("12:00"));
    await skipTodayBreak(db, u.id, 1, at("12:00"));
    expect(await getDashboard(db, u.id, at("21:00"))).toMatchObject({ totalToday: 0, completedToday: 0 });
    await completeTodayBreak(db, u.id, 0, new Date("2036-03-05T14:05:00Z"));
    const wednesday = await getDashboard(db, u.id, new Date("2036-03-05T14:06:00Z"));
    expect(wednesday.streakCount).toBe(1);
    await completeTodayBreak(db, u.id, 1, new Date("2036-03-05T20:05:00Z"));
    expect((await getDashboard(db, u.id, new Date("2036-03-05T20:06:00Z"))).streakCount).toBe(2);
  });

  it("can be skipped and taken back until its window has gone by; not a done or missed break; done anyway counts", async () => {
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, at("00:00"));
    await skipTodayBreak(db, u.id, 1, at("13:00"));
    expect((await unskipTodayBreak(db, u.id, 1, at("13:30"))).totalToday).toBe(2);
    expect((await unskipTodayBreak(db, u.id, 1, at("13:31"))).totalToday).toBe(2); // idempotent
    await skipTodayBreak(db, u.id, 1, at("13:32"));
    // Within the reminder window (15:00-15:30 New York) it can still be taken back, or skipped.
    expect((await unskipTodayBreak(db, u.id, 1, at("20:29"))).totalToday).toBe(2);
    await skipTodayBreak(db, u.id, 1, at("20:29"));
    // Once the window has gone by, it stays skipped.
    await expect(unskipTodayBreak(db, u.id, 1, at("20:30"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.tooLateToTakeBack,
    });
    // 09:30 New York: the first break's window has gone by undone; it stays missed.
    await expect(skipTodayBreak(db, u.id, 0, at("14:30"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.past,
    });
    // Done anyway, after all: it counts as done.
    const done = await completeTodayBreak(db, u.id, 1, at("20:30"));
    expect(done).toMatchObject({ completedToday: 1, totalToday: 2 });
    await expect(skipTodayBreak(db, u.id, 1, at("20:31"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.done,
    });
  });
});

describe("Not today, from the reminder e-mail", () => {
  const at = (utc: string) => new Date(`2036-03-04T${utc}:00Z`);
  const tokenIn = (html: string, page: string) => {
    const m = new RegExp(`/${page}\\?t=([^"&\\s]+)`).exec(html);
    expect(m, `a /${page} link`).not.toBeNull();
    return decodeURIComponent(m![1]!);
  };

  it("the first reminder carries the link; opening the page changes nothing; its button skips that break only", async () => {
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, at("00:00"));
    const sent = memoryTransport();
    await dispatch({ now: at("14:02"), db, mail: sent.transport, suggest, config });
    const mail = sent.sent.find((m) => m.to === u.email)!;
    const token = tokenIn(mail.html, "skip");
    expect(mail.text).toMatch(/Skip this break/);

    // The page's check: which break, nothing written.
    expect((await checkSkipLink(db, token, at("14:05"))).view).toEqual({ timeDisplay: "9:00 AM", skipped: false });
    expect(await db.breakRecord.count({ where: { userId: u.id } })).toBe(0);

    expect(await skipFromLink(db, token, "203.0.113.7", at("14:06"))).toEqual({
      timeDisplay: "9:00 AM",
      skipped: true,
    });
    expect(await skipFromLink(db, token, "203.0.113.7", at("14:07"))).toEqual({
      timeDisplay: "9:00 AM",
      skipped: true,
    }); // idempotent
    const board = await getDashboard(db, u.id, at("14:08"));
    expect(board.schedule.map((b) => b.status)).toEqual(["skipped", "upcoming"]);
    // Another purpose's token, a tampered one, or the same link on another day are refused.
    await expect(skipFromLink(db, tokenIn(mail.html, "done"), "203.0.113.7", at("14:09"))).rejects.toMatchObject({
      status: 400,
      publicMessage: SKIP_MESSAGES.invalid,
    });
    await expect(checkSkipLink(db, token, new Date("2036-03-05T14:05:00Z"))).rejects.toMatchObject({
      status: 400,
      publicMessage: SKIP_MESSAGES.otherDay,
    });
  });

  it("refuses a break already done or whose window has gone by; a deleted account's link is 410", async () => {
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, at("00:00"));
    const sent = memoryTransport();
    await dispatch({ now: at("14:02"), db, mail: sent.transport, suggest, config });
    const token = tokenIn(sent.sent.find((m) => m.to === u.email)!.html, "skip");
    await expect(checkSkipLink(db, token, at("14:30"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.past,
    });
    await completeTodayBreak(db, u.id, 0, at("14:10"));
    await expect(checkSkipLink(db, token, at("14:11"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.done,
    });
    await db.user.delete({ where: { id: u.id } });
    await expect(checkSkipLink(db, token, at("14:12"))).rejects.toMatchObject({
      status: 410,
      publicMessage: SKIP_MESSAGES.gone,
    });
  });

  it("a snoozed reminder has no skip link", async () => {
    const u = await createUser(db, { times: ["09:00"], timezone: "America/New_York" }, at("00:00"));
    const sent = memoryTransport();
    await dispatch({ now: at("14:02"), db, mail: sent.transport, suggest, config });
    const first = sent.sent.find((m) => m.to === u.email)!;
    await snoozeBreak(db, tokenIn(first.html, "snooze"), config.secret, at("14:03"));
    await dispatch({ now: at("14:19"), db, mail: sent.transport, suggest, config });
    const mine = sent.sent.filter((m) => m.to === u.email);
    expect(mine).toHaveLength(2);
    expect(mine[1]!.html).not.toMatch(/\/skip\?t=/);
  });
});

describe("Undo on the skip page (unskipFromLink), with the same signed skip token", () => {
  const at = (utc: string) => new Date(`2036-03-04T${utc}:00Z`);
  const IP = "203.0.113.8";
  const tokenIn = (html: string, page: string) => {
    const m = new RegExp(`/${page}\\?t=([^"&\\s]+)`).exec(html);
    expect(m, `a /${page} link`).not.toBeNull();
    return decodeURIComponent(m![1]!);
  };
  const mangle = (token: string) => `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  /** A user whose 9:00 AM (New York) reminder has gone out, with its links. */
  async function mailed() {
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, at("00:00"));
    const sent = memoryTransport();
    await dispatch({ now: at("14:02"), db, mail: sent.transport, suggest, config });
    const html = sent.sent.find((m) => m.to === u.email)!.html;
    return { u, skip: tokenIn(html, "skip"), done: tokenIn(html, "done") };
  }
  const statuses = async (userId: string, now: Date) =>
    (await getDashboard(db, userId, now)).schedule.map((b) => b.status);
  const skippedRows = (userId: string) =>
    db.breakRecord.count({ where: { userId, skippedAt: { not: null }, skipReason: "user" } });

  it("takes a skip back: the break is on the plan again and the page reads it as not skipped; idempotent", async () => {
    const { u, skip } = await mailed();
    await skipFromLink(db, skip, IP, at("14:05"));
    expect(await statuses(u.id, at("14:06"))).toEqual(["skipped", "upcoming"]);

    expect(await unskipFromLink(db, skip, IP, at("14:07"))).toEqual({ timeDisplay: "9:00 AM", skipped: false });
    expect(await skippedRows(u.id)).toBe(0);
    expect((await statuses(u.id, at("14:08")))[0]).not.toBe("skipped");
    expect((await checkSkipLink(db, skip, at("14:08"))).view).toEqual({ timeDisplay: "9:00 AM", skipped: false });
    // Twice (a double click, two tabs) gives the same answer.
    expect(await unskipFromLink(db, skip, IP, at("14:09"))).toEqual({ timeDisplay: "9:00 AM", skipped: false });
    // It can be skipped again from the same link.
    await skipFromLink(db, skip, IP, at("14:10"));
    expect(await skippedRows(u.id)).toBe(1);
  });

  it("a bad token is a 400 with the invalid text, a closed window a 409 with its text; the skip stays", async () => {
    const { u, skip, done } = await mailed();
    await skipFromLink(db, skip, IP, at("14:05"));
    for (const bad of [mangle(skip), done, "not-a-token-at-all"])
      await expect(unskipFromLink(db, bad, IP, at("14:06"))).rejects.toMatchObject({
        status: 400,
        publicMessage: SKIP_MESSAGES.invalid,
      });
    // The page offers Undo while it would work, and not once the break's reminder window (its time
    // plus 30 minutes) has gone by: then it stays skipped.
    expect(await checkSkipLink(db, skip, at("14:29"))).toMatchObject({ undoable: true, view: { skipped: true } });
    expect(await checkSkipLink(db, skip, at("14:31"))).toMatchObject({ undoable: false, view: { skipped: true } });
    await expect(unskipFromLink(db, skip, IP, at("14:31"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.tooLateToTakeBack,
    });
    expect(await skippedRows(u.id)).toBe(1);
    expect((await statuses(u.id, at("14:32")))[0]).toBe("skipped");
  });

  it("a break skipped for the calendar is not the user's to take back: no Undo, and a 409", async () => {
    const { u, skip } = await mailed();
    await db.breakRecord.create({
      data: {
        id: randomUUID(),
        userId: u.id,
        localDate: "2036-03-04",
        slot: 0,
        skippedAt: at("13:00"),
        skipReason: "busy",
      },
    });
    expect(await checkSkipLink(db, skip, at("14:05"))).toMatchObject({ undoable: false, view: { skipped: true } });
    await expect(unskipFromLink(db, skip, IP, at("14:06"))).rejects.toMatchObject({
      status: 409,
      publicMessage: SKIP_MESSAGES.otherReason,
    });
  });

  it("another user's token changes only that user's own break (here: nothing), never the caller's", async () => {
    const a = await mailed();
    const b = await mailed();
    await skipFromLink(db, a.skip, IP, at("14:05"));
    // B's valid link takes back B's skip, of which there is none: A's stays.
    expect(await unskipFromLink(db, b.skip, IP, at("14:06"))).toEqual({ timeDisplay: "9:00 AM", skipped: false });
    expect(await skippedRows(a.u.id)).toBe(1);
    expect(await skippedRows(b.u.id)).toBe(0);
    // A's token with B's user id swapped in is not A's any more, nor B's: a 400 and nothing written.
    const [payload, signature] = a.skip.split(".");
    const swapped = Buffer.from(
      Buffer.from(payload!, "base64url").toString("utf8").replace(a.u.id, b.u.id),
      "utf8",
    ).toString("base64url");
    await expect(unskipFromLink(db, `${swapped}.${signature}`, IP, at("14:07"))).rejects.toMatchObject({
      status: 400,
      publicMessage: SKIP_MESSAGES.invalid,
    });
    expect(await skippedRows(a.u.id)).toBe(1);
  });

  it("is limited per address under its own key (unskip-ip), apart from the skip button's", async () => {
    const { u, skip } = await mailed();
    const ip = "203.0.113.99";
    await skipFromLink(db, skip, ip, at("14:05"));
    await db.rateLimit.deleteMany({ where: { key: storedKey(`unskip-ip:${ip}`) } });
    await db.rateLimit.create({
      data: { id: randomUUID(), key: storedKey(`unskip-ip:${ip}`), count: 60, lastRequest: BigInt(Date.now()) },
    });
    await expect(unskipFromLink(db, skip, ip, at("14:06"))).rejects.toMatchObject({ status: 429 });
    expect(await skippedRows(u.id)).toBe(1);
    // The skip button's counter is another one: it still answers.
    expect(await skipFromLink(db, skip, ip, at("14:07"))).toMatchObject({ skipped: true });
  });
});

describe("the skip page's 'Remind Me in 15 Minutes' (snoozeTokenFor)", () => {
  const at = (utc: string) => new Date(`2036-03-04T${utc}:00Z`);
  const secret = config.secret;

  it("signs a snooze token for the same break while the snooze page would take it, and none after", async () => {
    const u = await createUser(db, { times: ["09:00", "15:00"], timezone: "America/New_York" }, at("00:00"));
    const claim = { userId: u.id, localDate: "2036-03-04", slot: 0 };
    const scheduledAt = at("14:00");
    const token = await snoozeTokenFor(db, claim, scheduledAt, at("14:05"));
    expect(token).not.toBeNull();
    // It is the snooze page's own token for that break: snoozing with it works, for that user only.
    expect(await snoozeBreak(db, token!, secret, at("14:05"))).toMatchObject({ timeDisplay: "9:00 AM", remaining: 1 });
    // One waiting: still offered (the snooze page says it is on its way); twice used: no more.
    expect(await snoozeTokenFor(db, claim, scheduledAt, at("14:06"))).not.toBeNull();
    await db.snooze.updateMany({ where: { userId: u.id }, data: { status: "sent" } });
    await snoozeBreak(db, token!, secret, at("14:25"));
    await db.snooze.updateMany({ where: { userId: u.id }, data: { status: "sent" } });
    expect(await snoozeTokenFor(db, claim, scheduledAt, at("14:45"))).toBeNull();
    // Another break of the same user is not affected; a done one, or paused e-mails, are not offered.
    const other = { ...claim, slot: 1 };
    expect(await snoozeTokenFor(db, other, at("20:00"), at("14:45"))).not.toBeNull();
    await completeTodayBreak(db, u.id, 1, at("14:46"));
    expect(await snoozeTokenFor(db, other, at("20:00"), at("14:47"))).toBeNull();
    await db.userSettings.update({ where: { userId: u.id }, data: { pauseEmails: true } });
    expect(await snoozeTokenFor(db, claim, scheduledAt, at("14:48"))).toBeNull();
  });
});
