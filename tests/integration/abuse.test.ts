// Issue "Abuse-proof in production": every limit holds when a caller rotates X-Forwarded-For, the
// console belongs to its owner, bodies are capped while they stream, sessions are strict, and a
// flood of refusals writes one audit row per limit and window.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storedKey } from "@/lib/platform/rate-limit";
import * as adminToggleRoute from "@/app/api/admin/users/[id]/toggle-pause/route";
import * as accountRoute from "@/app/api/user/account/route";
import * as requestCode from "@/app/api/auth/request-code/route";
import * as userRoute from "@/app/api/auth/user/route";
import * as verifyCode from "@/app/api/auth/verify-code/route";
import * as completeRoute from "@/app/api/breaks/complete/route";
import * as testEmail from "@/app/api/send-test-email/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as unsubscribeRoute from "@/app/api/unsubscribe/route";
import * as cronRoute from "@/app/api/cron/reminders/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as verifyAdmin from "@/app/api/verify-admin/route";
import { UNLOCK_APP_LIMIT } from "@/lib/admin/unlock";
import { SESSION_MAX_AGE_SECONDS, SESSION_TTL_SECONDS } from "@/lib/auth/auth";
import { LIMITS, MESSAGES } from "@/lib/auth/login";
import { getSessionUser, setSessionCacheMs } from "@/lib/auth/session";
import * as logoutRoute from "@/app/api/auth/logout/route";
import { getDb, type Db } from "@/lib/db";
import { env, type Env } from "@/lib/env";
import { readOutbox } from "@/lib/mail";
import { MAIL_MESSAGES } from "@/lib/mail/guard";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, latestCode, outboxDir, type CallResult } from "../support/http";

type Handler = Parameters<Client["call"]>[0];
const mutableEnv = () => env() as { -readonly [K in keyof Env]: Env[K] };
let db: Db;
let saved: Env;
let n = 0;
/** A fresh address from the documentation ranges for each call. */
const rotating = () => `192.0.2.${(++n % 250) + 1}`;

beforeAll(async () => {
  db = await getDb();
  saved = { ...env() };
});
afterAll(() => {
  Object.assign(mutableEnv(), saved);
});
// Each test starts with empty app-wide counters (they would otherwise add up across tests).
beforeEach(async () => {
  Object.assign(mutableEnv(), saved);
  await db.rateLimit.deleteMany({ where: { key: { in: ["mail-global", "mail-global-test", UNLOCK_APP_LIMIT.key] } } });
});

const sendTest = (c: Client, email: string, headers?: Record<string, string>) =>
  c.call(testEmail.POST, { path: "/api/send-test-email", body: { email }, headers });
const mailsTo = async (email: string) => (await readOutbox(outboxDir())).filter((m) => m.to === email).length;
const auditCount = (action: string, where: Record<string, unknown> = {}) =>
  db.auditLog.count({ where: { action, ...where } });

