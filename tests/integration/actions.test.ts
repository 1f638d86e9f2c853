// Every server action called directly, as the browser calls it (its cookies, its address, and the
// Next-Action header, or none for a form posted before scripts ran): no session is refused, no
// action reaches another user's row, the limits are the routes' own (one counter for both), bad
// input answers field errors and writes nothing, and a form posted without scripts is redirected
// where the scripted page would go itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedKey } from "@/lib/platform/rate-limit";
import * as requestCodeRoute from "@/app/api/auth/request-code/route";
import * as userRoute from "@/app/api/auth/user/route";
import * as testEmailRoute from "@/app/api/send-test-email/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as verifyAdminRoute from "@/app/api/verify-admin/route";
import * as snoozeRoute from "@/app/api/breaks/snooze/route";
import * as pushSubscriptionsRoute from "@/app/api/user/push/subscriptions/route";
import * as pushTestRoute from "@/app/api/user/push/test/route";
import { completeBreak } from "@/lib/actions/complete-break";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { completeSetup } from "@/lib/actions/complete-setup";
import { deleteAccount } from "@/lib/actions/delete-account";
import { deleteUser } from "@/lib/actions/delete-user";
import { lockConsole } from "@/lib/actions/lock-console";
import { pauseEmails } from "@/lib/actions/pause-emails";
import { readAuditPeople } from "@/lib/actions/read-audit-people";
import { removePushDevice } from "@/lib/actions/remove-push-device";
import { requestCode } from "@/lib/actions/request-code";
import { resetCalendarLink } from "@/lib/actions/reset-calendar-link";
import { resetLogin } from "@/lib/actions/reset-login";
import { saveSettings } from "@/lib/actions/save-settings";
import { sendTestEmail } from "@/lib/actions/send-test-email";
import { sendTestNotification } from "@/lib/actions/send-test-notification";
import { snoozeBreak } from "@/lib/actions/snooze-break";
import { subscribePush } from "@/lib/actions/subscribe-push";
import { toggleUserPause } from "@/lib/actions/toggle-user-pause";
import { undoBreak } from "@/lib/actions/undo-break";
import { unlockConsole } from "@/lib/actions/unlock-console";
import { verifyCode } from "@/lib/actions/verify-code";
import { skipBreak } from "@/lib/actions/skip-break";
import { unskipBreak } from "@/lib/actions/unskip-break";
import { skipBreakFromLink } from "@/lib/actions/skip-break-link";
import { unskipBreakFromLink } from "@/lib/actions/unskip-break-link";
import { undoBreakFromLink } from "@/lib/actions/undo-break-link";
import { resumeEmails } from "@/lib/actions/resume-emails";
import { SKIP_MESSAGES } from "@/lib/breaks/skip";
import { connectCalendarSource } from "@/lib/actions/connect-calendar";
import { disconnectCalendarSource } from "@/lib/actions/disconnect-calendar";
import { swapExercise } from "@/lib/actions/swap-exercise";
import { sendExerciseFeedback } from "@/lib/actions/exercise-feedback";
import { deriveKey } from "@/lib/platform/secret";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ENDPOINT_MESSAGES } from "@/lib/push/endpoint";
import { createBreakToken, createDoneToken, createUnsubscribeToken } from "@/lib/platform/link-tokens";
import { SETTINGS_MESSAGES } from "@/lib/schedule/settings";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, formData, latestCode, type ActionCall } from "../support/http";
import { allowPushService, makeSubscriberKeys, startPushService } from "../support/push-service";
import { createUser } from "../support/reminders";
import { dbSnapshot, expectSafeActionRejection, outboxCount } from "../support/security";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");
const ADMIN_CODE = `Actions-Admin-${randomUUID()}`;
const LOGIN_COOKIE = "limber.login-email";

let db: Db;
let A: { c: Client; id: string; email: string };
let B: { c: Client; id: string; email: string };
let owner: { c: Client; id: string; email: string; csrf: string };

const mutableEnv = () => env() as { adminEmail?: string; adminCode?: string };
const envBefore = { ...mutableEnv() };

const SETUP = { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 };
const today = () => new Date().toISOString().slice(0, 10);

async function person(email: string) {
  const c = await signIn(email);
  // Breaks every day from the first schedule, so today's actions behave the same whatever day and
  // hour the suite runs (a later change would apply only from the next break not yet due).
  expect(
    (await c.call(setupRoute.POST, { path: "/api/user/setup", body: { ...SETUP, activeDays: [0, 1, 2, 3, 4, 5, 6] } }))
      .status,
  ).toBe(200);
  return { c, email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };
}

/** The result of an action that did not redirect. */
function resultOf<R>(call: ActionCall<R>): R {
  expect(call.redirect, "unexpected redirect").toBeUndefined();
  return call.result as R;
}

/** A refusal: the status, whitelisted text only. */
function refused(call: ActionCall<unknown>, status: number) {
  const r = resultOf(call) as { ok: boolean; status: number; message: string };
  expectSafeActionRejection(r, "");
  expect(r.status, JSON.stringify(r)).toBe(status);
  return r as { ok: false; status: number; message: string; fieldErrors?: Record<string, string> };
}

const SETTINGS_FORM = {
  count: "2",
  "times.0": "09:00",
  "times.1": "16:00",
  active_days: ["1", "3", "5"],
  duration_preference: "10",
  intensity_level: "low",
  movement_prefs: "standing desk",
  timezone: "Europe/Madrid",
  channels: "email,push",
};

