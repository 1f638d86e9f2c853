import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as adminStatusRoute from "@/app/api/admin-status/route";
import * as adminRoute from "@/app/api/admin/route";
import * as logsRoute from "@/app/api/admin/logs/route";
import * as adminLogoutRoute from "@/app/api/admin/logout/route";
import * as purgeCronRoute from "@/app/api/cron/purge/route";
import * as deleteRoute from "@/app/api/admin/users/[id]/delete/route";
import * as toggleRoute from "@/app/api/admin/users/[id]/toggle-pause/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as userRoute from "@/app/api/auth/user/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as verifyAdminRoute from "@/app/api/verify-admin/route";
import { ADMIN_GRANT_TTL_MS } from "@/lib/admin/grant";
import { purgeExpired, RATE_LIMIT_RETENTION_MS } from "@/lib/admin/retention";
import { ADMIN_MESSAGES, type AdminData, type AdminLogs } from "@/lib/admin/types";
import { UNLOCK_APP_LIMIT, unlockLimits } from "@/lib/admin/unlock";
import { giveBack, hit } from "@/lib/platform/rate-limit";
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

// The app-wide cap on wrong codes (tests/integration/abuse.test.ts) would otherwise add up across tests.
beforeEach(async () => {
  await db.rateLimit.deleteMany({ where: { key: UNLOCK_APP_LIMIT.key } });
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

const verify = (c: Client, code: unknown = CODE) =>
  c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code } });
const status = (c: Client) => c.call(adminStatusRoute.GET, { path: "/api/admin-status" });
const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return q ? `?${q}` : "";
};
const adminData = (c: Client, params: Record<string, string | undefined> = {}) =>
  c.call<AdminData>(adminRoute.GET, { path: `/api/admin${query(params)}` });
const logs = (c: Client, params: Record<string, string | undefined> = {}) =>
  c.call<AdminLogs>(logsRoute.GET, { path: `/api/admin/logs${query(params)}` });
/** GET /api/admin/logout, with the grant's CSRF token in X-CSRF-Token when one is given. */
const adminLogout = (c: Client, csrfToken?: string) =>
  c.call(adminLogoutRoute.GET, {
    path: "/api/admin/logout",
    headers: csrfToken === undefined ? {} : { "x-csrf-token": csrfToken },
  });
const tokenOf = async (c: Client) => (await adminData(c)).json.csrfToken;
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

/** Follows nextCursor from the first page to the last; returns the pages (each checked to be a 200). */
async function walk<T extends { nextCursor: string | null }>(
  fetchPage: (cursor?: string) => Promise<CallResult<T>>,
): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const r = await fetchPage(cursor);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    pages.push(r.json);
    if (r.json.nextCursor === null) return pages;
    cursor = r.json.nextCursor;
  }
  throw new Error("no last page after 1000 pages");
}

