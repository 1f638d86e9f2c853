import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminStatusRoute from "@/app/api/admin-status/route";
import * as adminRoute from "@/app/api/admin/route";
import * as logsRoute from "@/app/api/admin/logs/route";
import * as adminLogoutRoute from "@/app/api/admin/logout/route";
import * as deleteRoute from "@/app/api/admin/users/[id]/delete/route";
import * as toggleRoute from "@/app/api/admin/users/[id]/toggle-pause/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as userRoute from "@/app/api/auth/user/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as verifyAdminRoute from "@/app/api/verify-admin/route";
import { ADMIN_GRANT_TTL_MS } from "@/lib/admin/grant";
import type { AdminData, AdminLogs } from "@/lib/admin/types";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, type CallResult } from "../support/http";

const CODE = "it-admin-code-7391";
const LOCKED = { message: "Owner console is locked" };
const BAD_CSRF = { message: "Invalid or missing CSRF token" };
const PROTECTED = { message: "The admin account cannot be deleted under any circumstances." };

type Env = { adminCode?: string; adminEmail?: string };
const config = () => env() as Env;
let saved: Env;
let db: Db;

beforeAll(async () => {
  saved = { adminCode: config().adminCode, adminEmail: config().adminEmail };
  config().adminCode = CODE;
  config().adminEmail = undefined;
  db = await getDb();
});

afterAll(() => {
  Object.assign(config(), saved);
});

// Every client gets its own IP, so per-IP unlock limits never leak from one test into another.
let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

/** A second device of the same user: same cookies, another IP. */
function sameSessionFrom(c: Client, ip = newIp()) {
  const other = new Client(ip);
  for (const [k, v] of c.cookies) other.cookies.set(k, v);
  return other;
}

type AnyHandler = Parameters<Client["call"]>[0];
const h = (handler: unknown) => handler as AnyHandler;

const verify = (c: Client, code: unknown = CODE) => c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code } });
const status = (c: Client) => c.call(adminStatusRoute.GET, { path: "/api/admin-status" });
const adminData = (c: Client) => c.call<AdminData>(adminRoute.GET, { path: "/api/admin" });
const logs = (c: Client) => c.call<AdminLogs>(logsRoute.GET, { path: "/api/admin/logs" });
const adminLogout = (c: Client) => c.call(adminLogoutRoute.GET, { path: "/api/admin/logout" });
const toggle = (c: Client, id: string, body?: unknown) =>
  c.call(h(toggleRoute.POST), { method: "POST", path: `/api/admin/users/${id}/toggle-pause`, params: { id }, body });
const remove = (c: Client, id: string, body?: unknown) =>
  c.call(h(deleteRoute.POST), { method: "POST", path: `/api/admin/users/${id}/delete`, params: { id }, body });