beforeAll(async () => {
  db = await getDb();
  const ownerEmail = uniqueEmail("actions-owner");
  Object.assign(mutableEnv(), { adminEmail: ownerEmail, adminCode: ADMIN_CODE });
  A = await person(uniqueEmail("actions-a"));
  B = await person(uniqueEmail("actions-b"));
  owner = { ...(await person(ownerEmail)), csrf: "" };
  const unlocked = await owner.c.action(unlockConsole, [{}, formData({ code: ADMIN_CODE })]);
  expect(resultOf(unlocked)).toMatchObject({ ok: true });
  owner.csrf = (await db.adminGrant.findFirstOrThrow({ where: { userId: owner.id } })).csrfToken;
});

afterAll(() => {
  Object.assign(mutableEnv(), { adminEmail: envBefore.adminEmail, adminCode: envBefore.adminCode });
});

describe("every action file is covered here", () => {
  it("lists each 'use server' module of lib/actions", () => {
    const source = readFileSync(fileURLToPath(import.meta.url), "utf8");
    const files = readdirSync(path.join(ROOT, "lib", "actions")).filter((f) =>
      readFileSync(path.join(ROOT, "lib", "actions", f), "utf8").startsWith('"use server"'),
    );
    expect(files.length).toBeGreaterThanOrEqual(17);
    for (const f of files)
      expect(source, `${f} has no test here`).toContain(`@/lib/actions/${f.replace(/\.ts$/, "")}"`);
  });
});

describe("sign-in actions", () => {
  it("requestCode: bad e-mail → field error, no mail, no cookie; a good one → code mailed and the address remembered", async () => {
    const c = new Client();
    const mails = await outboxCount();
    const bad = refused(await c.action(requestCode, [{}, formData({ email: "not-an-email" })]), 400);
    expect(bad.fieldErrors).toEqual({ email: "Please enter a valid email address" });
    expect(await outboxCount()).toBe(mails);
    expect(c.cookies.has(LOGIN_COOKIE)).toBe(false);

    const email = uniqueEmail("action-code");
    const ok = resultOf(await c.action(requestCode, [{}, formData({ email: ` ${email.toUpperCase()} ` })]));
    expect(ok).toMatchObject({ ok: true, data: { email } });
    expect(await outboxCount()).toBe(mails + 1);
    expect(c.cookies.has(LOGIN_COOKIE)).toBe(true);
  });

  it("requestCode shares the per-address limit with POST /api/auth/request-code (3 per 10 minutes)", async () => {
    const email = uniqueEmail("action-limit");
    const viaRoute = () =>
      new Client().call(requestCodeRoute.POST, { path: "/api/auth/request-code", body: { email } });
    const viaAction = () => new Client().action(requestCode, [{}, formData({ email })]);
    expect((await viaRoute()).status).toBe(200);
    expect(resultOf(await viaAction())).toMatchObject({ ok: true });
    expect((await viaRoute()).status).toBe(200);
    const fourth = refused(await viaAction(), 429);
    // The refusal is shown on the e-mail field too (the form without scripts renders it there).
    expect(fourth.fieldErrors?.email).toBe(fourth.message);
    expect((await viaRoute()).status).toBe(429);
  });

  it("verifyCode: wrong code → 401 on the code field, emptied; right code → session (scripted) or a redirect to /dashboard (plain form)", async () => {
    const email = uniqueEmail("action-verify");
    const c = new Client();
    resultOf(await c.action(requestCode, [{}, formData({ email })]));
    const wrong = (await latestCode(email)) === "000000" ? "111111" : "000000";
    const refusedCode = refused(await c.action(verifyCode, [{}, formData({ code: wrong })]), 401);
    expect(refusedCode.fieldErrors).toEqual({ code: "Invalid verification code" });
    expect(
      (resultOf(await c.action(verifyCode, [{}, formData({ code: wrong })])) as { values: unknown }).values,
    ).toEqual({ code: "" });

    const ok = resultOf(await c.action(verifyCode, [{}, formData({ code: await latestCode(email) })]));
    expect(ok).toMatchObject({ ok: true });
    expect(c.cookies.has(LOGIN_COOKIE)).toBe(false);
    expect((await c.call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).json).toEqual({ user: { email } });

    const plain = new Client();
    const other = uniqueEmail("action-verify-plain");
    resultOf(await plain.action(requestCode, [{}, formData({ email: other })], { scripted: false }));
    const redirected = await plain.action(verifyCode, [{}, formData({ code: await latestCode(other) })], {
      scripted: false,
    });
    expect(redirected.redirect).toBe("/dashboard");
    expect((await plain.call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).status).toBe(200);
  });

  it("verifyCode without a pending sign-in → 400 and no session; bad code shapes → field error", async () => {
    const c = new Client();
    expect(refused(await c.action(verifyCode, [{}, formData({ code: "123456" })]), 400).message).toBe(
      "Your sign-in request has expired. Please request a new code.",
    );
    expect(refused(await c.action(verifyCode, [{}, formData({ code: "12a" })]), 400).fieldErrors).toEqual({
      code: "Please enter the 6-digit verification code",
    });
    expect((await c.call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).status).toBe(401);
  });

  it("resetLogin forgets the address; a plain form goes back to /", async () => {
    const c = new Client();
    resultOf(await c.action(requestCode, [{}, formData({ email: uniqueEmail("action-reset") })]));
    expect(c.cookies.has(LOGIN_COOKIE)).toBe(true);
    expect(await c.action(resetLogin, [])).toEqual({ result: undefined });
    expect(c.cookies.has(LOGIN_COOKIE)).toBe(false);
    expect((await c.action(resetLogin, [], { scripted: false })).redirect).toBe("/");
  });
});