function expectRefused(r: CallResult, message: string, extra: Record<string, unknown> = {}) {
  expect(r.status).toBe(429);
  expect(r.json).toEqual({ ...extra, message });
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("test e-mails: no open relay", () => {
  it("sends at most 3 a day to one address, whatever the caller's address (TRUST_PROXY=1, spoofed hops rotating)", async () => {
    const victim = uniqueEmail("victim");
    for (let i = 0; i < 3; i++) {
      const r = await sendTest(new Client(rotating()), victim, { "x-forwarded-for": `${rotating()}, ${rotating()}` });
      expect(r.status).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      const r = await sendTest(new Client(), victim, { "x-forwarded-for": `${rotating()}, ${rotating()}` });
      expectRefused(r, MAIL_MESSAGES.testPerRecipient, { success: false });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    }
    expect(await mailsTo(victim)).toBe(3);
    // Five refusals, one audit row: the owner sees the attack, the log is not flooded.
    const rows = await db.auditLog.findMany({
      where: { action: "test_email_rate_limited", details: { path: ["email"], equals: victim } },
    });
    expect(rows.filter((e) => (e.details as { limit?: string }).limit === "test-email-to")).toHaveLength(1);
  });

  it("sends at most 5 an hour from one client address, however the caller rotates the hops it controls", async () => {
    const real = "198.51.100.77";
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const to = uniqueEmail("per-ip");
      sent.push(to);
      expect((await sendTest(new Client(), to, { "x-forwarded-for": `${rotating()}, ${real}` })).status).toBe(200);
    }
    const to = uniqueEmail("per-ip");
    expectRefused(
      await sendTest(new Client(), to, { "x-forwarded-for": `${rotating()}, ${real}` }),
      MAIL_MESSAGES.testPerIp,
      { success: false },
    );
    expect(await mailsTo(to)).toBe(0);
  });

  it("TRUST_PROXY=vercel: keys on Vercel's X-Real-IP, not on X-Forwarded-For", async () => {
    mutableEnv().trustProxy = "vercel";
    const real = "198.51.100.78";
    for (let i = 0; i < 5; i++) {
      expect(
        (await sendTest(new Client(), uniqueEmail("vercel"), { "x-real-ip": real, "x-forwarded-for": rotating() }))
          .status,
      ).toBe(200);
    }
    const r = await sendTest(new Client(), uniqueEmail("vercel"), { "x-real-ip": real, "x-forwarded-for": rotating() });
    expectRefused(r, MAIL_MESSAGES.testPerIp, { success: false });
  });

  it("TRUST_PROXY=none: no header opens a bucket; without the server's peer address everyone shares one", async () => {
    mutableEnv().trustProxy = "none";
    const peer = process.env.LIMBER_PEER_HEADER;
    process.env.LIMBER_PEER_HEADER = "x-limber-peer-test";
    try {
      const tcpPeer = "203.0.113.200";
      for (let i = 0; i < 5; i++) {
        const r = await sendTest(new Client(rotating()), uniqueEmail("none"), {
          "x-limber-peer-test": tcpPeer,
          "x-real-ip": rotating(),
        });
        expect(r.status).toBe(200);
      }
      const r = await sendTest(new Client(rotating()), uniqueEmail("none"), {
        "x-limber-peer-test": tcpPeer,
        "x-real-ip": rotating(),
      });
      expectRefused(r, MAIL_MESSAGES.testPerIp, { success: false });
    } finally {
      process.env.LIMBER_PEER_HEADER = peer;
    }
  });

  it("stops at the app-wide cap (a tenth of MAIL_HOURLY_CAP for test e-mails), leaving sign-in codes their share", async () => {
    mutableEnv().mailHourlyCap = 30; // test e-mails: 3 an hour app-wide
    for (let i = 0; i < 3; i++) expect((await sendTest(new Client(rotating()), uniqueEmail("cap"))).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expectRefused(await sendTest(new Client(rotating()), uniqueEmail("cap")), MAIL_MESSAGES.overCap, {
        success: false,
      });
    expect(await auditCount("mail_cap_reached", { details: { path: ["limit"], equals: "mail-global-test" } })).toBe(1);
    // Sign-in still works: the refused test e-mails did not use up the app-wide budget.
    const c = new Client(rotating());
    expect(
      (await c.call(requestCode.POST, { path: "/api/auth/request-code", body: { email: uniqueEmail("still") } }))
        .status,
    ).toBe(200);
  });

  it("a request refused per address does not use up the app-wide budget", async () => {
    mutableEnv().mailHourlyCap = 10;
    const c = new Client("198.51.100.90");
    for (let i = 0; i < 5; i++) await sendTest(c, uniqueEmail("own-budget"));
    for (let i = 0; i < 20; i++) await sendTest(c, uniqueEmail("own-budget"));
    const global = await db.rateLimit.findUnique({ where: { key: "mail-global" } });
    expect(global?.count).toBe(1); // the cap's 10 % share let one through; the rest never reached it
  });
});

describe("code requests: the app-wide cap", () => {
  it("trips on a flood from rotating addresses and writes one audit entry, not one per request", async () => {
    mutableEnv().mailHourlyCap = 12;
    const before = await auditCount("mail_cap_reached", { details: { path: ["limit"], equals: "mail-global" } });
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      const r = await new Client(rotating()).call(requestCode.POST, {
        path: "/api/auth/request-code",
        body: { email: uniqueEmail("flood") },
      });
      if (r.status === 429) {
        refused += 1;
        expect(r.json).toEqual({ message: MAIL_MESSAGES.overCap });
      } else expect(r.status).toBe(200);
    }
    expect(refused).toBe(8);
    expect(
      (await auditCount("mail_cap_reached", { details: { path: ["limit"], equals: "mail-global" } })) - before,
    ).toBe(1);
  });

  it("limits codes to one address to 10 a day across networks", async () => {
    const email = uniqueEmail("daily");
    const start = Date.now();
    let sent = 0;
    // 3 per 10 minutes: clear that window between rounds to reach the daily one.
    for (let round = 0; round < 4; round++) {
      await db.rateLimit.deleteMany({ where: { key: storedKey(`otp-email:${email}`) } });
      for (let i = 0; i < 3; i++) {
        const r = await new Client(rotating()).call(requestCode.POST, {
          path: "/api/auth/request-code",
          body: { email },
        });
        if (r.status === 200) sent += 1;
        else expect(r.json).toEqual({ message: MAIL_MESSAGES.tooManyCodes });
      }
    }
    expect(sent).toBe(10);
    expect(Date.now() - start).toBeLessThan(60_000);
  });
});

