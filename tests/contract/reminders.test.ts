// Reminders end to end on the build: push devices on a loopback push service, the test
// notification, the cron dispatch (an e-mail for an e-mail user, an encrypted notification for a
// push user, each break due now), every link of the e-mail and the pages they open, an account
// deleted afterwards, and the retention purge.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { decryptPush, makeSubscriberKeys, type SubscriberKeys } from "@/tests/support/push-service";
import { Client, eventually, mailsTo, signedIn, type OutboxMail } from "./support/client";
import { contract } from "./support/context";
import { expectFeed, expectRefusal, expectStatus } from "./support/expect";
import type { ReceivedPush } from "./support/push-stub";
import {
  actionDone,
  actionFailure,
  actionOk,
  authUser,
  dashboard,
  dispatchResult,
  linkCompletion,
  linkUndo,
  pushDevices,
  pushId,
  purgeResult,
  settings,
  shaped,
  skipLinkView,
  snoozeView,
  successMessage,
  testNotification,
} from "./support/schemas";
import { hhmm, localNow, zoneWithLocalMinutes } from "./support/time";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

const notification = z.object({
  v: z.literal(1),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  url: z.string().startsWith("/"),
  done: z.string().optional(),
  snooze: z.string().optional(),
});

/** A subscription as the browser's PushSubscription.toJSON() gives it, on the stub. */
function subscription(keys: SubscriberKeys) {
  return {
    endpoint: `${contract().pushStubUrl}/push/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  };
}

async function received(endpoint: string): Promise<ReceivedPush[]> {
  const res = await fetch(
    `${contract().pushStubUrl}/__received?path=${encodeURIComponent(new URL(endpoint).pathname)}`,
  );
  return (await res.json()) as ReceivedPush[];
}

/** The notifications a device received, decrypted with its keys as the browser does. */
async function notificationsOf(endpoint: string, keys: SubscriberKeys) {
  return (await received(endpoint)).map((m) => ({
    message: m,
    payload: shaped(notification, JSON.parse(decryptPush(Buffer.from(m.body, "base64"), keys)), "a notification"),
  }));
}

/** The signed token of one of the e-mail's links (`/done?t=…`). */
function linkToken(mail: OutboxMail, page: "done" | "snooze" | "skip" | "unsubscribe"): string {
  const match = new RegExp(`${contract().baseUrl}/${page}\\?t=([^\\s"<>&]+)`).exec(mail.text);
  expect(match, `a /${page} link in the reminder e-mail`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/**
 * The token with one character of its middle changed. Not the last one: a base64url string's last
 * character may carry unused bits, and changing only those leaves the decoded bytes (and so the
 * signature) as they were.
 */
function tamper(token: string): string {
  let i = Math.floor(token.length / 2);
  while (!/[A-Za-z0-9]/.test(token[i]!)) i += 1;
  return token.slice(0, i) + (token[i] === "A" ? "Q" : "A") + token.slice(i + 1);
}

// A zone whose local time is between 01:00 and 20:00, so "5 minutes ago" and "in 3 hours" are
// both today (a second break past midnight would sort first on the dashboard).
const zone = zoneWithLocalMinutes(60, 20 * 60);
let mailUser: Client; // e-mail reminders, first break 5 minutes ago
let pushUser: Client; // notifications only, first break 5 minutes ago
let other: Client; // someone else, for another user's device
let deviceKeys: SubscriberKeys;
let device: ReturnType<typeof subscription>;
let deviceId: string;

beforeAll(async () => {
  [mailUser, pushUser, other] = await Promise.all([signedIn("mail"), signedIn("push"), signedIn("other")]);
  const now = localNow(zone);
  const due: [string, string] = [hhmm(now.minutes - 5), hhmm(now.minutes + 180)];
  await Promise.all([
    mailUser.setup({ timezone: zone, times: due, durationPreference: 10, activeDays: EVERY_DAY }),
    pushUser.setup({ timezone: zone, times: due, durationPreference: 5, activeDays: EVERY_DAY }),
    other.setup({ timezone: "Europe/London", times: ["11:00", "16:00"], durationPreference: 5 }),
  ]);
  deviceKeys = makeSubscriberKeys();
  device = subscription(deviceKeys);
});

describe("push devices and the test notification", () => {
  test("subscribe (201, then 200 for the same endpoint), list, and the Settings action", async () => {
    const first = await pushUser.call("POST", "/api/user/push/subscriptions", { json: device });
    expectStatus(first, 201);
    deviceId = shaped(pushId, first.json).id;
    const again = await pushUser.call("POST", "/api/user/push/subscriptions", { json: device });
    expectStatus(again, 200);
    expect(shaped(pushId, again.json).id).toBe(deviceId);

    const secondKeys = makeSubscriberKeys();
    const viaAction = await pushUser.action("subscribePush", [subscription(secondKeys)]);
    const second = shaped(actionOk(z.object({ id: z.uuid(), created: z.literal(true) })), viaAction.result).data.id;

    const list = await pushUser.call("GET", "/api/user/push/subscriptions");
    expectStatus(list, 200);
    // The strict schema also proves no endpoint or key leaves the server.
    const { devices } = shaped(pushDevices, list.json);
    expect(devices.map((d) => d.id).sort()).toEqual([deviceId, second].sort());

    const removed = await pushUser.action("removePushDevice", [second]);
    shaped(actionDone, removed.result);
    const after = shaped(pushDevices, (await pushUser.call("GET", "/api/user/push/subscriptions")).json);
    expect(after.devices.map((d) => d.id)).toEqual([deviceId]);
  });

  test("an endpoint off the push services' list is a 400; another user's device is a 404", async () => {
    const keys = makeSubscriberKeys();
    const unlisted = { ...subscription(keys), endpoint: "https://push.evil.example/send/1" };
    expectRefusal(await pushUser.call("POST", "/api/user/push/subscriptions", { json: unlisted }), 400);

    expectRefusal(await other.call("DELETE", `/api/user/push/subscriptions/${deviceId}`), 404);
    expect(shaped(actionFailure, (await other.action("removePushDevice", [deviceId])).result).status).toBe(404);
    expectRefusal(await other.call("DELETE", "/api/user/push/subscriptions/not-an-id"), 400);
    // Still there.
    const { devices } = shaped(pushDevices, (await pushUser.call("GET", "/api/user/push/subscriptions")).json);
    expect(devices).toHaveLength(1);
  });

  test("the test notification reaches the device encrypted, by route and by the Settings action", async () => {
    const res = await pushUser.call("POST", "/api/user/push/test");
    expectStatus(res, 200);
    expect(shaped(testNotification, res.json)).toEqual({ sent: 1 });
    const viaAction = await pushUser.action("sendTestNotification", []);
    expect(shaped(actionOk(testNotification), viaAction.result).data).toEqual({ sent: 1 });

    const got = await notificationsOf(device.endpoint, deviceKeys);
    expect(got).toHaveLength(2);
    for (const { message, payload } of got) {
      expect(message.contentEncoding).toBe("aes128gcm");
      expect(message.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(payload).toMatchObject({ title: "Notifications are on", tag: "test", url: "/settings" });
      expect(payload.done).toBeUndefined();
    }

    // Someone with no device is told to turn notifications on first.
    expectRefusal(await other.call("POST", "/api/user/push/test"), 400);
  });
});

describe("the reminder dispatch", () => {
  test("the cron call needs its secret", async () => {
    const cron = new Client();
    expectRefusal(await cron.call("GET", "/api/cron/reminders"), 401);
    expectRefusal(await cron.call("GET", "/api/cron/reminders", { headers: { Authorization: "Bearer wrong" } }), 401);
    expectRefusal(
      await cron.call("GET", "/api/cron/reminders?shard=3&shards=2", {
        headers: { Authorization: `Bearer ${contract().cronSecret}` },
      }),
      400,
    );
  });

  test("sends each break due now once: an e-mail to the e-mail user, a notification to the push user", async () => {
    const switched = await pushUser.call("PUT", "/api/user/settings", { json: { channels: ["push"] } });
    expectStatus(switched, 200);
    expect(shaped(settings, switched.json).channels).toEqual(["push"]);

    const cron = new Client();
    const auth = { Authorization: `Bearer ${contract().cronSecret}` };
    const res = await cron.call("GET", "/api/cron/reminders", { headers: auth });
    expectStatus(res, 200);
    const result = shaped(dispatchResult, res.json);
    // Other files' users may be due too: at least these two.
    expect(result.sent).toBeGreaterThanOrEqual(2);
    expect(result.failed).toBe(0);

    const reminders = mailsTo(mailUser.email!).filter((m) => m.text.includes("/done?t="));
    expect(reminders).toHaveLength(1);
    const mail = reminders[0]!;
    expect(mail.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${contract().baseUrl}/api/unsubscribe\\?t=[^>]+>$`));
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`${contract().baseUrl}/break/0?t=`);
    expect(mail.html).toContain("/snooze?t=");

    const got = await notificationsOf(device.endpoint, deviceKeys);
    const breakPush = got.filter((n) => n.payload.title === "Time for your movement break");
    expect(breakPush).toHaveLength(1);
    const { message, payload } = breakPush[0]!;
    expect(payload.tag).toBe(`break-${localNow(zone).date}-0`);
    expect(payload.body).toMatch(/a 5-minute break\.$/);
    expect(payload.url).toMatch(/^\/break\/0\?t=/);
    expect(payload.done).toBeTruthy();
    expect(message.urgency).toBe("high");
    expect(Number(message.ttl)).toBeGreaterThan(0);
    expect(Number(message.ttl)).toBeLessThanOrEqual(30 * 60);
    expect(message.topic).toBeTruthy();
    // Notifications only: no reminder e-mail for the push user.
    expect(mailsTo(pushUser.email!).filter((m) => m.text.includes("/done?t="))).toHaveLength(0);

    // The notification's "I did it" works with its token alone.
    const done = await new Client().call("POST", "/api/breaks/complete", { json: { token: payload.done } });
    expectStatus(done, 200);
    expect(shaped(linkCompletion, done.json)).toMatchObject({ completed: true, alreadyCompleted: false });

    // A second run sends nothing again for these breaks.
    expectStatus(await cron.call("GET", "/api/cron/reminders", { headers: auth }), 200);
    expect(mailsTo(mailUser.email!).filter((m) => m.text.includes("/done?t="))).toHaveLength(1);
    expect((await notificationsOf(device.endpoint, deviceKeys)).length).toBe(got.length);

    await expectFeed(pushUser, { events: 2, ended: 0, byday: "SU,MO,TU,WE,TH,FR,SA", timezone: zone });
    const removed = await pushUser.call("DELETE", `/api/user/push/subscriptions/${deviceId}`);
    expectStatus(removed, 200);
    expect(removed.json).toEqual({ ok: true });
    expect(shaped(pushDevices, (await pushUser.call("GET", "/api/user/push/subscriptions")).json).devices).toEqual([]);
  });
});

describe("the e-mail's links", () => {
  let mail: OutboxMail;
  beforeAll(async () => {
    mail = await eventually("the reminder e-mail", () =>
      mailsTo(mailUser.email!).find((m) => m.text.includes("/done?t=")),
    );
  });

  test("the pages a link opens change nothing", async () => {
    const reader = new Client();
    const done = linkToken(mail, "done");
    for (const [path, title] of [
      [`/done?t=${encodeURIComponent(done)}`, "I did it"],
      [`/break/0?t=${encodeURIComponent(done)}`, "Guided Break"],
      [`/snooze?t=${encodeURIComponent(linkToken(mail, "snooze"))}`, "Remind Me in 15 Minutes"],
      [`/skip?t=${encodeURIComponent(linkToken(mail, "skip"))}`, "Skip This Break"],
      [`/unsubscribe?t=${encodeURIComponent(linkToken(mail, "unsubscribe"))}`, "Pause Reminder Emails"],
    ] as const) {
      const res = await reader.call("GET", path);
      expectStatus(res, 200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.text).toContain(`<title>${title}`);
      expect(res.text).not.toContain("This Link Can&#x27;t Be Used");
    }
    expect(
      (await reader.call("GET", `/done?t=${encodeURIComponent(tamper(done))}`)).text.includes(
        "This Link Can&#x27;t Be Used",
      ),
    ).toBe(true);
    const board = shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json);
    expect(board.completedToday).toBe(0);
  });

  test("Remind me in 15 minutes, by route and by the page's action", async () => {
    const token = linkToken(mail, "snooze");
    const reader = new Client();
    expectRefusal(await reader.call("POST", "/api/breaks/snooze", { json: { token: tamper(token) } }), 400);
    const res = await reader.call("POST", "/api/breaks/snooze", { json: { token } });
    expectStatus(res, 200);
    const first = shaped(snoozeView, res.json);
    expect(first.remaining).toBe(1);
    expect(Date.parse(first.remindAt) - Date.now()).toBeGreaterThan(10 * 60_000);

    const f = new FormData();
    f.append("token", token);
    const viaAction = await reader.action("snoozeBreak", [{}, f]);
    // A second click while one is waiting answers with the same time.
    expect(shaped(actionOk(snoozeView), viaAction.result).data.remindAt).toBe(first.remindAt);
  });

  test("I did it, by route and by the page's action; a tampered token is a 400", async () => {
    const token = linkToken(mail, "done");
    const reader = new Client();
    expectRefusal(await reader.call("POST", "/api/breaks/complete", { json: { token: tamper(token) } }), 400);
    const res = await reader.call("POST", "/api/breaks/complete", { json: { token } });
    expectStatus(res, 200);
    expect(shaped(linkCompletion, res.json)).toMatchObject({
      completed: true,
      alreadyCompleted: false,
      completedToday: 1,
      totalToday: 2,
    });
    // The link signs no one in.
    expect(reader.cookies.size).toBe(0);
    expectRefusal(await reader.call("GET", "/api/auth/user"), 401);

    const f = new FormData();
    f.append("token", token);
    const viaAction = await reader.action("completeBreakFromLink", [{}, f]);
    expect(shaped(actionOk(linkCompletion), viaAction.result).data).toMatchObject({
      alreadyCompleted: true,
      completedToday: 1,
    });
    expect(shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json).completedToday).toBe(1);
  });

  test("Undo on the I did it page, by route and by the page's action: the count is taken back; a tampered or other token a 400", async () => {
    const token = linkToken(mail, "done");
    const reader = new Client();
    expectRefusal(await reader.call("DELETE", "/api/breaks/complete", { json: { token: tamper(token) } }), 400);
    expectRefusal(
      await reader.call("DELETE", "/api/breaks/complete", { json: { token: linkToken(mail, "skip") } }),
      400,
    );
    // Still counted (the test above): the refusals took nothing back.
    expect(shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json).completedToday).toBe(1);

    const res = await reader.call("DELETE", "/api/breaks/complete", { json: { token } });
    expectStatus(res, 200);
    // (This user joined after the break's time: once undone it is a bonus again, not one of the day's.)
    expect(shaped(linkUndo, res.json)).toMatchObject({ completed: false, completedToday: 0 });
    expect(reader.cookies.size).toBe(0);
    expect(shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json).completedToday).toBe(0);
    // Idempotent: a second Undo changes nothing.
    expectStatus(await reader.call("DELETE", "/api/breaks/complete", { json: { token } }), 200);

    // The page's Undo: count again by its button, then take it back by its action; counted again after,
    // as the next test expects.
    const f = new FormData();
    f.append("token", token);
    expect(
      shaped(actionOk(linkCompletion), (await reader.action("completeBreakFromLink", [{}, f])).result).data
        .completedToday,
    ).toBe(1);
    const viaAction = await reader.action("undoBreakFromLink", [{}, f]);
    expect(shaped(actionOk(linkUndo), viaAction.result).data.completedToday).toBe(0);
    expect(shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json).completedToday).toBe(0);
    expectStatus(await reader.call("POST", "/api/breaks/complete", { json: { token } }), 200);
  });

  test("Not today, by route and by the page's action; a done break is a 409, a tampered token a 400", async () => {
    const token = linkToken(mail, "skip");
    const reader = new Client();
    // The break was done above ("I did it"): it can no longer be skipped.
    expectRefusal(await reader.call("POST", "/api/breaks/skip", { json: { token } }), 409);
    expectStatus(await mailUser.call("DELETE", "/api/user/breaks/0/complete"), 200);
    expectRefusal(await reader.call("POST", "/api/breaks/skip", { json: { token: tamper(token) } }), 400);
    const res = await reader.call("POST", "/api/breaks/skip", { json: { token } });
    expectStatus(res, 200);
    expect(shaped(skipLinkView, res.json).skipped).toBe(true);
    expect(reader.cookies.size).toBe(0);
    const f = new FormData();
    f.append("token", token);
    const viaAction = await reader.action("skipBreakFromLink", [{}, f]);
    expect(shaped(actionOk(skipLinkView), viaAction.result).data.skipped).toBe(true);
    const board = shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json);
    expect(board.schedule.find((b) => b.slot === 0)).toMatchObject({ status: "skipped", skipReason: "user" });
    expect(board).toMatchObject({ completedToday: 0, totalToday: 1 });
  });

  test("Undo on the skip page, by route and by the page's action: the break is back; a tampered token a 400", async () => {
    const token = linkToken(mail, "skip");
    const reader = new Client();
    expectRefusal(await reader.call("POST", "/api/breaks/unskip", { json: { token: tamper(token) } }), 400);
    expectRefusal(await reader.call("POST", "/api/breaks/unskip", { json: { token: linkToken(mail, "done") } }), 400);
    // Still skipped (the test above skipped it): the refusals took nothing back.
    let board = shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json);
    expect(board.schedule.find((b) => b.slot === 0)?.status).toBe("skipped");

    const res = await reader.call("POST", "/api/breaks/unskip", { json: { token } });
    expectStatus(res, 200);
    expect(shaped(skipLinkView, res.json).skipped).toBe(false);
    expect(reader.cookies.size).toBe(0);
    board = shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json);
    expect(board.schedule.find((b) => b.slot === 0)?.status).not.toBe("skipped");
    expect(board.schedule.find((b) => b.slot === 0)?.skipReason ?? null).toBeNull();

    // The page's Undo: skip again by its button, then take it back by its action.
    const f = new FormData();
    f.append("token", token);
    expect(
      shaped(actionOk(skipLinkView), (await reader.action("skipBreakFromLink", [{}, f])).result).data.skipped,
    ).toBe(true);
    const viaAction = await reader.action("unskipBreakFromLink", [{}, f]);
    expect(shaped(actionOk(skipLinkView), viaAction.result).data.skipped).toBe(false);
    board = shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json);
    expect(board.schedule.find((b) => b.slot === 0)?.status).not.toBe("skipped");
  });

  test("unsubscribe: the link's GET goes to the page, the one-click POST pauses from any origin, the page's action too", async () => {
    const token = linkToken(mail, "unsubscribe");
    const mailClient = new Client();
    const get = await mailClient.call("GET", `/api/unsubscribe?t=${encodeURIComponent(token)}`);
    expectStatus(get, 303);
    expect(get.headers.get("location")).toBe(`${contract().baseUrl}/unsubscribe?t=${encodeURIComponent(token)}`);
    expect(shaped(settings, (await mailUser.call("GET", "/api/user/settings")).json).pauseEmails).toBe(false);

    expectRefusal(
      await mailClient.call("POST", `/api/unsubscribe?t=${encodeURIComponent(tamper(token))}`, {
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        origin: "https://mail.example.net",
      }),
      400,
    );
    const oneClick = await mailClient.call("POST", `/api/unsubscribe?t=${encodeURIComponent(token)}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      origin: "https://mail.example.net",
    });
    expectStatus(oneClick, 200);
    shaped(successMessage, oneClick.json);
    expect(shaped(settings, (await mailUser.call("GET", "/api/user/settings")).json).pauseEmails).toBe(true);
    expect(shaped(dashboard, (await mailUser.call("GET", "/api/user/dashboard")).json).emailsPaused).toBe(true);

    const f = new FormData();
    f.append("token", token);
    const viaAction = await mailClient.action("pauseEmails", [{}, f]);
    expect(shaped(actionOk(z.object({ message: z.string().min(1) })), viaAction.result).ok).toBe(true);
    // Paused e-mails leave the breaks, so the feed keeps its events.
    await expectFeed(mailUser, { events: 2, ended: 0, byday: "SU,MO,TU,WE,TH,FR,SA", timezone: zone });
  });

  test("Undo on the paused page, by route and by the page's action: the e-mails are back on; a tampered token a 400", async () => {
    const token = linkToken(mail, "unsubscribe");
    const paused = async () => shaped(settings, (await mailUser.call("GET", "/api/user/settings")).json).pauseEmails;
    const reader = new Client();
    expectRefusal(await reader.call("POST", "/api/unsubscribe/resume", { json: { token: tamper(token) } }), 400);
    expect(await paused()).toBe(true); // the test above paused them
    const res = await reader.call("POST", "/api/unsubscribe/resume", { json: { token } });
    expectStatus(res, 200);
    shaped(successMessage, res.json);
    expect(reader.cookies.size).toBe(0);
    expect(await paused()).toBe(false);

    // The page: pause by its button, then take it back by its Undo.
    const f = new FormData();
    f.append("token", token);
    await reader.action("pauseEmails", [{}, f]);
    expect(await paused()).toBe(true);
    const viaAction = await reader.action("resumeEmails", [{}, f]);
    expect(shaped(actionOk(z.object({ message: z.string().min(1) })), viaAction.result).ok).toBe(true);
    expect(await paused()).toBe(false);
  });
});

describe("a deleted account", () => {
  test("its session is 401, its feed 404 and its e-mail tokens refused", async () => {
    const mail = mailsTo(mailUser.email!).find((m) => m.text.includes("/done?t="))!;
    const { url } = await expectFeed(mailUser, { events: 2 });
    const oldCookie = mailUser.cookieHeader();

    const res = await mailUser.call("DELETE", "/api/user/account");
    expectStatus(res, 200);
    shaped(successMessage, res.json);
    expect(mailUser.cookies.size).toBe(0);

    const replay = new Client();
    expectRefusal(await replay.call("GET", "/api/auth/user", { headers: { Cookie: oldCookie } }), 401);
    expectRefusal(await replay.call("GET", new URL(url).pathname), 404);
    expectRefusal(
      await replay.call("POST", "/api/breaks/complete", { json: { token: linkToken(mail, "done") } }),
      410,
      "This account no longer exists.",
    );
    expectRefusal(
      await replay.call("POST", `/api/unsubscribe?t=${encodeURIComponent(linkToken(mail, "unsubscribe"))}`, {
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      410,
    );
  });

  test("Settings' delete action removes the account too", async () => {
    const me = shaped(authUser, (await other.call("GET", "/api/auth/user")).json);
    expect(me.user.email).toBe(other.email);
    const res = await other.action("deleteAccount", []);
    shaped(actionDone, res.result);
    expectRefusal(await other.call("GET", "/api/auth/user"), 401);
  });
});

describe("retention", () => {
  test("the purge needs the cron secret and answers what it deleted", async () => {
    const cron = new Client();
    expectRefusal(await cron.call("GET", "/api/cron/purge"), 401);
    const res = await cron.call("GET", "/api/cron/purge", {
      headers: { Authorization: `Bearer ${contract().cronSecret}` },
    });
    expectStatus(res, 200);
    expect(shaped(purgeResult, res.json).complete).toBe(true);
  });
});

describe("the e-mail's exercise figure", () => {
  test("a pattern's still picture is a cacheable PNG; any other file name is a 404", async () => {
    const anon = new Client();
    // The light picture, and the dark theme's copy for mail clients in dark mode.
    for (const file of ["sit-to-stand.png", "sit-to-stand.dark.png"]) {
      const png = await anon.call("GET", `/figures/${file}`);
      expect(png.status, file).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      expect(png.headers.get("cache-control")).toContain("public");
      expect(png.text.startsWith("\uFFFDPNG")).toBe(true); // the PNG signature, read as text
    }
    for (const file of [
      "no-such-figure.png",
      "no-such-figure.dark.png",
      "sit-to-stand.svg",
      "sit-to-stand.light.png",
      "sit-to-stand.dark.dark.png",
      "..%2Fsit-to-stand.png",
    ])
      expect((await anon.call("GET", `/figures/${file}`)).status).toBe(404);
  });
});
