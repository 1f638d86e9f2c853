import { describe, expect, it } from "vitest";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as requestCode from "@/app/api/auth/request-code/route";
import * as userRoute from "@/app/api/auth/user/route";
import * as verifyCode from "@/app/api/auth/verify-code/route";
import * as testEmail from "@/app/api/send-test-email/route";
import { getDb } from "@/lib/db";
import { readOutbox } from "@/lib/mail";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, latestCode, outboxDir } from "../support/http";

const request = (c: Client, body: unknown) => c.call(requestCode.POST, { path: "/api/auth/request-code", body });
const verify = (c: Client, body: unknown) => c.call(verifyCode.POST, { path: "/api/auth/verify-code", body });
const me = (c: Client) => c.call(userRoute.GET, { path: "/api/auth/user" });

describe("sign-in calls", () => {
  it("answers 401 with a message when signed out", async () => {
    const r = await me(new Client());
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ message: "Not authenticated" });
  });

  it("rejects an invalid address with the spec's message and sends nothing", async () => {
    const before = (await readOutbox(outboxDir())).length;
    for (const body of [{ email: "not-an-email" }, {}, { email: 42 }, "x"]) {
      const r = await request(new Client(), body);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message: "Please enter a valid email address" });
    }
    expect((await readOutbox(outboxDir())).length).toBe(before);
  });

  it("signs a new user in with the code from the outbox; the code is stored hashed", async () => {
    const email = uniqueEmail("new");
    const c = new Client();
    const r1 = await request(c, { email: `  ${email.toUpperCase()} ` });
    expect(r1.status).toBe(200);
    const code = await latestCode(email);
    const [mail] = (await readOutbox(outboxDir())).filter((m) => m.to === email);
    expect(mail!.text).toContain(code);
    const db = await getDb();
    const stored = await db.verification.findMany({ where: { identifier: { contains: email } } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).not.toContain(code);
    const ttlMinutes = (stored[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(ttlMinutes).toBeGreaterThan(9);
    expect(ttlMinutes).toBeLessThanOrEqual(10);

    const r2 = await verify(c, { code });
    expect(r2.status).toBe(200);
    const session = [...c.cookies.keys()].find((k) => k.endsWith("limber.session_token"));
    expect(session).toBeDefined();
    const user = await me(c);
    expect(user.status).toBe(200);
    expect(user.json).toEqual({ user: { email } }); // only the e-mail leaves the server
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("sets httpOnly SameSite=Lax cookies", async () => {
    const email = uniqueEmail("cookie");
    const c = new Client();
    const r1 = await request(c, { email });
    const login = r1.headers.getSetCookie().join("\n");
    expect(login).toMatch(/limber\.login-email=.*HttpOnly/i);
    const r2 = await verify(c, { code: await latestCode(email) });
    const session = r2.headers.getSetCookie().find((s) => s.includes("session_token"))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it("gives existing and new users the same answer", async () => {
    const existing = uniqueEmail("existing");
    await signIn(existing);
    const a = await request(new Client(), { email: existing });
    const b = await request(new Client(), { email: uniqueEmail("fresh") });
    expect(a.status).toBe(b.status);
    expect(a.json).toEqual(b.json);
  });

  it("validates the code's shape", async () => {
    const c = new Client();
    await request(c, { email: uniqueEmail() });
    expect((await verify(c, { code: "123" })).json).toEqual({ message: "Please enter the 6-digit verification code" });
    expect((await verify(c, { code: "1234567" })).json).toEqual({ message: "Code must be 6 digits" });
    expect((await verify(c, { code: "12a456" })).status).toBe(400);
  });

  it("needs the address from step 1 (the signed cookie)", async () => {
    const r = await verify(new Client(), { code: "123456" });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: "Your sign-in request has expired. Please request a new code." });
    const forged = new Client();
    forged.cookies.set("limber.login-email", "eyJlIjoiYUBiLmMiLCJ4Ijo5OTk5OTk5OTk5OTk5fQ.forged");
    expect((await verify(forged, { code: "123456" })).status).toBe(400);
  });

  it("answers 401 for a wrong code and burns the code after 5 wrong tries", async () => {
    const email = uniqueEmail("burn");
    const c = new Client();
    await request(c, { email });
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const r = await verify(c, { code: wrong });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ message: "Invalid verification code" });
    }
    const r = await verify(c, { code });
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ message: "Too many wrong attempts. Please request a new code." });
    expect((await me(c)).status).toBe(401);
    // a spent code keeps saying so until a new one is requested
    const again = await verify(c, { code });
    expect(again.status).toBe(429);
  });

  it("counts parallel wrong guesses in the database: at most 5 answer 'invalid', the rest are refused", async () => {
    const email = uniqueEmail("race");
    const c = new Client();
    await request(c, { email });
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 9 }, () => verify(c, { code: wrong })));
    const invalid = answers.filter((r) => r.json.message === "Invalid verification code");
    const burned = answers.filter((r) => r.json.message === "Too many wrong attempts. Please request a new code.");
    expect(invalid.length).toBe(5);
    expect(burned.length).toBe(4);
    for (const r of burned) expect(r.status).toBe(429);
    // the code is spent: even the right one is refused now
    expect((await verify(c, { code })).status).toBe(429);
    expect((await me(c)).status).toBe(401);
  });

  it("a right code is not lost to wrong guesses racing it", async () => {
    const email = uniqueEmail("race-right");
    const c = new Client();
    await request(c, { email });
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all([
      verify(c, { code: wrong }),
      verify(c, { code: wrong }),
      verify(c, { code }),
      verify(c, { code: wrong }),
    ]);
    expect(answers[2]!.status).toBe(200);
  });

  it("uses a code once", async () => {
    const email = uniqueEmail("once");
    const c = await signIn(email);
    const code = await latestCode(email);
    const other = new Client();
    other.cookies.set("limber.login-email", c.cookies.get("limber.login-email") ?? "");
    await request(other, { email });
    // the new code replaced the old one; the old one no longer works
    const stale = await verify(other, { code });
    expect(stale.status).toBe(401);
  });

  it("rejects an expired code", async () => {
    const email = uniqueEmail("expired");
    const c = new Client();
    await request(c, { email });
    const db = await getDb();
    await db.verification.updateMany({
      where: { identifier: { contains: email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const r = await verify(c, { code: await latestCode(email) });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ message: "This code has expired. Please request a new one." });
  });

  it("limits code requests to 3 per address per 10 minutes, across IPs", async () => {
    const email = uniqueEmail("limited");
    for (let i = 0; i < 3; i++) expect((await request(new Client(), { email })).status).toBe(200);
    const before = (await readOutbox(outboxDir())).length;
    const r = await request(new Client(), { email });
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ message: "Too many code requests. Please wait a few minutes and try again." });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await readOutbox(outboxDir())).length).toBe(before);
  });

  it("limits code requests per IP", async () => {
    const c = new Client("198.51.100.7");
    for (let i = 0; i < 10; i++) expect((await request(c, { email: uniqueEmail("ip") })).status).toBe(200);
    expect((await request(c, { email: uniqueEmail("ip") })).status).toBe(429);
  });

  it("logs out server-side: the old session cookie stops working", async () => {
    const c = await signIn(uniqueEmail("logout"));
    const stolen = new Client();
    for (const [k, v] of c.cookies) stolen.cookies.set(k, v);
    const db = await getDb();
    const sessionsBefore = await db.session.count();
    const r = await c.call(logoutRoute.POST, { path: "/api/auth/logout", method: "POST" });
    expect(r.status).toBe(200);
    expect(await db.session.count()).toBe(sessionsBefore - 1);
    expect((await me(stolen)).status).toBe(401);
    expect((await me(c)).status).toBe(401);
  });

  it("GET /api/auth/logout ends the session and redirects to /, from our pages or the user's own navigation", async () => {
    for (const site of ["same-origin", "none"]) {
      const c = await signIn(uniqueEmail("getlogout"));
      const r = await c.call(logoutRoute.GET, { path: "/api/auth/logout", headers: { "sec-fetch-site": site } });
      expect(r.status).toBe(303);
      expect(new URL(r.headers.get("location")!).pathname).toBe("/");
      expect((await me(c)).status).toBe(401);
    }
  });

  it("GET /api/auth/logout from another site (an <img>, a link) or without Sec-Fetch-Site signs no one out", async () => {
    const c = await signIn(uniqueEmail("csrflogout"));
    for (const headers of [{ "sec-fetch-site": "cross-site" }, {}] as Record<string, string>[]) {
      const r = await c.call(logoutRoute.GET, { path: "/api/auth/logout", headers });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ message: "Please sign out from within Limber." });
      expect((await me(c)).status).toBe(200);
    }
  });

  it("refuses a cross-site POST", async () => {
    const r = await new Client().call(requestCode.POST, {
      path: "/api/auth/request-code",
      body: { email: uniqueEmail() },
      headers: { origin: "https://evil.example" },
    });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ message: "Cross-site request refused" });
  });

  it("writes audit entries for code requests and sign-ins without the code", async () => {
    const email = uniqueEmail("audited");
    await signIn(email);
    const code = await latestCode(email);
    const db = await getDb();
    const entries = await db.auditLog.findMany({ where: { details: { path: ["email"], equals: email } } });
    expect(entries.map((e) => e.action).sort()).toEqual(["login_code_requested", "login_success"]);
    expect(JSON.stringify(entries)).not.toContain(code);
  });
});