async function signedIn(prefix = "u", opts: { onboard?: boolean; timezone?: string } = {}) {
  const email = uniqueEmail(prefix);
  const c = await signIn(email, new Client(newIp()));
  if (opts.onboard) {
    const r = await c.call(setupRoute.POST, {
      path: "/api/user/setup",
      body: { timezone: opts.timezone ?? "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
    });
    expect(r.status).toBe(200);
  }
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  return { c, email, userId: user.id };
}

/** A signed-in user who has unlocked the console, with the CSRF token of GET /api/admin. */
async function unlockedAdmin(prefix = "admin") {
  const s = await signedIn(prefix);
  const r = await verify(s.c);
  expect(r.status).toBe(200);
  const data = await adminData(s.c);
  expect(data.status).toBe(200);
  return { ...s, csrfToken: data.json.csrfToken };
}

function expectLocked(r: CallResult<unknown>) {
  expect(r.status).toBe(401);
  expect(r.json).toEqual(LOCKED);
}

describe("access", () => {
  it("answers 401 to a signed-out caller on every admin call", async () => {
    const anon = new Client(newIp());
    for (const r of [
      await verify(anon),
      await status(anon),
      await adminData(anon),
      await logs(anon),
      await adminLogout(anon),
      await toggle(anon, "x", { csrfToken: "x" }),
      await remove(anon, "x", { csrfToken: "x" }),
    ]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ message: "Not authenticated" });
    }
  });

  it("keeps every admin call locked for a signed-in user until the code is entered", async () => {
    const { c, userId } = await signedIn("locked");
    const target = await signedIn("target");
    expectLocked(await status(c));
    expectLocked(await adminData(c));
    expectLocked(await logs(c));
    expectLocked(await toggle(c, target.userId, { csrfToken: "anything" }));
    expectLocked(await remove(c, target.userId, { csrfToken: "anything" }));
    expect(await db.user.count({ where: { id: target.userId } })).toBe(1);
    // Logging out of a console that is not unlocked is harmless and records nothing.
    const out = await adminLogout(c);
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect(await db.auditLog.count({ where: { userId, action: "admin_logout" } })).toBe(0);

    const r = await verify(c);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, message: "Owner console unlocked" });
    const st = await status(c);
    expect(st.status).toBe(200);
    expect(st.json).toEqual({ unlocked: true });
    expect((await adminData(c)).status).toBe(200);
    expect((await logs(c)).status).toBe(200);
  });

  it("answers 503 while ADMIN_CODE is not set, without counting attempts", async () => {
    const { c, userId } = await signedIn("unset");
    config().adminCode = undefined;
    try {
      for (let i = 0; i < 7; i++) {
        const r = await verify(c, CODE);
        expect(r.status).toBe(503);
        expect(r.json).toEqual({ success: false, message: "The owner console is not configured (ADMIN_CODE is not set)." });
      }
      expectLocked(await status(c));
    } finally {
      config().adminCode = CODE;
    }
    expect((await verify(c)).status).toBe(200);
    expect(await db.adminGrant.count({ where: { userId } })).toBe(1);
  });

  it("rejects an empty code with the spec's message, without counting it", async () => {
    const { c } = await signedIn("empty");
    for (const code of ["", "   ", undefined, 42]) {
      const r = await c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: code === undefined ? {} : { code } });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ success: false, message: "Please enter the admin code" });
    }
    // The four empty codes did not count: five wrong ones are still answered 401, then the limit holds.
    for (let i = 0; i < 5; i++) expect((await verify(c, "wrong")).status).toBe(401);
    expect((await verify(c)).status).toBe(429);
  });
});

describe("wrong codes and rate limits", () => {
  it("answers 401 to a wrong code and 429 after 5 failures, even for the right code", async () => {
    const { c } = await signedIn("wrong");
    for (let i = 0; i < 5; i++) {
      const r = await verify(c, `wrong-${i}`);
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ success: false, message: "Invalid admin code" });
    }
    const blocked = await verify(c, CODE);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ success: false, message: expect.stringMatching(/too many/i) });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expectLocked(await status(c));
  });

  it("limits per user: another IP does not help", async () => {
    const { c } = await signedIn("peruser");
    for (let i = 0; i < 5; i++) expect((await verify(c, "nope")).status).toBe(401);
    const elsewhere = sameSessionFrom(c);
    expect((await verify(elsewhere, CODE)).status).toBe(429);
    expectLocked(await status(elsewhere));
  });

  it("limits per IP: another user on the same IP is blocked too", async () => {
    const ip = newIp();
    const attacker = await signIn(uniqueEmail("attacker"), new Client(ip));
    for (let i = 0; i < 5; i++) expect((await verify(attacker, `guess-${i}`)).status).toBe(401);
    const neighbour = await signIn(uniqueEmail("neighbour"), new Client(ip));
    expect((await verify(neighbour, CODE)).status).toBe(429);
    expectLocked(await status(neighbour));
    // The same user from another address is fine: the neighbour has no failures of their own.
    const moved = sameSessionFrom(neighbour);
    expect((await verify(moved, CODE)).status).toBe(200);
  });

  it("counts failures only: a successful unlock does not use up an attempt", async () => {
    const { c } = await signedIn("success-free");
    for (let i = 0; i < 4; i++) expect((await verify(c, "nope")).status).toBe(401);
    expect((await verify(c, CODE)).status).toBe(200);
    await adminLogout(c);
    expect((await verify(c, "nope")).status).toBe(401); // the 5th failure, still allowed
    expect((await verify(c, CODE)).status).toBe(429);
  });

  it("does not let a burst of parallel guesses past the limit", async () => {
    const { c, userId } = await signedIn("burst");
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verify(c, `burst-${i}`)));
    const compared = results.filter((r) => r.status === 401).length;
    // Never more than 5 codes compared (attempts racing on both counters may all be refused).
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(12 - compared);
    // Whatever the interleaving, exactly 5 wrong codes are compared in the window, then 429.
    let more = 0;
    for (let i = 0; i < 10 && (await verify(c, "sequential")).status === 401; i++) more += 1;
    expect(compared + more).toBe(5);
    expect((await verify(c, CODE)).status).toBe(429);
    const failures = await db.auditLog.findMany({ where: { userId, action: "admin_unlock_failed" } });
    expect(failures.filter((f) => (f.details as { reason?: string }).reason === "wrong_code")).toHaveLength(5);
  });
});