describe("the signed-in user's actions", () => {
  it("refuse a caller without a session (401) and write nothing", async () => {
    const anon = new Client();
    const before = await dbSnapshot(db, [A.id, B.id]);
    refused(
      await anon.action(completeSetup, [
        {},
        formData({ ...SETUP, "times.0": "10:00", "times.1": "15:00", durationPreference: "5" }),
      ]),
      401,
    );
    refused(await anon.action(saveSettings, [{}, formData(SETTINGS_FORM)]), 401);
    refused(await anon.action(deleteAccount, []), 401);
    refused(await anon.action(resetCalendarLink, []), 401);
    refused(await anon.action(completeBreak, [0]), 401);
    refused(await anon.action(undoBreak, [0]), 401);
    refused(await anon.action(unlockConsole, [{}, formData({ code: ADMIN_CODE })]), 401);
    refused(await anon.action(lockConsole, [owner.csrf]), 401);
    refused(await anon.action(toggleUserPause, [{ id: A.id, csrfToken: owner.csrf }]), 401);
    refused(await anon.action(deleteUser, [{ id: A.id, csrfToken: owner.csrf }]), 401);
    expect(await dbSnapshot(db, [A.id, B.id])).toEqual(before);
  });

  it("saveSettings: bad input → one message per field (names as the form's), nothing written", async () => {
    const before = await dbSnapshot(db, [A.id, B.id]);
    const r = refused(
      await A.c.action(saveSettings, [
        {},
        formData({
          ...SETTINGS_FORM,
          "times.1": "09:02",
          active_days: [],
          movement_prefs: "x".repeat(201),
          timezone: "Mars/Base",
          channels: "sms",
        }),
      ]),
      400,
    );
    expect(r.fieldErrors).toEqual({
      "times.1": "Both reminders are at 9:00 AM. Choose two different times.",
      active_days: SETTINGS_MESSAGES.noDays,
      movement_prefs: SETTINGS_MESSAGES.prefsLength,
      timezone: SETTINGS_MESSAGES.timezone,
      channels: SETTINGS_MESSAGES.channels,
    });
    // The values come back as sent, for a page rendered without scripts.
    expect(
      (
        resultOf(await A.c.action(saveSettings, [{}, formData({ ...SETTINGS_FORM, active_days: [] })])) as {
          values: { active_days: number[] };
        }
      ).values.active_days,
    ).toEqual([]);
    expect(await dbSnapshot(db, [A.id, B.id])).toEqual(before);
  });

  it("saveSettings writes the caller's row only: snapped times, the checkbox, one time with one reminder", async () => {
    const bBefore = await db.userSettings.findUniqueOrThrow({ where: { userId: B.id } });
    const r = resultOf(
      await A.c.action(saveSettings, [{}, formData({ ...SETTINGS_FORM, "times.0": "09:02", pause_emails: "on" })]),
    );
    expect(r).toMatchObject({ ok: true });
    const saved = await db.userSettings.findUniqueOrThrow({ where: { userId: A.id } });
    expect(saved).toMatchObject({
      times: ["09:00", "16:00"],
      activeDays: [1, 3, 5],
      durationPreference: 10,
      intensityLevel: "low",
      movementPrefs: "standing desk",
      timezone: "Europe/Madrid",
      pauseEmails: true,
      channels: ["email", "push"],
    });
    const data = (r as { data: { changed: string[]; settings: unknown } }).data;
    expect(data.changed.sort()).toEqual(
      [
        "activeDays",
        "channels",
        "durationPreference",
        "intensityLevel",
        "movementPrefs",
        "pauseEmails",
        "times",
        "timezone",
      ].sort(),
    );
    expect(data.settings).toMatchObject({ times: ["09:00", "16:00"], pauseEmails: true });

    // Only the preferences text changed: the screen shows its own toast from this list.
    const prefsOnly = resultOf(
      await A.c.action(saveSettings, [
        {},
        formData({ ...SETTINGS_FORM, "times.0": "09:00", pause_emails: "on", movement_prefs: "sore knee" }),
      ]),
    );
    expect((prefsOnly as { data: { changed: string[] } }).data.changed).toEqual(["movementPrefs"]);

    resultOf(await A.c.action(saveSettings, [{}, formData({ ...SETTINGS_FORM, count: "1", "times.0": "23:58" })]));
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: A.id } })).times).toEqual(["00:00"]);
    expect(await db.userSettings.findUniqueOrThrow({ where: { userId: B.id } })).toEqual(bBefore);
    // Back to A's everyday schedule for the tests below.
    resultOf(
      await A.c.action(saveSettings, [
        {},
        formData({ ...SETTINGS_FORM, active_days: ["0", "1", "2", "3", "4", "5", "6"], timezone: "UTC" }),
      ]),
    );
  });

  it("PUT /api/user/settings refuses zero active days with the hint's words (400)", async () => {
    const r = await A.c.call(settingsRoute.PUT, {
      method: "PUT",
      path: "/api/user/settings",
      body: { active_days: [] },
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: "Select at least one day to receive reminders" });
  });

  it("completeSetup: steps checked one by one without scripts; the last stores every step; a plain form goes to /dashboard", async () => {
    const fresh = await signIn(uniqueEmail("action-setup"));
    const id = (await db.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } })).userId;
    const form = {
      "times.0": "07:02",
      "times.1": "07:00",
      activeDays: [] as string[],
      timezone: "Asia/Tokyo",
      durationPreference: "15",
      intensityLevel: "high",
      movementPrefs: "no floor work",
    };
    const step1 = resultOf(
      await fresh.action(completeSetup, [{}, formData({ ...form, step: "1", intent: "step:2" })], { scripted: false }),
    );
    expect(step1).toMatchObject({
      ok: false,
      status: 400,
      step: 1,
      fieldErrors: {
        "times.1": "Both reminders are at 7:00 AM. Choose two different times.",
        activeDays: SETTINGS_MESSAGES.noDays,
      },
    });
    const fixed = { ...form, "times.1": "12:00", activeDays: ["1", "2"] };
    expect(
      resultOf(
        await fresh.action(completeSetup, [{}, formData({ ...fixed, step: "1", intent: "step:2" })], {
          scripted: false,
        }),
      ),
    ).toMatchObject({ step: 2 });
    expect(
      resultOf(
        await fresh.action(completeSetup, [{}, formData({ ...fixed, step: "3", intent: "step:2" })], {
          scripted: false,
        }),
      ),
    ).toMatchObject({ step: 2 });
    expect(await db.userSettings.findUnique({ where: { userId: id } })).toBeNull(); // steps write nothing

    // A field of step 1 refused on the last step: the answer goes back to step 1.
    expect(
      resultOf(
        await fresh.action(completeSetup, [
          {},
          formData({ ...fixed, timezone: "Nope/Nope", step: "3", intent: "submit" }),
        ]),
      ),
    ).toMatchObject({
      ok: false,
      step: 1,
      fieldErrors: { timezone: SETTINGS_MESSAGES.timezone },
    });
    const done = await fresh.action(completeSetup, [{}, formData({ ...fixed, step: "3", intent: "submit" })], {
      scripted: false,
    });
    expect(done.redirect).toBe("/dashboard");
    expect(await db.userSettings.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({
      times: ["07:00", "12:00"],
      activeDays: [1, 2],
      timezone: "Asia/Tokyo",
      durationPreference: 15,
      intensityLevel: "high",
      movementPrefs: "no floor work",
      onboardingCompleted: true,
    });
  });

  it("completeSetup with one reminder a day: the hidden second time is neither checked nor stored", async () => {
    const fresh = await signIn(uniqueEmail("action-setup-one"));
    const id = (await db.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } })).userId;
    const form = {
      count: "1",
      // The second field is hidden but still posted (here the same time, which two would refuse).
      "times.0": "08:32",
      "times.1": "08:30",
      activeDays: ["1", "3"],
      timezone: "UTC",
      durationPreference: "5",
      intensityLevel: "medium",
      movementPrefs: "",
    };
    const done = await fresh.action(completeSetup, [{}, formData({ ...form, step: "3", intent: "submit" })], {
      scripted: false,
    });
    expect(done.redirect).toBe("/dashboard");
    expect(await db.userSettings.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({
      times: ["08:30"],
      activeDays: [1, 3],
      onboardingCompleted: true,
    });
  });

  it("completeBreak / undoBreak: the caller's own break of today only; a slot that is not today's → 400", async () => {
    // A user of its own: A's schedule was changed above, and which of today's breaks a change
    // keeps depends on the hour.
    const C = await person(uniqueEmail("actions-c"));
    expect(resultOf(await C.c.action(completeBreak, [0]))).toMatchObject({ ok: true, data: { completedToday: 1 } });
    expect(await db.breakRecord.count({ where: { userId: C.id, completedAt: { not: null } } })).toBe(1);
    expect(await db.breakRecord.count({ where: { userId: B.id } })).toBe(0);
    refused(await C.c.action(completeBreak, [2]), 400);
    refused(await C.c.action(completeBreak, ["0; DROP"]), 400);
    expect(resultOf(await C.c.action(undoBreak, ["0"]))).toMatchObject({ ok: true, data: { completedToday: 0 } });
    expect(await db.breakRecord.count({ where: { userId: C.id, completedAt: { not: null } } })).toBe(0);
  });

  it("skipBreak / unskipBreak: the caller's own break only, until its window has gone by; bad slots → 400", async () => {
    // Noon in the user's zone, so both breaks (14:00, 16:00) are ahead whatever the hour.
    const offset = 12 - new Date().getUTCHours();
    const timezone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const email = uniqueEmail("actions-skip");
    const c = await signIn(email);
    expect(
      (
        await c.call(setupRoute.POST, {
          path: "/api/user/setup",
          body: { timezone, times: ["14:00", "16:00"], durationPreference: 5, activeDays: [0, 1, 2, 3, 4, 5, 6] },
        })
      ).status,
    ).toBe(200);
    const id = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    const skipped = (userId: string) => db.breakRecord.count({ where: { userId, skipReason: "user" } });
    expect(resultOf(await c.action(skipBreak, [1]))).toMatchObject({ ok: true, data: { totalToday: 1 } });
    expect(await skipped(id)).toBe(1);
    expect(await skipped(B.id)).toBe(0);
    refused(await c.action(skipBreak, [2]), 400);
    refused(await c.action(unskipBreak, ["1; DROP"]), 400);
    expect(resultOf(await c.action(unskipBreak, ["1"]))).toMatchObject({ ok: true, data: { totalToday: 2 } });
    expect(await skipped(id)).toBe(0);
    // Done, it can no longer be skipped.
    expect(resultOf(await c.action(completeBreak, [0]))).toMatchObject({ ok: true });
    expect(refused(await c.action(skipBreak, [0]), 409).message).toBe(SKIP_MESSAGES.done);
  });

  it("swapExercise / sendExerciseFeedback: the caller's own break and marks only; bad input → 400 (more in exercises.test.ts)", async () => {
    const before = await db.dailyPlan.findMany({ where: { userId: B.id }, select: { slots: true } });
    const swapped = resultOf(await A.c.action(swapExercise, [{ slot: 0, index: 0 }])) as { ok: boolean };
    // 200, or 409 when A's break 0 was marked done above: either way, B's plan is untouched.
    if (!swapped.ok) expect((swapped as unknown as { status: number }).status).toBe(409);
    expect(await db.dailyPlan.findMany({ where: { userId: B.id }, select: { slots: true } })).toEqual(before);
    refused(await A.c.action(swapExercise, [{ slot: "0; DROP", index: 0 }]), 400);
    expect(resultOf(await A.c.action(sendExerciseFeedback, [{ name: "Chin Tucks", verdict: "liked" }]))).toMatchObject({
      ok: true,
      data: { verdict: "liked" },
    });
    expect(await db.exerciseFeedback.count({ where: { userId: A.id } })).toBe(1);
    expect(await db.exerciseFeedback.count({ where: { userId: B.id } })).toBe(0);
    refused(await A.c.action(sendExerciseFeedback, [{ name: "Chin Tucks", verdict: "liked", reason: "hurts" }]), 400);
    refused(await new Client().action(sendExerciseFeedback, [{ name: "Chin Tucks", verdict: "liked" }]), 401);
  });

  it("connectCalendarSource / disconnectCalendarSource: a refused address answers on its field, unechoed, writes nothing", async () => {
    const secret = "https://127.0.0.1/private-9f2c/basic.ics";
    const r = refused(await A.c.action(connectCalendarSource, [{}, formData({ url: secret })]), 400);
    expect(r.fieldErrors).toEqual({ url: "This address points to this server." });
    expect(JSON.stringify(r)).not.toContain("private-9f2c");
    refused(await A.c.action(connectCalendarSource, [{}, formData({ url: "" })]), 400);
    expect(await db.calendarSource.count({ where: { userId: { in: [A.id, B.id] } } })).toBe(0);
    expect(resultOf(await A.c.action(disconnectCalendarSource, []))).toEqual({
      ok: true,
      data: { disconnected: true },
    });
    refused(await new Client().action(disconnectCalendarSource, []), 401);
  });

  it("resetCalendarLink: a new URL for the caller; the other user's feed is untouched", async () => {
    const bFeed = async () => db.calendarFeed.findUnique({ where: { userId: B.id } });
    const before = await bFeed();
    const first = resultOf(await A.c.action(resetCalendarLink, [])) as { ok: true; data: { url: string } };
    const second = resultOf(await A.c.action(resetCalendarLink, [])) as { ok: true; data: { url: string } };
    expect(first.data.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[\w-]+\.ics$/);
    expect(second.data.url).not.toBe(first.data.url);
    expect(await bFeed()).toEqual(before);
  });

  it("deleteAccount: the caller's account only, its sessions gone (the cookie opens nothing); the owner's account is protected (403)", async () => {
    const throwaway = await signIn(uniqueEmail("action-delete"));
    const id = (await db.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } })).userId;
    expect(resultOf(await throwaway.action(deleteAccount, []))).toEqual({ ok: true, data: undefined });
    expect(await db.user.count({ where: { id } })).toBe(0);
    expect(await db.session.count({ where: { userId: id } })).toBe(0);
    expect((await throwaway.call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).status).toBe(401);
    expect(await db.user.count({ where: { id: { in: [A.id, B.id, owner.id] } } })).toBe(3);
    refused(await owner.c.action(deleteAccount, []), 403);
  });
});

