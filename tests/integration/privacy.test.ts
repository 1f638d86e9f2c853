// Privacy as the privacy page promises (issue 17): sessions keep no IP or browser, rate-limit keys
// hold no typed address or IP, and after an account is deleted no row of any table names its
// e-mail address or the IP addresses it used.
import { beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "@/app/api/user/account/route";
import * as calendarRoute from "@/app/api/user/calendar/route";
import * as resetRoute from "@/app/api/user/calendar/reset/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as pushSubscriptionsRoute from "@/app/api/user/push/subscriptions/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as requestCode from "@/app/api/auth/request-code/route";
import * as verifyCode from "@/app/api/auth/verify-code/route";
import * as testEmail from "@/app/api/send-test-email/route";
import { getDb, type Db } from "@/lib/db";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, latestCode } from "../support/http";
import { makeSubscriberKeys } from "../support/push-service";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

/** Every row of every table in the app's schema, as text (what a database dump would show). */
async function dumpDatabase(): Promise<string> {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(["users", "sessions", "audit_logs", "rate_limits", "verifications"]),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await db.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
    parts.push(`${name}: ${rows.map((r) => r.row).join("\n")}`);
  }
  return parts.join("\n");
}

describe("privacy", () => {
  it("sessions keep no IP address or user agent", async () => {
    const email = uniqueEmail("session-info");
    await signIn(email, new Client("192.0.2.141"));
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { sessions: true } });
    expect(user.sessions.length).toBeGreaterThan(0);
    for (const s of user.sessions) {
      expect(s.ipAddress).toBeNull();
      expect(s.userAgent).toBeNull();
    }
  });

  it("after an account is deleted, no table holds its e-mail address or its IP addresses", async () => {
    const email = uniqueEmail("forget-me");
    const ips = ["192.0.2.231", "198.51.100.232", "203.0.113.233"];
    // Sign in from one address, with a wrong code first (login_failed, failure counters).
    const c = new Client(ips[0]);
    expect((await c.call(requestCode.POST, { path: "/api/auth/request-code", body: { email } })).status).toBe(200);
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await c.call(verifyCode.POST, { path: "/api/auth/verify-code", body: { code: wrong } })).status).toBe(401);
    expect((await c.call(verifyCode.POST, { path: "/api/auth/verify-code", body: { code } })).status).toBe(200);
    // Use the account from two more addresses (the same session cookie).
    const at = (ip: string) => {
      const other = new Client(ip);
      for (const [k, v] of c.cookies) other.cookies.set(k, v);
      return other;
    };
    expect(
      (
        await at(ips[1]!).call(setupRoute.POST, {
          path: "/api/user/setup",
          body: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await at(ips[1]!).call(settingsRoute.PUT, {
          path: "/api/user/settings",
          method: "PUT",
          body: { movement_prefs: "knees" },
        })
      ).status,
    ).toBe(200);
    expect((await at(ips[2]!).call(calendarRoute.GET, { path: "/api/user/calendar" })).status).toBe(200);
    expect((await at(ips[2]!).call(resetRoute.POST, { path: "/api/user/calendar/reset", body: {} })).status).toBe(200);
    // Notifications on in one browser (storing a subscription fetches nothing).
    const device = {
      endpoint: `https://fcm.googleapis.com/fcm/send/forget-me-${Date.now()}`,
      keys: makeSubscriberKeys(),
    };
    const pushBody = {
      endpoint: device.endpoint,
      expirationTime: null,
      keys: { p256dh: device.keys.p256dh, auth: device.keys.auth },
    };
    expect(
      (await at(ips[1]!).call(pushSubscriptionsRoute.POST, { path: "/api/user/push/subscriptions", body: pushBody }))
        .status,
    ).toBe(201);
    const exported = await at(ips[2]!).call<Record<string, unknown[]>>(exportRoute.GET, { path: "/api/user/export" });
    expect(exported.status).toBe(200);
    // The export holds what is stored: sessions, and the entries that name the address itself.
    expect(exported.json.sessions).toHaveLength(1);
    expect(exported.json.sessions![0]).toMatchObject({ ipAddress: null, userAgent: null });
    const byAddress = (exported.json.auditLogByAddress as { action: string }[]).map((e) => e.action);
    expect(byAddress).toEqual(expect.arrayContaining(["login_code_requested", "login_failed"]));
    expect(JSON.stringify(exported.json.auditLogByAddress)).not.toContain(ips[0]);
    // The device with its push service's address; never its encryption keys.
    expect(exported.json.pushSubscriptions).toEqual([
      {
        device: "A browser",
        endpoint: device.endpoint,
        createdAt: expect.any(String),
        lastUsedAt: null,
        updatedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(exported.json)).not.toContain(device.keys.auth);
    expect(JSON.stringify(exported.json)).not.toContain(device.keys.p256dh);
    expect((await at(ips[2]!).call(testEmail.POST, { path: "/api/send-test-email", body: { email } })).status).toBe(
      200,
    );
    // A second sign-in from another browser at the third address.
    await signIn(email, new Client(ips[2]));

    const before = await dumpDatabase();
    expect(before).toContain(email); // the test sees what it is looking for
    expect(before).toContain(device.endpoint);
    const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    const auditBefore = await db.auditLog.count({ where: { OR: [{ userId }, { targetId: userId }] } });

    expect((await at(ips[2]!).call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" })).status).toBe(
      200,
    );

    const after = await dumpDatabase();
    expect(after).not.toContain(email);
    for (const ip of ips) expect(after).not.toContain(ip);
    // The device went with the account: its address and keys are in no table.
    for (const trace of [device.endpoint, device.keys.p256dh, device.keys.auth]) expect(after).not.toContain(trace);
    // The audit entries stay, with the action and time, the address as a keyed hash.
    expect(await db.auditLog.count({ where: { OR: [{ userId }, { targetId: userId }] } })).toBeGreaterThan(
      auditBefore - 1,
    );
    const mine = await db.auditLog.findMany({ where: { OR: [{ userId }, { targetId: userId }] } });
    expect(mine.map((e) => e.action)).toEqual(
      expect.arrayContaining(["login_success", "settings_updated", "push_subscribed", "account_deleted"]),
    );
    expect(mine.every((e) => e.ipAddress === null)).toBe(true);
    const success = mine.find((e) => e.action === "login_success")!;
    const pseudonym = (success.details as { email: string }).email;
    expect(pseudonym).toMatch(/^deleted:[A-Za-z0-9_-]{32}$/);
    const requested = await db.auditLog.findMany({
      where: { action: "login_code_requested", details: { path: ["email"], equals: pseudonym } },
    });
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((e) => e.ipAddress === null)).toBe(true);
  });
});