describe("sign-in guessing is capped, and no stranger can lock anyone out", () => {
  const request = (c: Client, email: string) =>
    c.call(requestCode.POST, { path: "/api/auth/request-code", body: { email } });
  const verify = (c: Client, code: string) =>
    c.call(verifyCode.POST, { path: "/api/auth/verify-code", body: { code } });
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
  const counter = async (key: string) =>
    (await db.rateLimit.findUnique({ where: { key: storedKey(key) } }))?.count ?? 0;
  const liveCode = (email: string) =>
    db.verification.findFirstOrThrow({
      where: { identifier: `sign-in-otp-${email}` },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });

  it("a stranger's 10 wrong codes pause the stranger's network only: the owner gets a new code from another address and signs in", async () => {
    const email = uniqueEmail("victim");
    const strangerIp = rotating();
    const stranger = new Client(strangerIp);
    let failures = 0;
    // The stranger asks for codes to the victim's address and guesses (5 tries a code).
    while (failures < LIMITS.failuresPerNetwork.max) {
      expect((await request(stranger, email)).status).toBe(200);
      const code = await latestCode(email);
      for (let i = 0; i < 5 && failures < LIMITS.failuresPerNetwork.max; i++, failures++)
        expect((await verify(stranger, wrongFor(code))).status).toBe(401);
    }
    // The stranger's network is paused for this address, even with the right code.
    const paused = await verify(stranger, await latestCode(email));
    expect(paused.status).toBe(429);
    expect((paused.json as { message: string }).message).toMatch(
      /^Too many wrong codes from this network\. For your security, sign-in here is paused for \d+ minutes?\./,
    );
    expect(await auditCount("login_locked", { details: { path: ["email"], equals: email } })).toBe(1);
    // The owner, from another address: a new code is sent, and the right one signs in.
    const owner = new Client(rotating());
    const mailsBefore = await mailsTo(email);
    expect((await request(owner, email)).status).toBe(200);
    expect(await mailsTo(email)).toBe(mailsBefore + 1);
    const signedIn = await verify(owner, await latestCode(email));
    expect(signedIn.status).toBe(200);
    expect(owner.cookies.size).toBeGreaterThan(0);
    expect((await owner.call(userRoute.GET, { path: "/api/auth/user" })).json).toMatchObject({ user: { email } });
  });

  it("guesses from another browser are never compared with the owner's code and use none of its tries", async () => {
    const email = uniqueEmail("bound");
    const stranger = new Client(rotating());
    expect((await request(stranger, email)).status).toBe(200);
    const owner = new Client(rotating());
    expect((await request(owner, email)).status).toBe(200);
    const code = await latestCode(email);
    // The stranger's login cookie is for the older code: the owner's live code is not theirs to try.
    for (let i = 0; i < 6; i++) {
      const r = await verify(stranger, i % 2 ? code : wrongFor(code));
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ message: MESSAGES.elsewhere });
    }
    expect((await liveCode(email)).attempts).toBe(0);
    expect(await counter(`verify-fail-email-day:${email}`)).toBe(0);
    expect((await verify(owner, code)).status).toBe(200);
  });

  it("counts only codes really compared: guesses at a spent code or with no code pending count nothing", async () => {
    const email = uniqueEmail("spent");
    const c = new Client(rotating());
    expect((await request(c, email)).status).toBe(200);
    const code = await latestCode(email);
    for (let i = 0; i < 5; i++) expect((await verify(c, wrongFor(code))).status).toBe(401);
    expect(await counter(`verify-fail-email-day:${email}`)).toBe(5);
    // The code's tries are used up: more guesses are answered, and not counted.
    for (let i = 0; i < 4; i++)
      expect(await verify(c, wrongFor(code))).toMatchObject({ status: 429, json: { message: MESSAGES.burnedCode } });
    expect(await counter(`verify-fail-email-day:${email}`)).toBe(5);
    expect(await counter(`verify-fail-net:${email}|${c.ip}`)).toBe(5);
  });

  it("does not let a burst of parallel guesses from one network past its cap", async () => {
    const email = uniqueEmail("burst");
    const c = new Client(rotating());
    expect((await request(c, email)).status).toBe(200);
    const code = await latestCode(email);
    await db.rateLimit.create({
      data: {
        id: `t-${email}`,
        key: storedKey(`verify-fail-net:${email}|${c.ip}`),
        count: 8,
        lastRequest: BigInt(Date.now()),
      },
    });
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(c, wrongFor(code))));
    expect(results.filter((r) => r.status === 401)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
  });

  it("past 20 wrong codes a day for an address from anywhere, each code takes one try: a slow-down, never a lock", async () => {
    const email = uniqueEmail("slow");
    await db.rateLimit.create({
      data: {
        id: `t-${email}`,
        key: storedKey(`verify-fail-email-day:${email}`),
        count: LIMITS.failuresPerEmailDaily.max,
        lastRequest: BigInt(Date.now()),
      },
    });
    const c = new Client(rotating());
    expect((await request(c, email)).status).toBe(200);
    const code = await latestCode(email);
    expect((await verify(c, wrongFor(code))).status).toBe(401);
    // One try per code: the right code now needs a new code.
    expect(await verify(c, code)).toMatchObject({ status: 429, json: { message: MESSAGES.burnedCode } });
    expect((await request(c, email)).status).toBe(200);
    expect((await verify(c, await latestCode(email))).status).toBe(200);
  });

  it("a right code does not count as a failure", async () => {
    const email = uniqueEmail("fine");
    await signIn(email, new Client(rotating()));
    expect(await counter(`verify-fail-email-day:${email}`)).toBe(0);
  });
});