describe("the e-mail links' actions (the token is the only credential)", () => {
  it("completeBreakFromLink: B's token records B's break whoever sends it; forged → 400, nothing written", async () => {
    const token = createDoneToken({ userId: B.id, localDate: today(), slot: 1 }, new Date(), SECRET);
    expect(resultOf(await A.c.action(completeBreakFromLink, [{}, formData({ token })]))).toMatchObject({
      ok: true,
      data: { completed: true },
    });
    expect(await db.breakRecord.count({ where: { userId: B.id, slot: 1, completedAt: { not: null } } })).toBe(1);
    expect(await db.breakRecord.count({ where: { userId: A.id, completedAt: { not: null } } })).toBe(0);
    const before = await dbSnapshot(db, [A.id, B.id]);
    refused(
      await new Client().action(completeBreakFromLink, [{}, formData({ token: `${token.split(".")[0]}.forged` })]),
      400,
    );
    refused(await new Client().action(completeBreakFromLink, [{}, formData({})]), 400);
    expect(await dbSnapshot(db, [A.id, B.id])).toEqual(before);
  });

  it("undoBreakFromLink (the I did it page's Undo): takes back the token's break only, whoever sends it; forged, another purpose's or none → 400, nothing written", async () => {
    // B's slot 1 was counted by the test above.
    const token = createDoneToken({ userId: B.id, localDate: today(), slot: 1 }, new Date(), SECRET);
    const before = await dbSnapshot(db, [A.id, B.id]);
    const skip = createBreakToken("skip", { userId: B.id, localDate: today(), slot: 1 }, new Date(), SECRET);
    refused(await new Client().action(undoBreakFromLink, [{}, formData({ token: skip })]), 400);
    refused(
      await new Client().action(undoBreakFromLink, [{}, formData({ token: `${token.split(".")[0]}.forged` })]),
      400,
    );
    refused(await new Client().action(undoBreakFromLink, [{}, formData({})]), 400);
    expect(await dbSnapshot(db, [A.id, B.id])).toEqual(before);

    expect(resultOf(await A.c.action(undoBreakFromLink, [{}, formData({ token })]))).toMatchObject({
      ok: true,
      data: { completed: false },
    });
    expect(await db.breakRecord.count({ where: { userId: B.id, slot: 1, completedAt: { not: null } } })).toBe(0);
    expect(await db.breakRecord.count({ where: { userId: A.id, completedAt: { not: null } } })).toBe(0);
  });

  it("snoozeBreak shares the per-address limit with POST /api/breaks/snooze", async () => {
    const c = new Client();
    // 59 checks through the route's own counter, then the 60th is the action's and the 61st is refused.
    await db.rateLimit.create({
      data: { id: randomUUID(), key: storedKey(`snooze-ip:${c.ip}`), count: 59, lastRequest: BigInt(Date.now()) },
    });
    const token = createBreakToken(
      "snooze",
      { userId: A.id, localDate: "2020-01-01", slot: 0 },
      new Date("2020-01-01T10:00:00Z"),
      SECRET,
    );
    refused(await c.action(snoozeBreak, [{}, formData({ token })]), 400); // the 60th: checked, expired
    refused(await c.action(snoozeBreak, [{}, formData({ token })]), 429);
    expect((await c.call(snoozeRoute.POST, { path: "/api/breaks/snooze", body: { token } })).status).toBe(429);
  });

  it("skipBreakFromLink: a skip token skips its own user's break whoever sends it; a done token or forged → 400", async () => {
    const victim = await createUser(db, { times: ["10:00", "15:00"], timezone: "UTC" });
    const claim = { userId: victim.id, localDate: "2020-01-01", slot: 0 };
    const before = await dbSnapshot(db, [A.id, B.id, victim.id]);
    // Another purpose's token, a forged one, and none at all write nothing.
    refused(
      await A.c.action(skipBreakFromLink, [
        {},
        formData({ token: createDoneToken(claim, new Date("2020-01-01T10:00:00Z"), SECRET) }),
      ]),
      400,
    );
    const skip = createBreakToken("skip", claim, new Date(), SECRET);
    refused(
      await new Client().action(skipBreakFromLink, [{}, formData({ token: `${skip.split(".")[0]}.forged` })]),
      400,
    );
    refused(await new Client().action(skipBreakFromLink, [{}, formData({})]), 400);
    // A valid token for a day that is not the user's today: refused as another day's break.
    expect(refused(await A.c.action(skipBreakFromLink, [{}, formData({ token: skip })]), 400).message).toBe(
      SKIP_MESSAGES.otherDay,
    );
    expect(await dbSnapshot(db, [A.id, B.id, victim.id])).toEqual(before);
  });

  it("pauseEmails pauses the token's user only; a forged token → 400", async () => {
    const victim = await createUser(db);
    refused(
      await A.c.action(pauseEmails, [
        {},
        formData({ token: `${createUnsubscribeToken(victim.id, SECRET).split(".")[0]}.x` }),
      ]),
      400,
    );
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: victim.id } })).pauseEmails).toBe(false);
    expect(
      resultOf(await A.c.action(pauseEmails, [{}, formData({ token: createUnsubscribeToken(victim.id, SECRET) })])),
    ).toMatchObject({
      ok: true,
      data: { message: "Reminder e-mails are paused. You can turn them back on in Settings." },
    });
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: victim.id } })).pauseEmails).toBe(true);
  });

  it("resumeEmails (the paused page's Undo) turns the token's user's e-mails back on only; a forged token → 400", async () => {
    const victim = await createUser(db, { paused: true });
    const other = await createUser(db, { paused: true });
    refused(
      await A.c.action(resumeEmails, [
        {},
        formData({ token: `${createUnsubscribeToken(victim.id, SECRET).split(".")[0]}.x` }),
      ]),
      400,
    );
    refused(await new Client().action(resumeEmails, [{}, formData({})]), 400);
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: victim.id } })).pauseEmails).toBe(true);
    expect(
      resultOf(
        await new Client().action(resumeEmails, [{}, formData({ token: createUnsubscribeToken(victim.id, SECRET) })]),
      ),
    ).toMatchObject({ ok: true, data: { message: "Reminder e-mails are back on." } });
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: victim.id } })).pauseEmails).toBe(false);
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: other.id } })).pauseEmails).toBe(true);
  });

  it("unskipBreakFromLink (the skip page's Undo): another purpose's token, a forged one, none, or another day's → 400, nothing written", async () => {
    const victim = await createUser(db, { times: ["10:00", "15:00"], timezone: "UTC" });
    const claim = { userId: victim.id, localDate: "2020-01-01", slot: 0 };
    const before = await dbSnapshot(db, [A.id, B.id, victim.id]);
    refused(
      await A.c.action(unskipBreakFromLink, [
        {},
        formData({ token: createDoneToken(claim, new Date("2020-01-01T10:00:00Z"), SECRET) }),
      ]),
      400,
    );
    const skip = createBreakToken("skip", claim, new Date(), SECRET);
    refused(
      await new Client().action(unskipBreakFromLink, [{}, formData({ token: `${skip.split(".")[0]}.forged` })]),
      400,
    );
    refused(await new Client().action(unskipBreakFromLink, [{}, formData({})]), 400);
    expect(refused(await A.c.action(unskipBreakFromLink, [{}, formData({ token: skip })]), 400).message).toBe(
      SKIP_MESSAGES.otherDay,
    );
    expect(await dbSnapshot(db, [A.id, B.id, victim.id])).toEqual(before);
  });
});