describe("POST /api/send-test-email", () => {
  const send = (c: Client, body: unknown) => c.call(testEmail.POST, { path: "/api/send-test-email", body });

  it("sends a test e-mail and answers {success, message}", async () => {
    const email = uniqueEmail("test");
    const r = await send(new Client(), { email });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true });
    expect(typeof r.json.message).toBe("string");
    const mails = (await readOutbox(outboxDir())).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
  });

  it("rejects a bad address", async () => {
    const r = await send(new Client(), { email: "nope" });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ success: false, message: "Please enter a valid email address" });
  });

  it("allows 5 an hour per IP, then 429 with a clear message", async () => {
    const c = new Client("192.0.2.55");
    for (let i = 0; i < 5; i++) expect((await send(c, { email: uniqueEmail("t") })).status).toBe(200);
    const r = await send(c, { email: uniqueEmail("t") });
    expect(r.status).toBe(429);
    expect(r.json.message).toMatch(/5 per hour/);
  });
});

describe("session lookup", () => {
  it("extends a session once a day through Better Auth and refuses an expired one", async () => {
    const email = uniqueEmail("refresh");
    const c = await signIn(email);
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    // Two days old: due for the daily extension.
    const old = new Date(Date.now() + 28 * 86_400_000);
    await db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: old } });
    expect((await me(c)).status).toBe(200);
    const after = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(after.expiresAt.getTime()).toBeGreaterThan(old.getTime());
    await db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await me(c)).status).toBe(401);
  });

  it("refuses a session cookie with a forged signature", async () => {
    const c = await signIn(uniqueEmail("forged"));
    const name = [...c.cookies.keys()].find((k) => k.endsWith("limber.session_token"))!;
    const [token] = decodeURIComponent(c.cookies.get(name)!).split(".");
    const forged = new Client();
    forged.cookies.set(name, encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString("base64")}`));
    expect((await me(forged)).status).toBe(401);
    forged.cookies.set(name, encodeURIComponent(token!));
    expect((await me(forged)).status).toBe(401);
  });
});