describe("the admin grant", () => {
  it("is bound to the session: another session of the same user stays locked", async () => {
    const email = uniqueEmail("twosessions");
    const first = await signIn(email, new Client(newIp()));
    const second = await signIn(email, new Client(newIp()));
    expect((await verify(first)).status).toBe(200);
    expect((await status(first)).status).toBe(200);
    expectLocked(await status(second));
    expectLocked(await adminData(second));
    // Each session's grant has its own CSRF token.
    expect((await verify(second)).status).toBe(200);
    const a = (await adminData(first)).json.csrfToken;
    const b = (await adminData(second)).json.csrfToken;
    expect(a).not.toBe(b);
  });

  it("lasts 8 hours and ends on admin logout", async () => {
    const { c, userId } = await signedIn("logout");
    const before = Date.now();
    expect((await verify(c)).status).toBe(200);
    const grant = await db.adminGrant.findFirstOrThrow({ where: { userId } });
    expect(grant.expiresAt.getTime()).toBeGreaterThanOrEqual(before + ADMIN_GRANT_TTL_MS);
    expect(grant.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + ADMIN_GRANT_TTL_MS);
    expect(ADMIN_GRANT_TTL_MS).toBe(8 * 60 * 60 * 1000);

    const out = await adminLogout(c);
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expectLocked(await status(c));
    expectLocked(await adminData(c));
    expect(await db.adminGrant.count({ where: { userId } })).toBe(0);
    // Still signed in: only the console was locked.
    expect((await c.call(userRoute.GET)).status).toBe(200);
  });

  it("ends on sign-out, by cascade from the session", async () => {
    const email = uniqueEmail("signout");
    const c = await signIn(email, new Client(newIp()));
    expect((await verify(c)).status).toBe(200);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(await db.adminGrant.count({ where: { userId: user.id } })).toBe(1);
    const stolen = sameSessionFrom(c); // a copy of the cookie, kept after sign-out
    const r = await c.call(logoutRoute.POST, { path: "/api/auth/logout", method: "POST" });
    expect(r.status).toBe(200);
    expect(await db.adminGrant.count({ where: { userId: user.id } })).toBe(0);
    expect((await status(stolen)).status).toBe(401);
    // Signing in again starts locked.
    const again = await signIn(email, new Client(newIp()));
    expectLocked(await status(again));
  });

  it("expires after 8 hours", async () => {
    const { c, userId } = await signedIn("expiry");
    expect((await verify(c)).status).toBe(200);
    expect((await status(c)).status).toBe(200);
    await db.adminGrant.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectLocked(await status(c));
    expectLocked(await adminData(c));
    expect(await db.adminGrant.count({ where: { userId } })).toBe(0);
  });

  it("gets a fresh CSRF token when unlocked again; the old token is refused", async () => {
    const admin = await unlockedAdmin("rotate");
    const target = await signedIn("rotate-target", { onboard: true });
    expect((await verify(admin.c)).status).toBe(200);
    const fresh = (await adminData(admin.c)).json.csrfToken;
    expect(fresh).not.toBe(admin.csrfToken);
    expect((await toggle(admin.c, target.userId, { csrfToken: admin.csrfToken })).status).toBe(403);
    expect((await toggle(admin.c, target.userId, { csrfToken: fresh })).status).toBe(200);
  });
});