/** Every user, page after page, checked to be 50 a page with no repeats. */
async function allUsers(c: Client) {
  const pages = await walk((cursor) => adminData(c, { cursor }));
  for (const p of pages.slice(0, -1)) expect(p.users).toHaveLength(50);
  const users = pages.flatMap((p) => p.users);
  expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
  return users;
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
        expect(r.json).toEqual({
          success: false,
          message: "The owner console is not configured (ADMIN_CODE is not set).",
        });
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
      const r = await c.call(verifyAdminRoute.POST, {
        path: "/api/verify-admin",
        body: code === undefined ? {} : { code },
      });
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
    expect((await adminLogout(c, await tokenOf(c))).status).toBe(200);
    expect((await verify(c, "nope")).status).toBe(401); // the 5th failure, still allowed
    expect((await verify(c, CODE)).status).toBe(429);
  });

  it("does not let a burst of parallel guesses past the limit, nor cost a guess it did not compare", async () => {
    const { c, userId } = await signedIn("burst");
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verify(c, `burst-${i}`)));
    const compared = results.filter((r) => r.status === 401).length;
    // Never more than 5 codes compared (attempts racing on both counters may all be refused).
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(12 - compared);
    // A refused guess gives back every slot it took, so whatever the interleaving, the window
    // compares exactly 5 wrong codes in all, then 429 even for the right code.
    let more = 0;
    for (let i = 0; i < 10 && (await verify(c, "sequential")).status === 401; i++) more += 1;
    expect(compared + more).toBe(5);
    expect((await verify(c, CODE)).status).toBe(429);
    // Every compared code, and only those, is audited as a wrong code.
    const failures = await db.auditLog.findMany({ where: { userId, action: "admin_unlock_failed" } });
    expect(failures.filter((f) => (f.details as { reason?: string }).reason === "wrong_code")).toHaveLength(5);
  });
  it("gives back the slot a guess was refused on while a racing guess held the last one", async () => {
    const { c, userId } = await signedIn("held");
    for (let i = 0; i < 4; i++) expect((await verify(c, `held-${i}`)).status).toBe(401);
    // A racing guess X holds the last slot of both counters, as unlockConsole takes them.
    const limits = unlockLimits(userId, c.ip);
    for (const l of limits) expect((await hit(db, l)).allowed).toBe(true);
    // This guess is refused while X holds them (and is the first refusal: audited once per key).
    expect((await verify(c, "held-refused")).status).toBe(429);
    // X turns out right, or fails to compare: it gives its slots back.
    await giveBack(db, limits);
    // The refused guess kept nothing, so the fifth wrong code is still compared.
    expect((await verify(c, "held-5")).status).toBe(401);
    expect((await verify(c, "held-6")).status).toBe(429);
    const failures = await db.auditLog.findMany({ where: { userId, action: "admin_unlock_failed" } });
    const reasons = failures.map((f) => (f.details as { reason?: string }).reason);
    expect(reasons.filter((r) => r === "wrong_code")).toHaveLength(5);
    // One rate-limit row per key (user, address) and window, however many refusals.
    expect(reasons.filter((r) => r === "rate_limited")).toHaveLength(2);
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

    const out = await adminLogout(c, await tokenOf(c));
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
    expect(await db.auditLog.count({ where: { targetId: target.userId, action: { startsWith: "admin_user" } } })).toBe(
      0,
    );
    // The token is checked after the lock: a locked caller with a valid-looking token gets 401.
    expect((await adminLogout(admin.c, admin.csrfToken)).status).toBe(200);
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

    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "admin_user_deleted", targetId: target.userId },
    });
    expect(entry).toMatchObject({ userId: admin.userId, ipAddress: admin.c.ip });
    // Gone: a second delete is a 404.
    expect((await remove(admin.c, target.userId, { csrfToken: admin.csrfToken })).status).toBe(404);
  });

  it("never deletes the ADMIN_EMAIL account, whoever asks", async () => {
    const owner = await signedIn("owner");
    // Unlocked before ADMIN_EMAIL named the owner: today only the owner's account could unlock.
    const admin = await unlockedAdmin("not-owner");
    config().adminEmail = owner.email;
    try {
      expect((await verify(owner.c)).status).toBe(200);
      const ownerToken = (await adminData(owner.c)).json.csrfToken;
      const self = await remove(owner.c, owner.userId, { csrfToken: ownerToken });
      expect(self.status).toBe(403);
      expect(self.json).toEqual(PROTECTED);
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
    expect(Object.keys(r.json).sort()).toEqual(["activeUsers", "csrfToken", "nextCursor", "totalUsers", "users"]);
    expect(r.json.totalUsers).toBe(await db.user.count());
    expect(typeof r.json.csrfToken).toBe("string");
    expect(r.json.csrfToken.length).toBeGreaterThanOrEqual(32);
    const all = await allUsers(admin.c);
    expect(all).toHaveLength(r.json.totalUsers);
    for (const user of all) {
      expect(Object.keys(user).sort()).toEqual([
        "createdAt",
        "email",
        "firstName",
        "id",
        "lastName",
        "onboarded",
        "pauseEmails",
        "timezone",
      ]);
    }
    const times = all.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(r.json.users[0]!.id).toBe(admin.userId);

    const plain = all.find((u) => u.id === fresh.userId)!;
    expect(plain).toEqual({
      id: fresh.userId,
      email: fresh.email,
      firstName: null,
      lastName: null,
      timezone: "UTC",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pauseEmails: false,
      onboarded: false,
    });
    expect(all.find((u) => u.id === toronto.userId)).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      timezone: "America/Toronto",
      pauseEmails: false,
      onboarded: true,
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
    expect(Object.keys(r.json).sort()).toEqual(["logs", "nextCursor"]);
    const all = r.json.logs;
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(50);
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
    expect(mine.find((e) => e.action === "admin_user_paused")!.details).toEqual({
      targetId: target.userId,
      pauseEmails: true,
    });

    // And nothing of the codes reached the table itself.
    const stored = await db.auditLog.findMany({ where: { userId: admin.userId } });
    expect(JSON.stringify(stored)).not.toContain(wrongCode);
    expect(JSON.stringify(stored)).not.toContain(CODE);

    expect((await adminLogout(admin.c, csrfToken)).status).toBe(200);
    const logout = await db.auditLog.findFirstOrThrow({ where: { userId: admin.userId, action: "admin_logout" } });
    expect(logout.ipAddress).toBe(admin.c.ip);
  });
});

