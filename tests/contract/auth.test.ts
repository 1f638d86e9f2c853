// Signing in and out, the public calls, and the refusals every call shares, on the production build.
import { describe, expect, test } from "vitest";
import { Client, formData, loginCode, mailsTo, signedIn, uniqueEmail } from "./support/client";
import { contract } from "./support/context";
import { expectRefusal, expectStatus } from "./support/expect";
import {
  actionDone,
  actionFailure,
  actionOk,
  authUser,
  failureMessage,
  onboardingStatus,
  publicKey,
  shaped,
  success,
  successMessage,
  webManifest,
} from "./support/schemas";
import { z } from "zod";

describe("signing in and out", () => {
  test("request-code and verify-code open a session; the user call answers the e-mail only", async () => {
    const client = await signedIn("signin");
    const me = await client.call("GET", "/api/auth/user");
    expectStatus(me, 200);
    expect(shaped(authUser, me.json).user.email).toBe(client.email);
    expect(me.headers.get("cache-control")).toContain("no-store");

    const status = await client.call("GET", "/api/user/onboarding-status");
    expectStatus(status, 200);
    expect(shaped(onboardingStatus, status.json)).toEqual({ completed: false });
  });

  test("the sign-in form's actions: requestCode, a wrong code, resetLogin, verifyCode", async () => {
    const email = uniqueEmail("signin-form");
    const client = new Client();
    const requested = await client.action("requestCode", [{}, formData({ email })]);
    expect(requested.status).toBe(200);
    expect(shaped(actionOk(z.object({ email: z.literal(email) })), requested.result).data.email).toBe(email);
    expect(client.cookies.has("limber.login-email")).toBe(true);

    // "Try a different email" forgets the address: a code alone then opens nothing.
    const reset = await client.action("resetLogin", []);
    expect(reset.status).toBe(200);
    expect(reset.redirect).toBeNull();
    expect(client.cookies.has("limber.login-email")).toBe(false);
    const orphan = await client.action("verifyCode", [{}, formData({ code: "123456" })]);
    const refused = shaped(actionFailure, orphan.result);
    expect(refused.status).toBe(400);
    expect(refused.fieldErrors?.code).toBe(refused.message);

    const before = mailsTo(email).length;
    await client.action("requestCode", [{}, formData({ email })]);
    const code = await loginCode(email, before);
    const wrong = await client.action("verifyCode", [{}, formData({ code: code === "000000" ? "111111" : "000000" })]);
    expect(shaped(actionFailure, wrong.result)).toMatchObject({ status: 401, message: "Invalid verification code" });

    const right = await client.action("verifyCode", [{}, formData({ code })]);
    expect(shaped(actionDone, right.result).ok).toBe(true);
    expect((right.result as { values: { code: string } }).values.code).toBe("");
    const me = await client.call("GET", "/api/auth/user");
    expectStatus(me, 200);
    expect(shaped(authUser, me.json).user.email).toBe(email);
  });

  test("POST /api/auth/logout ends the session; GET /api/auth/expired then clears the dead cookie", async () => {
    const client = await signedIn("logout-post");
    const cookie = client.cookieHeader();
    const out = await client.call("POST", "/api/auth/logout");
    expectStatus(out, 200);
    expect(shaped(success, out.json)).toEqual({ success: true });
    expectRefusal(await client.call("GET", "/api/auth/user"), 401);

    // The browser that still holds the old cookie is sent to the login screen with it cleared.
    const stale = new Client();
    const expired = await stale.call("GET", "/api/auth/expired", { headers: { Cookie: cookie } });
    expectStatus(expired, 303);
    expect(expired.headers.get("location")).toBe(`${contract().baseUrl}/`);
    expect(expired.headers.getSetCookie().some((c) => /max-age=0|expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
  });

  test("GET /api/auth/expired leaves a live session alone", async () => {
    const client = await signedIn("expired-live");
    const res = await client.call("GET", "/api/auth/expired");
    expectStatus(res, 303);
    expect(res.headers.get("location")).toBe(`${contract().baseUrl}/dashboard`);
    expectStatus(await client.call("GET", "/api/auth/user"), 200);
  });

  test("GET /api/auth/logout signs out from our own pages, never from another site", async () => {
    const client = await signedIn("logout-get");
    const foreign = await client.call("GET", "/api/auth/logout", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expectRefusal(foreign, 403);
    expectStatus(await client.call("GET", "/api/auth/user"), 200);

    const own = await client.call("GET", "/api/auth/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expectStatus(own, 303);
    expect(own.headers.get("location")).toBe(`${contract().baseUrl}/`);
    expectRefusal(await client.call("GET", "/api/auth/user"), 401);
  });
});

describe("public calls", () => {
  test("the test e-mail, by route and by the e-mail test page's action", async () => {
    const client = new Client();
    const to = uniqueEmail("test-mail");
    const res = await client.call("POST", "/api/send-test-email", { json: { email: to } });
    expectStatus(res, 200);
    expect(shaped(successMessage, res.json).message).toContain(to);
    expect(mailsTo(to)).toHaveLength(1);

    const bad = await client.call("POST", "/api/send-test-email", { json: { email: "not-an-address" } });
    expectStatus(bad, 400);
    shaped(failureMessage, bad.json);

    const to2 = uniqueEmail("test-mail-action");
    const viaAction = await client.action("sendTestEmail", [{}, formData({ email: to2 })]);
    expect(shaped(actionOk(z.object({ message: z.string() })), viaAction.result).data.message).toContain(to2);
    expect(mailsTo(to2)).toHaveLength(1);
  });

  test("the push public key", async () => {
    const res = await new Client().call("GET", "/api/push/public-key");
    expectStatus(res, 200);
    const { publicKey: key } = shaped(publicKey, res.json);
    // An uncompressed P-256 point, as browsers take it for applicationServerKey.
    expect(Buffer.from(key, "base64url")[0]).toBe(0x04);
    expect(res.headers.get("cache-control")).toContain("no-store");
  });

  test("the benchmark's empty route is a plain 404 outside the benchmark server", async () => {
    expectRefusal(await new Client().call("GET", "/api/bench/empty"), 404, "Not found");
  });

  test("the web app manifest", async () => {
    const res = await new Client().call("GET", "/manifest.webmanifest");
    expectStatus(res, 200);
    expect(res.headers.get("content-type")).toMatch(/manifest\+json|application\/json/);
    shaped(webManifest, res.json);
  });
});

describe("refusals are 4xx with { message }", () => {
  test("signed out: every user and console call is 401", async () => {
    const anon = new Client();
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/auth/user"],
      ["GET", "/api/user/onboarding-status"],
      ["GET", "/api/user/dashboard"],
      ["GET", "/api/user/today"],
      ["GET", "/api/user/settings"],
      ["PUT", "/api/user/settings", { pause_emails: true }],
      ["POST", "/api/user/setup", { timezone: "UTC", times: ["09:00", "15:00"], durationPreference: 5 }],
      ["GET", "/api/user/history"],
      ["GET", "/api/user/export"],
      ["GET", "/api/user/calendar"],
      ["POST", "/api/user/calendar/reset"],
      ["POST", "/api/user/breaks/0/complete"],
      ["GET", "/api/user/push/subscriptions"],
      ["POST", "/api/user/push/test"],
      ["DELETE", "/api/user/account"],
      ["GET", "/api/admin-status"],
      ["GET", "/api/admin"],
      ["GET", "/api/admin/logs"],
      ["POST", "/api/verify-admin", { code: "x" }],
    ];
    for (const [method, path, json] of calls) {
      const res = await anon.call(method, path, json === undefined ? {} : { json });
      expectRefusal(res, 401);
    }
  });

  test("an action with a session that has ended is refused with 401", async () => {
    const client = await signedIn("ended-session");
    const cookie = client.cookieHeader();
    expectStatus(await client.call("POST", "/api/auth/logout"), 200);
    // The browser still sends its old cookie (the proxy lets it through; the action checks for real).
    const stale = new Client();
    for (const pair of cookie.split("; ")) {
      const eq = pair.indexOf("=");
      stale.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const res = await stale.action("completeBreak", [0]);
    expect(shaped(actionFailure, res.result).status).toBe(401);
  });

  test("bad JSON 400, another Content-Type 415, a foreign Origin 403, a body over 16 KB 413", async () => {
    const client = new Client();
    const email = uniqueEmail("refusals");
    expectRefusal(
      await client.call("POST", "/api/auth/request-code", {
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
      400,
      "Request body must be valid JSON",
    );
    expectRefusal(
      await client.call("POST", "/api/auth/request-code", {
        body: JSON.stringify({ email }),
        headers: { "Content-Type": "text/plain" },
      }),
      415,
    );
    expectRefusal(
      await client.call("POST", "/api/auth/request-code", { json: { email }, origin: "https://evil.example" }),
      403,
      "Cross-site request refused",
    );
    expectRefusal(
      await client.call("POST", "/api/auth/request-code", { json: { email: `${"a".repeat(17_000)}@x.example` } }),
      413,
    );
    expectRefusal(await client.call("POST", "/api/auth/verify-code", { json: { code: "12" } }), 400);
    // None of them sent a code.
    expect(mailsTo(email)).toHaveLength(0);
  });

  test("a server action refuses a foreign Origin too (same host, another scheme)", async () => {
    const client = new Client();
    const email = uniqueEmail("action-origin");
    const foreign = contract().baseUrl.replace(/^http:/, "https:");
    const res = await client.action("requestCode", [{}, formData({ email })], undefined, { origin: foreign });
    // Refused by proxy.ts before the action runs: a plain HTTP 403, no action result.
    expect(res.status).toBe(403);
    expect(res.result).toBeUndefined();
    expect(mailsTo(email)).toHaveLength(0);
  });
});