describe("CSRF", () => {
  it("refuses a missing or wrong token with 403 and changes nothing", async () => {
    const admin = await unlockedAdmin("csrf");
    const other = await unlockedAdmin("csrf-other");
    const target = await signedIn("csrf-target", { onboard: true });
    const before = await db.userSettings.findUniqueOrThrow({ where: { userId: target.userId } });
    const bodies: unknown[] = [
      undefined,
      {},
      { csrfToken: "" },
      { csrfToken: "wrong" },
      { csrfToken: 42 },
      { csrfToken: other.csrfToken },
    ];
    for (const call of [toggle, remove]) {
      for (const body of bodies) {
        const r = await call(admin.c, target.userId, body);
        expect(r.status, JSON.stringify(body)).toBe(403);
        expect(r.json).toEqual(BAD_CSRF);
      }
      const raw = await admin.c.call(h(call === toggle ? toggleRoute.POST : deleteRoute.POST), {
        method: "POST",
        params: { id: target.userId },
        rawBody: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(raw.status).toBe(403);
    }
    expect(await db.user.count({ where: { id: target.userId } })).toBe(1);
    expect(await db.userSettings.findUniqueOrThrow({ where: { userId: target.userId } })).toEqual(before);
    expect(await db.auditLog.count({ where: { targetId: target.userId, action: { startsWith: "admin_user" } } })).toBe(0);
    // The token is checked after the lock: a locked caller with a valid-looking token gets 401.
    await adminLogout(admin.c);
    expectLocked(await toggle(admin.c, target.userId, { csrfToken: admin.csrfToken }));
  });
});

describe("user actions", () => {
  it("toggles pause: the flag, a pause period, and the user's reminder slots", async () => {
    const admin = await unlockedAdmin("pauser");
    const target = await signedIn("pausee", { onboard: true });
    const slotsBefore = await db.reminderSlot.findMany({ where: { userId: target.userId }, orderBy: { slot: "asc" } });
    expect(slotsBefore.length).toBeGreaterThan(0);

    const r1 = await toggle(admin.c, target.userId, { csrfToken: admin.csrfToken });
    expect(r1.status).toBe(200);
    expect(r1.json).toEqual({ success: true, pauseEmails: true });
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: target.userId } })).pauseEmails).toBe(true);
    expect(await db.pausePeriod.count({ where: { userId: target.userId, endedAt: null } })).toBe(1);
    expect(await db.reminderSlot.count({ where: { userId: target.userId } })).toBe(0);
    const listed = (await adminData(admin.c)).json.users.find((u) => u.id === target.userId);
    expect(listed?.pauseEmails).toBe(true);

    const r2 = await toggle(admin.c, target.userId, { csrfToken: admin.csrfToken });
    expect(r2.status).toBe(200);
    expect(r2.json).toEqual({ success: true, pauseEmails: false });
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: target.userId } })).pauseEmails).toBe(false);
    const periods = await db.pausePeriod.findMany({ where: { userId: target.userId } });
    expect(periods).toHaveLength(1);
    expect(periods[0]!.endedAt).not.toBeNull();
    const slotsAfter = await db.reminderSlot.findMany({ where: { userId: target.userId }, orderBy: { slot: "asc" } });
    expect(slotsAfter.map((s) => s.slot)).toEqual(slotsBefore.map((s) => s.slot));

    const entries = await db.auditLog.findMany({ where: { targetId: target.userId }, orderBy: { timestamp: "asc" } });
    const adminEntries = entries.filter((e) => e.action.startsWith("admin_"));
    expect(adminEntries.map((e) => e.action)).toEqual(["admin_user_paused", "admin_user_enabled"]);
    for (const e of adminEntries) {
      expect(e.userId).toBe(admin.userId);
      expect(e.ipAddress).toBe(admin.c.ip);
    }
    expect(adminEntries.map((e) => e.details)).toEqual([{ pauseEmails: true }, { pauseEmails: false }]);
  });

  it("answers 404 for an unknown user id", async () => {
    const admin = await unlockedAdmin("unknown");
    for (const call of [toggle, remove]) {
      const r = await call(admin.c, "no-such-user", { csrfToken: admin.csrfToken });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ message: "User not found" });
    }
  });

  it("deletes a user: every row goes and their sessions end", async () => {
    const admin = await unlockedAdmin("deleter");
    const target = await signedIn("deletee", { onboard: true });
    const otherDevice = await signIn(target.email, new Client(newIp()));
    expect((await target.c.call(userRoute.GET)).status).toBe(200);
    expect((await verify(target.c)).status).toBe(200); // their own console grant goes too

    const r = await remove(admin.c, target.userId, { csrfToken: admin.csrfToken });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true });
    const where = { where: { userId: target.userId } };
    expect(await db.user.count({ where: { id: target.userId } })).toBe(0);
    for (const count of [
      db.session.count(where),
      db.account.count(where),
      db.userSettings.count(where),
      db.reminderSlot.count(where),
      db.pausePeriod.count(where),
      db.breakRecord.count(where),
      db.adminGrant.count(where),
      db.verification.count({ where: { identifier: { contains: target.email } } }),
    ]) {
      expect(await count).toBe(0);
    }
    expect((await target.c.call(userRoute.GET)).status).toBe(401);
    expect((await otherDevice.call(userRoute.GET)).status).toBe(401);

    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "admin_user_deleted", targetId: target.userId } });
    expect(entry).toMatchObject({ userId: admin.userId, ipAddress: admin.c.ip });
    // Gone: a second delete is a 404.
    expect((await remove(admin.c, target.userId, { csrfToken: admin.csrfToken })).status).toBe(404);
  });

  it("never deletes the ADMIN_EMAIL account, whoever asks", async () => {
    const owner = await signedIn("owner");
    config().adminEmail = owner.email;
    try {
      expect((await verify(owner.c)).status).toBe(200);
      const ownerToken = (await adminData(owner.c)).json.csrfToken;
      const self = await remove(owner.c, owner.userId, { csrfToken: ownerToken });
      expect(self.status).toBe(403);
      expect(self.json).toEqual(PROTECTED);
      const admin = await unlockedAdmin("not-owner");
      const other = await remove(admin.c, owner.userId, { csrfToken: admin.csrfToken });
      expect(other.status).toBe(403);
      expect(other.json).toEqual(PROTECTED);
      expect(await db.user.count({ where: { id: owner.userId } })).toBe(1);
      expect((await status(owner.c)).status).toBe(200);
      expect(await db.auditLog.count({ where: { action: "admin_user_deleted", targetId: owner.userId } })).toBe(0);
    } finally {
      config().adminEmail = undefined;
    }
  });
});