describe("pages of 50 (issue 9)", () => {
  const BAD_CURSOR = { message: ADMIN_MESSAGES.badCursor };
  const BAD_ACTION = { message: ADMIN_MESSAGES.badAction };
  /** Newest first: timestamp desc, then id desc (the server's order). */
  const byTimeThenId = (a: { timestamp: Date; id: string }, b: { timestamp: Date; id: string }) =>
    b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  /** 120 entries of one action in 40 timestamps, 3 entries each: page boundaries fall inside ties. */
  async function seedTies(action: string, prefix: string, base = Date.now() - 60_000) {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: `${prefix}-${String(i).padStart(3, "0")}`,
      action,
      timestamp: new Date(base - Math.floor(i / 3) * 1000),
      details: { i },
    }));
    await db.auditLog.createMany({ data: rows });
    return rows;
  }

  it("pages the audit log 50, 50, 20, newest first, with no repeats or gaps on equal timestamps", async () => {
    const admin = await unlockedAdmin("pages");
    const seeded = await seedTies("emails_unsubscribed", "tie");
    const pages = await walk((cursor) => logs(admin.c, { cursor, action: "emails_unsubscribed" }));
    expect(pages.map((p) => p.logs.length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((p) => p.logs.map((l) => l.id));
    expect(ids).toEqual([...seeded].sort(byTimeThenId).map((r) => r.id));
    // The page boundaries cut through groups of equal timestamps (50 and 100 are not multiples of 3).
    expect(pages[0]!.logs.at(-1)!.timestamp).toBe(pages[1]!.logs[0]!.timestamp);
    expect(pages[1]!.logs.at(-1)!.timestamp).toBe(pages[2]!.logs[0]!.timestamp);
    // Cursors are opaque: no time or id in clear.
    for (const p of pages.slice(0, -1)) expect(p.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(pages[0]!.nextCursor).not.toContain("tie-");
  });

  it("pages the whole log the same way, and each page lists exactly the documented fields", async () => {
    const admin = await unlockedAdmin("pages-all");
    await seedTies("logout", "all");
    const pages = await walk((cursor) => logs(admin.c, { cursor }));
    for (const p of pages.slice(0, -1)) expect(p.logs).toHaveLength(50);
    const entries = pages.flatMap((p) => p.logs);
    expect(entries).toHaveLength(await db.auditLog.count());
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const stored = await db.auditLog.findMany({ select: { id: true, timestamp: true } });
    expect(entries.map((e) => e.id)).toEqual(stored.sort(byTimeThenId).map((r) => r.id));
    for (const e of entries)
      expect(Object.keys(e).sort()).toEqual(["action", "details", "id", "ipAddress", "timestamp", "userId"]);
  });

  it("filters by one action, and treats an empty action as all", async () => {
    const admin = await unlockedAdmin("filter");
    const pages = await walk((cursor) => logs(admin.c, { cursor, action: "admin_unlock_success" }));
    const entries = pages.flatMap((p) => p.logs);
    expect(entries.length).toBe(await db.auditLog.count({ where: { action: "admin_unlock_success" } }));
    expect(entries.length).toBeGreaterThan(1);
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(["admin_unlock_success"]));
    expect(entries.some((e) => e.userId === admin.userId)).toBe(true);

    const none = await logs(admin.c, { action: "test_email_sent" });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ logs: [], nextCursor: null });

    const empty = await logs(admin.c, { action: "" });
    expect(empty.status).toBe(200);
    expect(new Set(empty.json.logs.map((e) => e.action)).size).toBeGreaterThan(1);
  });

  it("answers 400 with a clear message to a bad cursor or an unknown action", async () => {
    const admin = await unlockedAdmin("bad-query");
    const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");
    const logsCursor = (await logs(admin.c)).json.nextCursor!;
    const usersCursor = b64(["users", new Date().toISOString(), admin.userId]);
    expect(logsCursor).toBeTruthy();
    const badCursors = [
      "not a cursor!",
      "%%%",
      b64("not json"),
      b64({ at: new Date().toISOString(), id: "x" }),
      b64(["logs", "yesterday", "abc"]),
      b64(["logs", "2026-02-31T00:00:00.000Z", "abc"]),
      b64(["logs", new Date().toISOString(), "a'; DROP TABLE audit_logs; --"]),
      b64(["logs", new Date().toISOString(), "a\u0000b"]),
      b64(["logs", new Date().toISOString(), "x".repeat(101)]),
      b64(["logs", new Date().toISOString(), "abc", "extra"]),
      usersCursor, // the other list's cursor
      `${logsCursor}x`.repeat(20),
    ];
    for (const cursor of badCursors) {
      const r = await logs(admin.c, { cursor });
      expect(r.status, cursor).toBe(400);
      expect(r.json).toEqual(BAD_CURSOR);
    }
    // A repeated parameter is refused rather than one copy silently winning.
    const twice = await admin.c.call(logsRoute.GET, {
      path: `/api/admin/logs?cursor=${logsCursor}&cursor=${logsCursor}`,
    });
    expect(twice.status).toBe(400);
    expect(twice.json).toEqual(BAD_CURSOR);

    for (const action of ["nope", "ADMIN_USER_PAUSED", "admin user paused", "logout ", "__proto__", "x".repeat(5000)]) {
      const r = await logs(admin.c, { action });
      expect(r.status, action).toBe(400);
      expect(r.json).toEqual(BAD_ACTION);
    }
    const twoActions = await admin.c.call(logsRoute.GET, {
      path: "/api/admin/logs?action=logout&action=login_success",
    });
    expect(twoActions.status).toBe(400);
    expect(twoActions.json).toEqual(BAD_ACTION);

    // The users list checks its cursor the same way.
    for (const cursor of ["junk", logsCursor, b64(["users", "2026-13-01T00:00:00.000Z", "abc"])]) {
      const r = await adminData(admin.c, { cursor });
      expect(r.status, cursor).toBe(400);
      expect(r.json).toEqual(BAD_CURSOR);
    }
    // A well-formed users cursor works, and parameters the call does not know are ignored.
    expect((await adminData(admin.c, { cursor: usersCursor, page: "7" })).status).toBe(200);
  });

  it("a user who has not finished onboarding (the owner included) is not set up, not active: no reminders go out", async () => {
    const owner = await unlockedAdmin("not-set-up-owner"); // signed in, never onboarded
    const member = await signedIn("set-up-member", { onboard: true });
    const before = await adminData(owner.c);
    const rows = await allUsers(owner.c);
    expect(rows.find((u) => u.id === owner.userId)).toMatchObject({ onboarded: false, pauseEmails: false });
    expect(rows.find((u) => u.id === member.userId)).toMatchObject({ onboarded: true, pauseEmails: false });
    // "Active Users" ("Receiving emails") counts the set-up, unpaused accounts only.
    const receiving = await db.userSettings.count({ where: { onboardingCompleted: true, pauseEmails: false } });
    expect(before.json.activeUsers).toBe(receiving);
    expect(before.json.activeUsers).toBeLessThan(before.json.totalUsers);
    // The owner sets up: now one more is receiving.
    const r = await owner.c.call(setupRoute.POST, {
      path: "/api/user/setup",
      body: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
    });
    expect(r.status).toBe(200);
    expect((await adminData(owner.c)).json.activeUsers).toBe(receiving + 1);
    expect((await allUsers(owner.c)).find((u) => u.id === owner.userId)).toMatchObject({ onboarded: true });
  });

  it("pages users 50 at a time (ties on createdAt included) with counts of all and of active accounts", async () => {
    const admin = await unlockedAdmin("user-pages");
    const at = new Date("2021-06-01T12:00:00.000Z");
    const seeded = Array.from({ length: 120 }, (_, i) => ({
      id: `pg-user-${String(i).padStart(3, "0")}`,
      email: `pg-user-${i}@example.com`,
      emailVerified: true,
      // 60 share one instant, the others one second apart.
      createdAt: i < 60 ? at : new Date(at.getTime() - (i - 59) * 1000),
    }));
    await db.user.createMany({ data: seeded });
    const paused = seeded.slice(10, 17).map((u) => u.id);
    await db.userSettings.createMany({ data: paused.map((userId) => ({ userId, pauseEmails: true })) });

    const first = await adminData(admin.c);
    expect(first.json.users).toHaveLength(50);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const total = await db.user.count();
    const pausedCount = await db.userSettings.count({ where: { pauseEmails: true } });
    const receiving = await db.userSettings.count({ where: { onboardingCompleted: true, pauseEmails: false } });
    expect(first.json.totalUsers).toBe(total);
    expect(first.json.activeUsers).toBe(receiving);
    expect(pausedCount).toBeGreaterThanOrEqual(7);

    const pages = await walk((cursor) => adminData(admin.c, { cursor }));
    expect(pages.length).toBe(Math.ceil(total / 50));
    for (const p of pages) {
      // Every page carries the counts of all accounts, not of the page.
      expect(p.totalUsers).toBe(total);
      expect(p.activeUsers).toBe(receiving);
      expect(p.csrfToken).toBe(first.json.csrfToken);
    }
    const users = pages.flatMap((p) => p.users);
    expect(users).toHaveLength(total);
    expect(new Set(users.map((u) => u.id)).size).toBe(total);
    expect(users.filter((u) => !u.pauseEmails)).toHaveLength(total - pausedCount);
    // The seeded users come last (oldest), newest first and then by id ascending within a tie.
    const expected = [...seeded]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((u) => u.id);
    expect(users.slice(-120).map((u) => u.id)).toEqual(expected);
    expect(users.filter((u) => paused.includes(u.id)).every((u) => u.pauseEmails)).toBe(true);
  });
});

