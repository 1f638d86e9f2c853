// Issue 17 (items 6 and 7): the Origin of a state-changing call must be exactly APP_URL's (scheme,
// host and port; X-Forwarded-Host never stands in for it), route handlers and server actions
// alike; JSON bodies only as application/json (415); the one-click unsubscribe POST from any
// origin (its token is the credential); and a user's data export tells a refused console unlock
// as the user was answered, never why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as deleteRoute from "@/app/api/admin/users/[id]/delete/route";
import * as toggleRoute from "@/app/api/admin/users/[id]/toggle-pause/route";
import * as requestCodeRoute from "@/app/api/auth/request-code/route";
import * as verifyCodeRoute from "@/app/api/auth/verify-code/route";
import * as completeRoute from "@/app/api/breaks/complete/route";
import * as snoozeRoute from "@/app/api/breaks/snooze/route";
import * as sendTestRoute from "@/app/api/send-test-email/route";
import * as unsubscribeRoute from "@/app/api/unsubscribe/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as verifyAdminRoute from "@/app/api/verify-admin/route";
import { requestCode } from "@/lib/actions/request-code";
import { purposeKey } from "@/lib/platform/secret";
import { ADMIN_MESSAGES } from "@/lib/admin/types";
import { UNLOCK_APP_LIMIT } from "@/lib/admin/unlock";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { createUnsubscribeToken } from "@/lib/platform/link-tokens";
import type { DataExport } from "@/lib/users/export";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, formData } from "../support/http";

type AnyHandler = Parameters<Client["call"]>[0];
const h = (handler: unknown) => handler as AnyHandler;

const CODE = "request-security-admin-code-0451";
type Env = { adminCode?: string; adminEmail?: string };
const config = () => env() as Env;
let saved: Env;
let db: Db;
let owner: Client;
let ownerEmail: string;
let user: Client;
let userId: string;

beforeAll(async () => {
  db = await getDb();
  saved = { adminCode: config().adminCode, adminEmail: config().adminEmail };
  ownerEmail = uniqueEmail("rs-owner");
  Object.assign(config(), { adminCode: CODE, adminEmail: ownerEmail });
  await db.rateLimit.deleteMany({ where: { key: UNLOCK_APP_LIMIT.key } });
  owner = await signIn(ownerEmail);
  expect((await owner.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code: CODE } })).status).toBe(
    200,
  );
  const email = uniqueEmail("rs-user");
  user = await signIn(email);
  userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
  const setup = { timezone: "Europe/London", times: ["09:00", "16:30"], durationPreference: 10 };
  expect((await user.call(setupRoute.POST, { path: "/api/user/setup", body: setup })).status).toBe(200);
});

afterAll(() => {
  Object.assign(config(), saved);
});

describe("Origin: exactly APP_URL's scheme, host and port", () => {
  const ask = (headers: Record<string, string>) =>
    new Client().call(requestCodeRoute.POST, {
      path: "/api/auth/request-code",
      body: { email: uniqueEmail("origin") },
      headers,
    });

  it("APP_URL's own origin passes; another scheme, port or host is refused", async () => {
    expect(env().appUrl).toBe("http://localhost:3000");
    expect((await ask({ origin: "http://localhost:3000" })).status).toBe(200);
    // A loopback APP_URL answers to any loopback name of this machine on its scheme and port.
    expect((await ask({ origin: "http://127.0.0.1:3000" })).status).toBe(200);
    for (const origin of [
      "https://localhost:3000",
      "http://localhost:3001",
      "https://127.0.0.1:3000",
      "http://evil.example",
      "null",
    ]) {
      const r = await ask({ origin });
      expect(r.status, origin).toBe(403);
      expect(r.json).toEqual({ message: "Cross-site request refused" });
    }
  });

  it("an https page does not pass for the http app even when Host and X-Forwarded-Host agree with it", async () => {
    const r = await ask({
      origin: "https://localhost:3000",
      host: "localhost:3000",
      "x-forwarded-host": "localhost:3000",
      "x-forwarded-proto": "https",
    });
    expect(r.status).toBe(403);
  });

  it("X-Forwarded-Host naming the foreign origin does not make it ours (route handlers and server actions)", async () => {
    const spoof = { origin: "http://evil.example", "x-forwarded-host": "evil.example", host: "evil.example" };
    expect((await ask(spoof)).status).toBe(403);
    const call = await new Client().action(requestCode, [{}, formData({ email: uniqueEmail("origin-action") })], {
      headers: spoof,
    });
    expect(call.result).toMatchObject({ ok: false, status: 403 });
    const sameApp = await new Client().action(requestCode, [{}, formData({ email: uniqueEmail("origin-action") })], {
      headers: { origin: "http://localhost:3000" },
    });
    expect(sameApp.result).toMatchObject({ ok: true });
  });
});