describe("the owner console belongs to the owner", () => {
  const CODE = "abuse-test-admin-code-000111";
  const unlock = (c: Client, code = CODE) => c.call(verifyAdmin.POST, { path: "/api/verify-admin", body: { code } });

  it("with ADMIN_EMAIL set, another account with the right code gets exactly a wrong code's answer, and it counts", async () => {
    const owner = uniqueEmail("owner");
    Object.assign(mutableEnv(), { adminCode: CODE, adminEmail: owner });
    const intruder = await signIn(uniqueEmail("intruder"), new Client(rotating()));
    const right = await unlock(intruder);
    const wrong = await unlock(intruder, "definitely-not-the-admin-code");
    expect(right.status).toBe(401);
    expect(right.json).toEqual(wrong.json);
    expect(right.json).toEqual({ success: false, message: "Invalid admin code" });
    for (let i = 0; i < 3; i++) await unlock(intruder);
    // 5 failures: the user's limit is reached, the right code is refused like any other.
    const sixth = await unlock(intruder);
    expect(sixth.status).toBe(429);
    expect(
      await db.adminGrant.count({
        where: { userId: (await db.user.findUniqueOrThrow({ where: { email: await intruderEmail(intruder) } })).id },
      }),
    ).toBe(0);
    expect(
      await auditCount("admin_unlock_failed", { details: { path: ["reason"], equals: "not_owner_account" } }),
    ).toBeGreaterThanOrEqual(4);

    const ownerClient = await signIn(owner, new Client(rotating()));
    expect((await unlock(ownerClient)).status).toBe(200);
  });

  it("with ADMIN_EMAIL set, 24 guesses by other accounts (which can never unlock) do not lock the owner out", async () => {
    const owner = uniqueEmail("owner");
    Object.assign(mutableEnv(), { adminCode: CODE, adminEmail: owner });
    let guesses = 0;
    for (let u = 0; guesses < 24; u++) {
      const c = await signIn(uniqueEmail("other"), new Client(rotating()));
      // Each account gets exactly a wrong code's answer, right code or not, until its own limit.
      for (let i = 0; i < 5 && guesses < 24; i++, guesses++)
        expect(await unlock(c, i % 2 ? CODE : `wrong-${u}-${i}`)).toMatchObject({
          status: 401,
          json: { success: false, message: "Invalid admin code" },
        });
    }
    const ownerClient = await signIn(owner, new Client(rotating()));
    expect((await unlock(ownerClient)).status).toBe(200);
    expect(await auditCount("admin_unlock_locked")).toBe(0);
  });

  it("locks the console app-wide after 20 wrong codes an hour, audited once", async () => {
    Object.assign(mutableEnv(), { adminCode: CODE, adminEmail: undefined });
    for (let u = 0; u < 4; u++) {
      const c = await signIn(uniqueEmail("guesser"), new Client(rotating()));
      for (let i = 0; i < 5; i++) expect((await unlock(c, `wrong-${u}-${i}`)).status).toBe(401);
    }
    const fresh = await signIn(uniqueEmail("late"), new Client(rotating()));
    const r = await unlock(fresh);
    expect(r.status).toBe(429);
    expect((r.json as { message: string }).message).toMatch(
      /^Too many wrong codes\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(await auditCount("admin_unlock_locked")).toBe(1);
  });
});

async function intruderEmail(c: Client) {
  return ((await c.call(userRoute.GET, { path: "/api/auth/user" })).json as { user: { email: string } }).user.email;
}

describe("signed e-mail links are secrets: their checks are limited per client address", () => {
  it.each([
    [
      "POST /api/breaks/complete",
      (c: Client, h: Record<string, string>) =>
        c.call(completeRoute.POST, { path: "/api/breaks/complete", body: { token: "forged.token-value" }, headers: h }),
    ],
    [
      "DELETE /api/breaks/complete",
      (c: Client, h: Record<string, string>) =>
        c.call(completeRoute.DELETE, {
          method: "DELETE",
          path: "/api/breaks/complete",
          body: { token: "forged.token-value" },
          headers: h,
        }),
    ],
    [
      "POST /api/unsubscribe",
      (c: Client, h: Record<string, string>) =>
        c.call(unsubscribeRoute.POST, {
          path: "/api/unsubscribe?t=forged.token-value",
          rawBody: "List-Unsubscribe=One-Click",
          headers: h,
        }),
    ],
  ])("%s: 60 forged tokens per 10 minutes, then 429, however the hops rotate; audited once", async (name, call) => {
    const real = `198.51.100.${name.length}`;
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++)
      statuses.push((await call(new Client(), { "x-forwarded-for": `${rotating()}, ${real}` })).status);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    const action = name.includes("unsubscribe") ? "unsubscribe_rate_limited" : "break_link_rate_limited";
    expect(await auditCount(action, { ipAddress: real })).toBe(1);
  });
});