describe("console data", () => {
  it("lists every user newest first with exactly the documented fields", async () => {
    const fresh = await signedIn("fields-plain"); // no settings row yet
    const toronto = await signedIn("fields-toronto", { onboard: true, timezone: "America/Toronto" });
    await db.user.update({ where: { id: toronto.userId }, data: { firstName: "Ann", lastName: "Lee" } });
    const admin = await unlockedAdmin("lister");

    const r = await adminData(admin.c);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["csrfToken", "totalUsers", "users"]);
    expect(r.json.totalUsers).toBe(await db.user.count());
    expect(r.json.users).toHaveLength(r.json.totalUsers);
    expect(typeof r.json.csrfToken).toBe("string");
    expect(r.json.csrfToken.length).toBeGreaterThanOrEqual(32);
    for (const user of r.json.users) {
      expect(Object.keys(user).sort()).toEqual(["createdAt", "email", "firstName", "id", "lastName", "pauseEmails", "timezone"]);
    }
    const times = r.json.users.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(r.json.users[0]!.id).toBe(admin.userId);

    const plain = r.json.users.find((u) => u.id === fresh.userId)!;
    expect(plain).toEqual({
      id: fresh.userId,
      email: fresh.email,
      firstName: null,
      lastName: null,
      timezone: "UTC",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pauseEmails: false,
    });
    expect(r.json.users.find((u) => u.id === toronto.userId)).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      timezone: "America/Toronto",
      pauseEmails: false,
    });
    // The token stays the same for the life of the grant.
    expect((await adminData(admin.c)).json.csrfToken).toBe(r.json.csrfToken);
  });

  it("shows the audit log newest first with an entry for every admin action", async () => {
    const wrongCode = "wrong-code-4242";
    const admin = await signedIn("auditor");
    expect((await verify(admin.c, wrongCode)).status).toBe(401);
    expect((await verify(admin.c)).status).toBe(200);
    const { csrfToken } = (await adminData(admin.c)).json;
    const target = await signedIn("audited", { onboard: true });
    expect((await toggle(admin.c, target.userId, { csrfToken })).status).toBe(200);
    expect((await toggle(admin.c, target.userId, { csrfToken })).status).toBe(200);
    expect((await remove(admin.c, target.userId, { csrfToken })).status).toBe(200);

    const r = await logs(admin.c);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(["logs"]);
    const all = r.json.logs;
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(200);
    for (const entry of all) {
      expect(Object.keys(entry).sort()).toEqual(["action", "details", "id", "ipAddress", "timestamp", "userId"]);
    }
    const times = all.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const mine = all.filter((e) => e.userId === admin.userId);
    const actions = mine.map((e) => e.action);
    // Newest first: the deletion is the newest of this admin's actions, the failed unlock the oldest.
    expect(actions.indexOf("admin_user_deleted")).toBeLessThan(actions.indexOf("admin_user_enabled"));
    expect(actions.indexOf("admin_user_enabled")).toBeLessThan(actions.indexOf("admin_user_paused"));
    expect(actions.indexOf("admin_user_paused")).toBeLessThan(actions.indexOf("admin_unlock_success"));
    expect(actions.indexOf("admin_unlock_success")).toBeLessThan(actions.indexOf("admin_unlock_failed"));

    const failed = mine.find((e) => e.action === "admin_unlock_failed")!;
    const success = mine.find((e) => e.action === "admin_unlock_success")!;
    for (const e of [failed, success]) {
      expect(e.ipAddress).toBe(admin.c.ip);
      expect(JSON.stringify(e)).not.toContain(wrongCode);
      expect(JSON.stringify(e)).not.toContain(CODE);
    }
    expect(failed.details).toEqual({ reason: "wrong_code" });
    expect(JSON.stringify(all)).not.toContain(csrfToken);
    expect(mine.find((e) => e.action === "admin_user_deleted")!.details).toEqual({ targetId: target.userId });
    expect(mine.find((e) => e.action === "admin_user_paused")!.details).toEqual({ targetId: target.userId, pauseEmails: true });

    // And nothing of the codes reached the table itself.
    const stored = await db.auditLog.findMany({ where: { userId: admin.userId } });
    expect(JSON.stringify(stored)).not.toContain(wrongCode);
    expect(JSON.stringify(stored)).not.toContain(CODE);

    expect((await adminLogout(admin.c)).status).toBe(200);
    const logout = await db.auditLog.findFirstOrThrow({ where: { userId: admin.userId, action: "admin_logout" } });
    expect(logout.ipAddress).toBe(admin.c.ip);
  });

  it("returns at most the 200 newest entries", async () => {
    const admin = await unlockedAdmin("limit");
    const old = new Date("2020-01-01T00:00:00Z");
    await db.auditLog.createMany({
      data: Array.from({ length: 210 }, (_, i) => ({ action: "logout", timestamp: new Date(old.getTime() + i * 1000) })),
    });
    const r = await logs(admin.c);
    expect(r.json.logs).toHaveLength(200);
    expect(r.json.logs[0]!.action).toBe("admin_unlock_success");
  });
});