describe("retention: purging expired rows", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("deletes exactly the audit entries older than the retention and the long-over rate-limit windows, in batches", async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const oldAudit = Array.from({ length: 23 }, (_, i) => ({
      id: `old-audit-${i}`,
      action: "logout",
      timestamp: ago(366 * DAY + i * 1000),
    }));
    const keptAudit = [
      { id: "kept-audit-edge", action: "logout", timestamp: ago(365 * DAY) }, // exactly at the limit: kept
      { id: "kept-audit-364", action: "logout", timestamp: ago(364 * DAY) },
      { id: "kept-audit-new", action: "logout", timestamp: now },
    ];
    await db.auditLog.createMany({ data: [...oldAudit, ...keptAudit] });
    const oldLimits = Array.from({ length: 12 }, (_, i) => ({
      id: `old-limit-${i}`,
      key: `purge-old-${i}`,
      count: 3,
      lastRequest: BigInt(now.getTime() - 8 * DAY - i),
    }));
    const keptLimits = [
      {
        id: "kept-limit-edge",
        key: "purge-edge",
        count: 1,
        lastRequest: BigInt(now.getTime() - RATE_LIMIT_RETENTION_MS),
      },
      { id: "kept-limit-6d", key: "purge-6d", count: 1, lastRequest: BigInt(now.getTime() - 6 * DAY) },
      { id: "kept-limit-now", key: "purge-now", count: 1, lastRequest: BigInt(now.getTime()) },
    ];
    await db.rateLimit.createMany({ data: [...oldLimits, ...keptLimits] });
    const auditBefore = await db.auditLog.count();
    const limitsBefore = await db.rateLimit.count();

    // Batches of 5, at most 2 per table: a partial run, reported as such.
    const partial = await purgeExpired({ db, now, auditRetentionDays: 365, batchSize: 5, maxBatches: 2 });
    expect(partial).toEqual({
      auditLogs: 10,
      rateLimits: 10,
      auditIps: 0,
      loginCodes: expect.any(Number),
      complete: false,
    });

    const rest = await purgeExpired({ db, now, auditRetentionDays: 365, batchSize: 5 });
    expect(rest).toEqual({ auditLogs: 13, rateLimits: 2, auditIps: 0, loginCodes: expect.any(Number), complete: true });

    expect(await db.auditLog.count()).toBe(auditBefore - 23);
    expect(await db.rateLimit.count()).toBe(limitsBefore - 12);
    expect(await db.auditLog.count({ where: { id: { in: oldAudit.map((r) => r.id) } } })).toBe(0);
    expect(await db.auditLog.count({ where: { id: { in: keptAudit.map((r) => r.id) } } })).toBe(3);
    expect(await db.rateLimit.count({ where: { id: { in: oldLimits.map((r) => r.id) } } })).toBe(0);
    expect(await db.rateLimit.count({ where: { id: { in: keptLimits.map((r) => r.id) } } })).toBe(3);

    // Nothing left: a further run deletes nothing.
    expect(await purgeExpired({ db, now, auditRetentionDays: 365 })).toEqual({
      auditLogs: 0,
      rateLimits: 0,
      auditIps: 0,
      loginCodes: expect.any(Number),
      complete: true,
    });
    // A shorter retention reaches the 364-day-old entry, and only it among the kept ones.
    expect((await purgeExpired({ db, now, auditRetentionDays: 300 })).auditLogs).toBe(2);
    expect(await db.auditLog.count({ where: { id: { in: keptAudit.map((r) => r.id) } } })).toBe(1);
  });

  it("removes the client IP of entries older than AUDIT_IP_RETENTION_DAYS (default 30), keeping the entries", async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await db.auditLog.createMany({
      data: [
        { id: "ip-old-1", action: "logout", ipAddress: "192.0.2.31", timestamp: at(31) },
        { id: "ip-old-2", action: "logout", ipAddress: "192.0.2.32", timestamp: at(200) },
        { id: "ip-kept", action: "logout", ipAddress: "192.0.2.29", timestamp: at(29) },
      ],
    });
    const r = await purgeExpired({ db, now, auditRetentionDays: 365, batchSize: 1 });
    expect(r.auditIps).toBeGreaterThanOrEqual(2);
    const rows = await db.auditLog.findMany({
      where: { id: { in: ["ip-old-1", "ip-old-2", "ip-kept"] } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((e) => [e.id, e.ipAddress])).toEqual([
      ["ip-kept", "192.0.2.29"],
      ["ip-old-1", null],
      ["ip-old-2", null],
    ]);
    expect(env().auditIpRetentionDays).toBe(30);
    await db.auditLog.deleteMany({ where: { id: { in: ["ip-old-1", "ip-old-2", "ip-kept"] } } });
  });

  it("GET /api/cron/purge: 503 without CRON_SECRET, 401 without the bearer, 200 runs the purge with AUDIT_RETENTION_DAYS", async () => {
    const cron = env() as { cronSecret?: string; auditRetentionDays: number };
    const saved = { cronSecret: cron.cronSecret, auditRetentionDays: cron.auditRetentionDays };
    const call = (headers: Record<string, string> = {}) =>
      new Client(newIp()).call(purgeCronRoute.GET, { path: "/api/cron/purge", headers });
    const old = { id: "cron-old", action: "logout", timestamp: new Date(Date.now() - 40 * DAY) };
    const kept = { id: "cron-kept", action: "logout", timestamp: new Date(Date.now() - 20 * DAY) };
    await db.auditLog.createMany({ data: [old, kept] });
    try {
      cron.cronSecret = undefined;
      const unset = await call({ authorization: "Bearer anything" });
      expect(unset.status).toBe(503);
      expect(unset.json).toEqual({ message: "Purge cron is not configured: set CRON_SECRET." });

      cron.cronSecret = "it-cron-secret-2231";
      cron.auditRetentionDays = 30;
      const refused: Record<string, string>[] = [
        {},
        { authorization: "Bearer wrong" },
        { authorization: "it-cron-secret-2231" },
        { authorization: "Basic it-cron-secret-2231" },
      ];
      for (const headers of refused) {
        const r = await call(headers);
        expect(r.status).toBe(401);
        expect(r.json).toEqual({ message: "Invalid cron secret" });
      }
      // A signed-in, unlocked owner without the bearer is refused too.
      const admin = await unlockedAdmin("cron");
      expect((await admin.c.call(purgeCronRoute.GET, { path: "/api/cron/purge" })).status).toBe(401);
      expect(await db.auditLog.count({ where: { id: old.id } })).toBe(1);

      const ok = await call({ authorization: "Bearer it-cron-secret-2231" });
      expect(ok.status).toBe(200);
      // (The test above left a rate-limit row exactly 7 days old, by now a little older: it may go too.)
      expect(ok.json).toEqual({
        auditLogs: 1,
        rateLimits: expect.any(Number),
        auditIps: expect.any(Number),
        loginCodes: expect.any(Number),
        complete: true,
      });
      expect(await db.auditLog.count({ where: { id: old.id } })).toBe(0);
      expect(await db.auditLog.count({ where: { id: kept.id } })).toBe(1);
    } finally {
      Object.assign(cron, saved);
    }
  });
});