describe("push notifications' actions", () => {
  const device = (endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) => {
    const keys = makeSubscriberKeys();
    return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  };
  const CHROME_ANDROID =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

  it("refuse a caller without a session (401) and write nothing", async () => {
    const anon = new Client();
    const theirs = resultOf(await B.c.action(subscribePush, [device()])) as { ok: true; data: { id: string } };
    const rows = await db.pushSubscription.count();
    refused(await anon.action(subscribePush, [device()]), 401);
    refused(await anon.action(removePushDevice, [theirs.data.id]), 401);
    refused(await anon.action(sendTestNotification, []), 401);
    expect(await db.pushSubscription.count()).toBe(rows);
    expect(resultOf(await B.c.action(removePushDevice, [theirs.data.id]))).toEqual({ ok: true, data: undefined });
  });

  it("subscribePush: bad input → one message per field, nothing written; a good one → a device named from the User-Agent, then refreshed", async () => {
    const rows = await db.pushSubscription.count();
    const bad = refused(
      await A.c.action(subscribePush, [{ endpoint: "https://push.example.com/x", keys: { p256dh: "x", auth: "y" } }]),
      400,
    );
    expect(bad.fieldErrors).toEqual({ endpoint: ENDPOINT_MESSAGES.host, keys: ENDPOINT_MESSAGES.keys });
    expect(refused(await A.c.action(subscribePush, ["not an object"]), 400).fieldErrors).toEqual({
      root: ENDPOINT_MESSAGES.invalid,
    });
    expect(
      refused(await A.c.action(subscribePush, [{ ...device(), endpoint: "http://fcm.googleapis.com/fcm/send/x" }]), 400)
        .fieldErrors,
    ).toEqual({ endpoint: ENDPOINT_MESSAGES.host });
    expect(await db.pushSubscription.count()).toBe(rows);

    const d = device();
    const added = resultOf(await A.c.action(subscribePush, [d], { headers: { "user-agent": CHROME_ANDROID } })) as {
      ok: true;
      data: { id: string; created: boolean };
    };
    expect(added).toMatchObject({ ok: true, data: { created: true } });
    expect(await db.pushSubscription.findUniqueOrThrow({ where: { id: added.data.id } })).toMatchObject({
      userId: A.id,
      deviceName: "Chrome on Android",
      endpoint: d.endpoint,
    });
    expect(resultOf(await A.c.action(subscribePush, [d]))).toEqual({
      ok: true,
      data: { id: added.data.id, created: false },
    });
    expect(await db.pushSubscription.count({ where: { userId: A.id } })).toBe(1);
    expect(resultOf(await A.c.action(removePushDevice, [added.data.id]))).toEqual({ ok: true, data: undefined });
  });

  it("removePushDevice: the caller's own device only; another user's id → 404 and the row stays; not an id → 400", async () => {
    const theirs = resultOf(await B.c.action(subscribePush, [device()])) as { ok: true; data: { id: string } };
    expect(refused(await A.c.action(removePushDevice, [theirs.data.id]), 404).message).toBe("Device not found");
    expect(await db.pushSubscription.count({ where: { id: theirs.data.id, userId: B.id } })).toBe(1);
    expect(refused(await A.c.action(removePushDevice, [{ id: theirs.data.id }]), 400).fieldErrors).toEqual({
      root: "Invalid device id",
    });
    expect(refused(await A.c.action(removePushDevice, [42]), 400).fieldErrors).toEqual({ root: "Invalid device id" });
    expect(await db.pushSubscription.count({ where: { id: theirs.data.id } })).toBe(1);
    expect(resultOf(await B.c.action(removePushDevice, [theirs.data.id]))).toEqual({ ok: true, data: undefined });
  });

  it("sendTestNotification shares the route's limit (3 a day per account) and its 400 without a device", async () => {
    const stub = await startPushService();
    const restore = allowPushService(stub);
    try {
      const C = await person(uniqueEmail("actions-push"));
      expect(refused(await C.c.action(sendTestNotification, []), 400).message).toBe(
        "Turn on notifications on this device first.",
      );
      const endpoint = stub.endpoint();
      resultOf(await C.c.action(subscribePush, [device(endpoint)]));
      const viaRoute = () => C.c.call(pushTestRoute.POST, { path: "/api/user/push/test" });
      expect((await viaRoute()).status).toBe(200);
      expect(resultOf(await C.c.action(sendTestNotification, []))).toEqual({ ok: true, data: { sent: 1 } });
      expect((await viaRoute()).status).toBe(200);
      const fourth = refused(await C.c.action(sendTestNotification, []), 429);
      expect(fourth.message).toBe("You have already sent 3 test notifications today. Please try again tomorrow.");
      expect((fourth as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
      expect((await viaRoute()).status).toBe(429);
      expect(stub.to(endpoint)).toHaveLength(3);
      // The route lists what the action stored.
      expect(
        (
          (await C.c.call(pushSubscriptionsRoute.GET, { method: "GET", path: "/api/user/push/subscriptions" }))
            .json as { devices: unknown[] }
        ).devices,
      ).toHaveLength(1);
    } finally {
      restore();
      await stub.close();
    }
  });
});

describe("the public test e-mail", () => {
  it("sendTestEmail: bad address → field error, no mail; the per-recipient limit is the route's (3 a day)", async () => {
    const mails = await outboxCount();
    expect(
      refused(await new Client().action(sendTestEmail, [{}, formData({ email: "nope" })]), 400).fieldErrors,
    ).toEqual({ email: "Please enter a valid email address" });
    expect(await outboxCount()).toBe(mails);
    const email = uniqueEmail("action-test-mail");
    expect(resultOf(await new Client().action(sendTestEmail, [{}, formData({ email })]))).toMatchObject({
      ok: true,
      data: { message: `Test email sent to ${email}. Check your inbox and spam folder.` },
    });
    expect(
      (await new Client().call(testEmailRoute.POST, { path: "/api/send-test-email", body: { email } })).status,
    ).toBe(200);
    expect(resultOf(await new Client().action(sendTestEmail, [{}, formData({ email })]))).toMatchObject({ ok: true });
    refused(await new Client().action(sendTestEmail, [{}, formData({ email })]), 429);
    expect(
      (await new Client().call(testEmailRoute.POST, { path: "/api/send-test-email", body: { email } })).status,
    ).toBe(429);
    expect(await outboxCount()).toBe(mails + 3);
  });
});

describe("the owner console's actions", () => {
  it("unlockConsole: a user who is not the owner gets a wrong code's answer, on the field; the limit is the route's", async () => {
    const r = refused(await A.c.action(unlockConsole, [{}, formData({ code: ADMIN_CODE })]), 401);
    expect(r.fieldErrors).toEqual({ code: "Invalid admin code" });
    expect(await db.adminGrant.count({ where: { userId: A.id } })).toBe(0);
    expect(refused(await A.c.action(unlockConsole, [{}, formData({ code: "  " })]), 400).fieldErrors).toEqual({
      code: "Please enter the admin code",
    });
    // 5 wrong codes per account per 15 minutes, counted by the route and the action together.
    for (let i = 0; i < 3; i++)
      expect(
        (await A.c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code: "wrong" } })).status,
      ).toBe(401);
    refused(await A.c.action(unlockConsole, [{}, formData({ code: "wrong" })]), 401); // the 5th (the first one above was the 1st)
    refused(await A.c.action(unlockConsole, [{}, formData({ code: "wrong" })]), 429);
    expect((await A.c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code: "wrong" } })).status).toBe(
      429,
    );
    await db.rateLimit.deleteMany({ where: { key: { startsWith: "admin-unlock-" } } });
  });

  it("unlockConsole without scripts: the owner goes straight to /admin", async () => {
    const second = await signIn(owner.email);
    expect(
      (await second.action(unlockConsole, [{}, formData({ code: ADMIN_CODE })], { scripted: false })).redirect,
    ).toBe("/admin");
    await db.rateLimit.deleteMany({ where: { key: { startsWith: "admin-unlock-" } } });
  });

  it("toggleUserPause / deleteUser: a user without the console → 401; the owner without the grant's token → 403; with it → done", async () => {
    const target = await createUser(db);
    refused(await A.c.action(toggleUserPause, [{ id: target.id, csrfToken: owner.csrf }]), 401);
    refused(await A.c.action(deleteUser, [{ id: target.id, csrfToken: owner.csrf }]), 401);
    refused(await owner.c.action(toggleUserPause, [{ id: target.id, csrfToken: "x".repeat(43) }]), 403);
    refused(await owner.c.action(deleteUser, [{ id: target.id }]), 403);
    refused(await owner.c.action(toggleUserPause, [null]), 403);
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: target.id } })).pauseEmails).toBe(false);

    expect(resultOf(await owner.c.action(toggleUserPause, [{ id: target.id, csrfToken: owner.csrf }]))).toEqual({
      ok: true,
      data: { pauseEmails: true },
    });
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: target.id } })).pauseEmails).toBe(true);
    refused(await owner.c.action(toggleUserPause, [{ id: "no-such-user", csrfToken: owner.csrf }]), 404);
    refused(await owner.c.action(deleteUser, [{ id: owner.id, csrfToken: owner.csrf }]), 403); // the admin account
    expect(resultOf(await owner.c.action(deleteUser, [{ id: target.id, csrfToken: owner.csrf }]))).toEqual({
      ok: true,
      data: undefined,
    });
    expect(await db.user.count({ where: { id: target.id } })).toBe(0);
  });

  it("readAuditPeople: the console only, with the grant's token; e-mails of existing accounts and the log's size", async () => {
    const gone = await createUser(db);
    await db.user.delete({ where: { id: gone.id } });
    refused(await A.c.action(readAuditPeople, [{ ids: [A.id], csrfToken: owner.csrf }]), 401);
    refused(await owner.c.action(readAuditPeople, [{ ids: [A.id], csrfToken: "x".repeat(43) }]), 403);
    refused(await owner.c.action(readAuditPeople, [{ ids: ["not an id!"], csrfToken: owner.csrf }]), 400);
    refused(
      await owner.c.action(readAuditPeople, [
        { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`), csrfToken: owner.csrf },
      ]),
      400,
    );
    const r = resultOf(
      await owner.c.action(readAuditPeople, [{ ids: [A.id, B.id, gone.id], csrfToken: owner.csrf }]),
    ) as {
      ok: true;
      data: { people: Record<string, string>; total: number };
    };
    expect(r.data.people).toEqual({ [A.id]: A.email, [B.id]: B.email });
    expect(r.data.total).toBe(await db.auditLog.count());
  });

  it("lockConsole: only with the grant's token; afterwards the console's actions are refused", async () => {
    refused(await owner.c.action(lockConsole, ["not-the-token"]), 403);
    expect(await db.adminGrant.count({ where: { userId: owner.id } })).toBeGreaterThan(0);
    const before = await db.adminGrant.count({ where: { userId: owner.id } });
    expect(resultOf(await owner.c.action(lockConsole, [owner.csrf]))).toEqual({ ok: true, data: undefined });
    expect(await db.adminGrant.count({ where: { userId: owner.id } })).toBe(before - 1);
    refused(await owner.c.action(toggleUserPause, [{ id: B.id, csrfToken: owner.csrf }]), 401);
    // Nothing left to lock: succeeds, changes nothing.
    expect(resultOf(await A.c.action(lockConsole, [undefined]))).toEqual({ ok: true, data: undefined });
  });
});

describe("a foreign Origin is refused as the routes refuse it", () => {
  it("403 for a cross-site post, nothing written", async () => {
    const before = await dbSnapshot(db, [A.id, B.id]);
    refused(
      await A.c.action(saveSettings, [{}, formData(SETTINGS_FORM)], { headers: { origin: "https://evil.example" } }),
      403,
    );
    refused(
      await new Client().action(requestCode, [{}, formData({ email: uniqueEmail("x") })], {
        headers: { origin: "https://evil.example" },
      }),
      403,
    );
    expect(await dbSnapshot(db, [A.id, B.id])).toEqual(before);
  });
});