describe("JSON bodies only with Content-Type: application/json", () => {
  const NOT_JSON = { message: "Request body must be JSON, sent with Content-Type: application/json" };

  // Every route handler that reads a JSON body, with a caller that gets past its session checks.
  const routes = (): [string, AnyHandler, Client, string, Record<string, string>?][] => [
    ["/api/auth/request-code", h(requestCodeRoute.POST), new Client(), "POST"],
    ["/api/auth/verify-code", h(verifyCodeRoute.POST), new Client(), "POST"],
    ["/api/breaks/complete", h(completeRoute.POST), new Client(), "POST"],
    ["/api/breaks/snooze", h(snoozeRoute.POST), new Client(), "POST"],
    ["/api/send-test-email", h(sendTestRoute.POST), new Client(), "POST"],
    ["/api/user/settings", h(settingsRoute.PUT), user, "PUT"],
    ["/api/user/setup", h(setupRoute.POST), user, "POST"],
    ["/api/verify-admin", h(verifyAdminRoute.POST), user, "POST"],
    ["/api/admin/users/x/toggle-pause", h(toggleRoute.POST), owner, "POST", { id: userId }],
    ["/api/admin/users/x/delete", h(deleteRoute.POST), owner, "POST", { id: userId }],
  ];

  it("415 with a clear message for text/plain, a form encoding or no type at all; nothing is done", async () => {
    const body = JSON.stringify({
      email: uniqueEmail("ct"),
      code: "123456",
      token: "x".repeat(30),
      csrfToken: "x",
      pause_emails: true,
    });
    for (const [path, handler, c, method, params] of routes()) {
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonp",
      ]) {
        const r = await c.call(handler, { method, path, rawBody: body, headers: { "content-type": type }, params });
        expect(r.status, `${path} ${type}`).toBe(415);
        expect(r.json, path).toMatchObject(NOT_JSON);
      }
      // No Content-Type at all (a Blob without a type adds none).
      const req = new Request(`http://localhost:3000${path}`, {
        method,
        body: new Blob([body]),
        headers: { cookie: c.cookieHeader(), "x-forwarded-for": c.ip },
      });
      expect(req.headers.get("content-type")).toBeNull();
      const r = await handler(req, { params: Promise.resolve(params ?? {}) });
      expect(r.status, `${path} without a type`).toBe(415);
      expect(await r.json()).toMatchObject(NOT_JSON);
    }
    expect(await db.user.count({ where: { id: userId } })).toBe(1);
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId } })).pauseEmails).toBe(false);
  });

  it("application/json, with or without a charset, is read", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON"]) {
      const r = await new Client().call(requestCodeRoute.POST, {
        path: "/api/auth/request-code",
        rawBody: JSON.stringify({ email: uniqueEmail("ct-ok") }),
        headers: { "content-type": type },
      });
      expect(r.status, type).toBe(200);
    }
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("is accepted from any origin: the token in the URL is the credential", async () => {
    const token = createUnsubscribeToken(userId, purposeKey("email-links"));
    const r = await new Client().call(unsubscribeRoute.POST, {
      path: `/api/unsubscribe?t=${encodeURIComponent(token)}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
    });
    expect(r.status).toBe(200);
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId } })).pauseEmails).toBe(true);
  });
});

describe("the data export tells a refused console unlock as the user was answered", () => {
  it("a non-owner account with the right code reads 'Invalid admin code', never not_owner_account", async () => {
    const email = uniqueEmail("rs-curious");
    const c = await signIn(email);
    const r = await c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code: CODE } });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ success: false, message: ADMIN_MESSAGES.wrongCode });
    const wrong = await c.call(verifyAdminRoute.POST, {
      path: "/api/verify-admin",
      body: { code: "another-wrong-code-0000" },
    });
    expect(wrong.json).toEqual({ success: false, message: ADMIN_MESSAGES.wrongCode });

    const exported = await c.call(exportRoute.GET, { method: "GET", path: "/api/user/export" });
    expect(exported.status).toBe(200);
    const text = JSON.stringify(exported.json);
    expect(text).not.toContain("not_owner_account");
    expect(text).not.toContain("wrong_code");
    const refusals = (exported.json as unknown as DataExport).auditLog.filter(
      (e) => e.action === "admin_unlock_failed",
    );
    expect(refusals.length).toBeGreaterThanOrEqual(1);
    for (const e of refusals) expect(e.details).toMatchObject({ answer: ADMIN_MESSAGES.wrongCode });
    expect(refusals.every((e) => !("reason" in (e.details as object)))).toBe(true);
    // The owner's log still says why.
    const uid = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    expect(
      await db.auditLog.count({
        where: {
          userId: uid,
          action: "admin_unlock_failed",
          details: { path: ["reason"], equals: "not_owner_account" },
        },
      }),
    ).toBeGreaterThanOrEqual(1);
  });
});