describe("console logout needs the grant's CSRF token (X-CSRF-Token)", () => {
  it("refuses a missing, wrong or misplaced token with 403 and keeps the grant; the right one ends it", async () => {
    const admin = await unlockedAdmin("logout-csrf");
    const other = await unlockedAdmin("logout-csrf-other");
    const attempts: { path: string; headers?: Record<string, string> }[] = [
      { path: "/api/admin/logout" },
      { path: "/api/admin/logout", headers: { "x-csrf-token": "" } },
      { path: "/api/admin/logout", headers: { "x-csrf-token": "wrong" } },
      { path: "/api/admin/logout", headers: { "x-csrf-token": other.csrfToken } },
      { path: "/api/admin/logout", headers: { "x-csrf-token": `${admin.csrfToken}x` } },
      { path: "/api/admin/logout", headers: { "x-csrf-token": "x".repeat(5000) } },
      // In the URL it does not count: tokens stay out of logs and history.
      { path: `/api/admin/logout?csrfToken=${admin.csrfToken}` },
      { path: "/api/admin/logout", headers: { "x-csrftoken": admin.csrfToken } },
    ];
    for (const a of attempts) {
      const r = await admin.c.call(adminLogoutRoute.GET, a);
      expect(r.status, JSON.stringify(a)).toBe(403);
      expect(r.json).toEqual(BAD_CSRF);
    }
    expect(await db.adminGrant.count({ where: { userId: admin.userId } })).toBe(1);
    expect((await status(admin.c)).status).toBe(200);
    expect(await db.auditLog.count({ where: { userId: admin.userId, action: "admin_logout" } })).toBe(0);

    const out = await adminLogout(admin.c, admin.csrfToken);
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expectLocked(await status(admin.c));
    expect(await db.adminGrant.count({ where: { userId: admin.userId } })).toBe(0);
    expect(await db.auditLog.count({ where: { userId: admin.userId, action: "admin_logout" } })).toBe(1);
    // The other owner session was not touched.
    expect((await status(other.c)).status).toBe(200);

    // Without a grant the call stays harmless and idempotent, with or without a token.
    for (const token of [undefined, admin.csrfToken, "junk"]) {
      const again = await adminLogout(admin.c, token);
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ success: true });
    }
    expect(await db.auditLog.count({ where: { userId: admin.userId, action: "admin_logout" } })).toBe(1);
  });

  it("treats an expired grant as none: 200 without a token", async () => {
    const admin = await unlockedAdmin("logout-expired");
    await db.adminGrant.updateMany({
      where: { userId: admin.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const r = await adminLogout(admin.c);
    expect(r.status).toBe(200);
    expect(await db.adminGrant.count({ where: { userId: admin.userId } })).toBe(0);
  });
});