describe("the cron secret", () => {
  it("allows 10 wrong secrets per client address per 10 minutes, then refuses even the right one; audited once", async () => {
    mutableEnv().cronSecret = "cron-secret-for-abuse-test-0001";
    const real = "198.51.100.199";
    const call = (secret: string) =>
      new Client().call(cronRoute.GET, {
        path: "/api/cron/reminders",
        headers: { authorization: `Bearer ${secret}`, "x-forwarded-for": `${rotating()}, ${real}` },
      });
    for (let i = 0; i < 10; i++) expect((await call(`wrong-${i}`)).status).toBe(401);
    const r = await call("cron-secret-for-abuse-test-0001");
    expectRefused(r, "Too many wrong cron secrets. Please wait a few minutes and try again.");
    expect(await auditCount("cron_secret_rate_limited", { ipAddress: real })).toBe(1);
    // Another address is not affected.
    const ok = await new Client().call(cronRoute.GET, {
      path: "/api/cron/reminders",
      headers: { authorization: "Bearer cron-secret-for-abuse-test-0001", "x-forwarded-for": "198.51.100.198" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("bodies are capped while they stream", () => {
  /** A chunked body (no Content-Length) of `mib` MiB; counts what the server pulled. */
  function hugeStream(mib: number) {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const state = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (state.pulled >= mib * 1024 * 1024) return ctrl.close();
        state.pulled += chunk.byteLength;
        ctrl.enqueue(chunk);
      },
    });
    return { body, state };
  }

  it("answers 413 on every route that reads a body, after reading little more than 16 KB", async () => {
    const user = await signIn(uniqueEmail("bodies"), new Client(rotating()));
    const routes: [string, Handler, string, Record<string, string>?][] = [
      ["/api/auth/request-code", requestCode.POST as Handler, "POST"],
      ["/api/auth/verify-code", verifyCode.POST as Handler, "POST"],
      ["/api/send-test-email", testEmail.POST as Handler, "POST"],
      ["/api/breaks/complete", completeRoute.POST as Handler, "POST"],
      ["/api/breaks/complete", completeRoute.DELETE as Handler, "DELETE"],
      ["/api/user/setup", setupRoute.POST as Handler, "POST"],
      ["/api/user/settings", settingsRoute.PUT as Handler, "PUT"],
      ["/api/verify-admin", verifyAdmin.POST as Handler, "POST"],
    ];
    for (const [path, handler, method] of routes) {
      const { body, state } = hugeStream(40);
      const headers = new Headers({
        "x-forwarded-for": rotating(),
        host: "localhost:3000",
        cookie: user.cookieHeader(),
        "content-type": "application/json",
      });
      const req = new Request(`http://localhost:3000${path}`, { method, headers, body, duplex: "half" } as RequestInit);
      const res = await handler(req, { params: Promise.resolve({}) });
      expect(res.status, path).toBe(413);
      expect(await res.json(), path).toEqual(expect.objectContaining({ message: "Request body is too large" }));
      expect(state.pulled, path).toBeLessThan(256 * 1024);
    }
    // The owner console's CSRF check reads the body too (before the grant is even looked at: a 401 here).
    const { body, state } = hugeStream(40);
    const req = new Request("http://localhost:3000/api/admin/users/x/toggle-pause", {
      method: "POST",
      headers: new Headers({ host: "localhost:3000", cookie: user.cookieHeader() }),
      body,
      duplex: "half",
    } as RequestInit);
    const res = await (adminToggleRoute.POST as Handler)(req, { params: Promise.resolve({ id: "x" }) });
    expect([401, 413]).toContain(res.status);
    expect(state.pulled).toBeLessThan(256 * 1024);
  });
});

describe("sessions", () => {
  const me = (c: Client) => c.call(userRoute.GET, { path: "/api/auth/user" });
  const sessionOf = (c: Client) => c.cookies.get("limber.session_token")!;

  it("accept only the cookie name of the scheme in use", async () => {
    const c = await signIn(uniqueEmail("names"), new Client(rotating()));
    const other = new Client(rotating());
    other.cookies.set("__Secure-limber.session_token", sessionOf(c)); // plain http here: not ours
    expect((await me(other)).status).toBe(401);
  });

  it("look past a cookie with a bad signature to the real one", async () => {
    const c = await signIn(uniqueEmail("dupes"), new Client(rotating()));
    const r = await c.call(userRoute.GET, {
      path: "/api/auth/user",
      headers: { cookie: `limber.session_token=planted.AAAA; limber.session_token=${sessionOf(c)}` },
    });
    expect(r.status).toBe(200);
  });

  it("end 90 days after sign-in, however active", async () => {
    const email = uniqueEmail("old");
    const c = await signIn(email, new Client(rotating()));
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await db.session.updateMany({
      where: { userId: user.id },
      data: { createdAt: new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000 - 1000) },
    });
    expect((await me(c)).status).toBe(401);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("are extended once a day by API calls, which pass the renewed cookie to the browser; page renders do not extend", async () => {
    const email = uniqueEmail("renew");
    const c = await signIn(email, new Client(rotating()));
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const due = new Date(Date.now() + (SESSION_TTL_SECONDS - 2 * 24 * 3600) * 1000); // last extended 2 days ago
    await db.session.updateMany({ where: { userId: user.id }, data: { expiresAt: due } });

    // A server-rendered page checks the session without extending it (it could not set the cookie).
    const headers = new Headers({ cookie: c.cookieHeader() });
    expect(await getSessionUser(headers)).not.toBeNull();
    expect((await db.session.findFirstOrThrow({ where: { userId: user.id } })).expiresAt.getTime()).toBe(due.getTime());

    const r = await me(c);
    expect(r.status).toBe(200);
    const cookie = r.headers.getSetCookie().find((s) => s.startsWith("limber.session_token="));
    expect(cookie).toMatch(/Max-Age=2592000/);
    const after = (await db.session.findFirstOrThrow({ where: { userId: user.id } })).expiresAt.getTime();
    expect(after).toBeGreaterThan(Date.now() + (SESSION_TTL_SECONDS - 60) * 1000);
    expect((await me(c)).headers.getSetCookie()).toEqual([]); // once a day, not on every call
  });

  it("are remembered a few seconds per process, yet sign-out and deletion end them at once here", async () => {
    setSessionCacheMs(300);
    try {
      const email = uniqueEmail("cached");
      const c = await signIn(email, new Client(rotating()));
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      expect((await me(c)).status).toBe(200);
      // Ended elsewhere (another instance deleting the row): honoured here for at most the cache time.
      await db.session.deleteMany({ where: { userId: user.id } });
      expect((await me(c)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 350));
      expect((await me(c)).status).toBe(401);

      // Sign-out in this process: at once.
      const d = await signIn(uniqueEmail("cached-out"), new Client(rotating()));
      expect((await me(d)).status).toBe(200);
      const copy = new Client(rotating());
      for (const [k, v] of d.cookies) copy.cookies.set(k, v);
      expect((await d.call(logoutRoute.POST, { path: "/api/auth/logout", method: "POST" })).status).toBe(200);
      expect((await me(copy)).status).toBe(401);

      // Account deletion in this process: at once.
      const e = await signIn(uniqueEmail("cached-del"), new Client(rotating()));
      expect((await me(e)).status).toBe(200);
      const copyE = new Client(rotating());
      for (const [k, v] of e.cookies) copyE.cookies.set(k, v);
      expect((await e.call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" })).status).toBe(200);
      expect((await me(copyE)).status).toBe(401);
    } finally {
      setSessionCacheMs(0);
    }
  });

  it("treat a malformed login cookie as no cookie (400, not 500)", async () => {
    const c = new Client(rotating());
    c.cookies.set("limber.login-email", "%E0%A4%A");
    const r = await c.call(verifyCode.POST, { path: "/api/auth/verify-code", body: { code: "123456" } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: "Your sign-in request has expired. Please request a new code." });
  });
});

describe("account deletion removes exactly the account's own codes and counters", () => {
  it("deleting a_ice@… leaves alice@…'s pending code and limits alone", async () => {
    const tag = Date.now().toString(36);
    const alice = `alice-${tag}@example.com`;
    const lookalike = `a_ice-${tag}@example.com`;
    await new Client(rotating()).call(requestCode.POST, { path: "/api/auth/request-code", body: { email: alice } });
    const l = await signIn(lookalike, new Client(rotating()));
    await l.call(testEmail.POST, { path: "/api/send-test-email", body: { email: lookalike } });
    // Filtered here, not with Prisma's endsWith: that is a LIKE, where `_` matches any character.
    const keysOf = async (email: string) =>
      (await db.rateLimit.findMany({ select: { key: true } }))
        .map((r) => r.key)
        .filter((k) => k.endsWith(storedKey(`x:${email}`).slice(1)));
    const codesOf = async (email: string) =>
      (await db.verification.findMany({ select: { identifier: true } })).filter((v) =>
        v.identifier.endsWith(`-otp-${email}`),
      );
    const aliceRows = async () => ({ codes: (await codesOf(alice)).length, limits: (await keysOf(alice)).length });
    const before = await aliceRows();
    expect(before.codes).toBe(1);
    expect(before.limits).toBeGreaterThan(0);
    const r = await l.call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" });
    expect(r.status).toBe(200);
    expect(await aliceRows()).toEqual(before);
    expect(await keysOf(lookalike)).toEqual([]);
    expect(await codesOf(lookalike)).toEqual([]);
  });
});
