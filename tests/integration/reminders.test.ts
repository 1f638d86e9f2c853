import { deriveKey } from "@/lib/platform/secret";
import { once } from "node:events";
import { createServer } from "node:http";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, describe, expect, it } from "vitest";
import * as completeRoute from "@/app/api/breaks/complete/route";
import * as cronRoute from "@/app/api/cron/reminders/route";
import * as unsubscribeRoute from "@/app/api/unsubscribe/route";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { createResendTransport } from "@/lib/mail";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { createDoneToken } from "@/lib/platform/link-tokens";
import { getDashboard } from "@/lib/progress/dashboard";
import { Client } from "../support/http";
import { createUser, memoryTransport } from "../support/reminders";

const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");
const config = { appUrl: "http://localhost:3000", secret: SECRET };
const librarySuggest = createSuggester({ model: null });

let db: Db;
const at = (s: string) => new Date(s);
// Each test uses its own far-apart date so the shared database's due rows never overlap.
let day = 0;
function nextDay() {
  day += 3;
  const d = new Date(Date.UTC(2031, 0, 1) + day * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function run(now: Date, transport = memoryTransport(), over: Partial<Parameters<typeof dispatch>[0]> = {}) {
  db ??= await getDb();
  const result = await dispatch({ now, db, mail: transport.transport, suggest: librarySuggest, config, ...over });
  return { result, transport };
}

async function slotsOf(userId: string) {
  return db.reminderSlot.findMany({ where: { userId }, orderBy: { slot: "asc" } });
}

describe("dispatch", () => {
  it("sends a due reminder once, with the token link, unsubscribe headers and stored suggestion", async () => {
    db = await getDb();
    const d = nextDay();
    const now = at(`${d}T10:05:00Z`);
    const u = await createUser(db, { times: ["10:00", "15:00"], duration: 10 }, at(`${d}T09:00:00Z`));
    const { result, transport } = await run(now);
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    const mail = transport.sent.find((m) => m.to === u.email)!;
    expect(mail.subject).toBe("Time to move: your 10-minute break");
    const doneUrl = mail.text.match(/http:\/\/localhost:3000\/done\?t=[^\s)\]]+/)?.[0];
    expect(doneUrl).toBeDefined();
    expect(mail.html).toContain(`href="${doneUrl}"`);
    expect(mail.html).not.toContain("limber.invalid");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?t=.+>$/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.idempotencyKey).toBe(`reminder-${u.id}-${d}-0`);
    const delivery = await db.delivery.findUniqueOrThrow({
      where: {
        userId_localDate_slot_round_channel: { userId: u.id, localDate: d, slot: 0, round: 0, channel: "email" },
      },
    });
    expect(delivery).toMatchObject({ status: "sent", attempts: 1 });
    expect((delivery.suggestion as { exercises: unknown[] }).exercises).toHaveLength(2);
    // the slot moved on to the afternoon; nothing is sent again
    const nextMorning = new Date(new Date(`${d}T10:00:00Z`).getTime() + 86_400_000).toISOString();
    expect((await slotsOf(u.id)).map((s) => s.nextAt.toISOString())).toEqual([nextMorning, `${d}T15:00:00.000Z`]);
    const again = await run(at(`${d}T10:20:00Z`));
    expect(again.transport.sent.filter((m) => m.to === u.email)).toHaveLength(0);
  });

  it("sends nothing before the time, after the 30-minute window, to paused or unfinished users", async () => {
    const d = nextDay();
    const setupAt = at(`${d}T08:00:00Z`);
    const later = await createUser(db, { times: ["11:00"] }, setupAt);
    const paused = await createUser(db, { times: ["10:00"], paused: true }, setupAt);
    const unfinished = await createUser(db, { times: ["10:00"], onboarded: false }, setupAt);
    const missed = await createUser(db, { times: ["09:00"] }, setupAt);
    const { transport } = await run(at(`${d}T10:05:00Z`));
    const to = transport.sent.map((m) => m.to);
    for (const u of [later, paused, unfinished, missed]) expect(to).not.toContain(u.email);
    expect(await slotsOf(paused.id)).toEqual([]);
    expect(await slotsOf(unfinished.id)).toEqual([]);
    // the 09:00 slot (65 minutes ago) was skipped and moved to the next day
    expect((await slotsOf(missed.id))[0]!.nextAt.getTime()).toBeGreaterThan(at(`${d}T10:05:00Z`).getTime());
  });

  it("uses only the first time for a 1-reminder user and respects weekdays and timezones", async () => {
    const d = "2031-06-02"; // a Monday; New York is on EDT (UTC-4)
    const setupAt = at(`${d}T12:00:00Z`);
    const one = await createUser(db, { times: ["10:00"], timezone: "America/New_York", activeDays: [1] }, setupAt);
    const weekend = await createUser(
      db,
      { times: ["10:00"], timezone: "America/New_York", activeDays: [0, 6] },
      setupAt,
    );
    const { transport } = await run(at(`${d}T14:10:00Z`));
    expect(transport.sent.filter((m) => m.to === one.email)).toHaveLength(1);
    expect(transport.sent.filter((m) => m.to === weekend.email)).toHaveLength(0);
    expect(await slotsOf(one.id)).toHaveLength(1);
    // next Monday 10:00 EDT
    expect((await slotsOf(one.id))[0]!.nextAt.toISOString()).toBe("2031-06-09T14:00:00.000Z");
  });

  it("five concurrent runs send each due reminder exactly once", async () => {
    const d = nextDay();
    const users = await Promise.all(
      Array.from({ length: 12 }, () => createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`))),
    );
    const transports = Array.from({ length: 5 }, () => memoryTransport());
    await Promise.all(transports.map((t) => run(at(`${d}T10:01:00Z`), t)));
    const all = transports.flatMap((t) => t.sent).filter((m) => users.some((u) => u.email === m.to));
    expect(all).toHaveLength(12);
    expect(new Set(all.map((m) => m.to)).size).toBe(12);
    const deliveries = await db.delivery.findMany({ where: { userId: { in: users.map((u) => u.id) } } });
    expect(deliveries.every((x) => x.status === "sent" && x.attempts === 1)).toBe(true);
  });

  it("retries a failed send on later runs, then records it as failed with the reason", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`));
    const failing = () => memoryTransport((m) => (m.to === u.email ? "provider_down: try later" : null));
    for (const [minute, status, attempts] of [
      ["01", "pending", 1],
      ["02", "pending", 2],
      ["03", "failed", 3],
    ] as const) {
      const { transport } = await run(at(`${d}T10:${minute}:00Z`), failing());
      expect(transport.attempts.filter((m) => m.to === u.email)).toHaveLength(1);
      const delivery = await db.delivery.findUniqueOrThrow({
        where: {
          userId_localDate_slot_round_channel: { userId: u.id, localDate: d, slot: 0, round: 0, channel: "email" },
        },
      });
      expect(delivery).toMatchObject({ status, attempts, lastError: "provider_down: try later" });
    }
    const after = await run(at(`${d}T10:04:00Z`));
    expect(after.transport.attempts.filter((m) => m.to === u.email)).toHaveLength(0);
  });

  it("takes over a claim whose run crashed once the lease has expired", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`));
    await db.delivery.create({
      data: {
        userId: u.id,
        localDate: d,
        slot: 0,
        scheduledAt: at(`${d}T10:00:00Z`),
        status: "sending",
        leaseUntil: at(`${d}T10:06:00Z`),
      },
    });
    let r = await run(at(`${d}T10:03:00Z`));
    expect(r.transport.sent.filter((m) => m.to === u.email)).toHaveLength(0);
    r = await run(at(`${d}T10:07:00Z`));
    expect(r.transport.sent.filter((m) => m.to === u.email)).toHaveLength(1);
  });

  it("finds due users with an indexed query: 200 users, 1 due, one run handles only that one", async () => {
    const d = nextDay();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        createUser(db, { times: [`${String(11 + (i % 10)).padStart(2, "0")}:00`] }, at(`${d}T09:00:00Z`)),
      ),
    );
    const due = await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`));
    const { result, transport } = await run(at(`${d}T10:02:00Z`));
    expect(transport.sent.map((m) => m.to)).toEqual([due.email]);
    expect(result.due).toBe(1);
  });

  it("hands batches to Resend with an idempotency key (local stub via the base URL)", async () => {
    const d = nextDay();
    const users = await Promise.all(
      Array.from({ length: 3 }, () => createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`))),
    );
    const requests: { path: string; key: string | undefined; body: unknown }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const parsed = JSON.parse(body) as unknown[];
        requests.push({ path: req.url!, key: req.headers["idempotency-key"] as string | undefined, body: parsed });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ data: parsed.map((_, i) => ({ id: `re_${i}` })) }));
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const port = (server.address() as { port: number }).port;
    try {
      const transport = createResendTransport({
        apiKey: "re_test",
        baseUrl: `http://127.0.0.1:${port}`,
        from: "Limber <breaks@example.com>",
      });
      const result = await dispatch({
        now: at(`${d}T10:01:00Z`),
        db,
        mail: transport,
        suggest: librarySuggest,
        config,
      });
      expect(result.sent).toBeGreaterThanOrEqual(3);
      const batch = requests.find((r) => r.path === "/emails/batch")!;
      expect(batch.key).toMatch(/.+/);
      const bodies = batch.body as {
        to: string | string[];
        headers: Record<string, string>;
        text: string;
        html: string;
      }[];
      for (const u of users) {
        const m = bodies.find((b) => [b.to].flat().includes(u.email))!;
        expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
        expect(m.text).toContain("/done?t=");
      }
      const delivery = await db.delivery.findFirstOrThrow({ where: { userId: users[0]!.id } });
      expect(delivery.providerId).toMatch(/^re_/);
    } finally {
      server.close();
    }
  });

  it("asks the AI once per user and day for both slots, and stores the suggestion used", async () => {
    const d = nextDay();
    const u = await createUser(
      db,
      { times: ["10:00", "10:10"], prefs: "sore knee, standing desk" },
      at(`${d}T09:00:00Z`),
    );
    const set = (n: number) => ({
      exercises: [
        { name: `Calf raises ${n}`, minutes: 5, steps: ["Hold the desk edge.", "Rise onto your toes slowly."] },
      ],
    });
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: "text", text: JSON.stringify({ sets: [set(1), set(2)] }) }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    await run(at(`${d}T10:01:00Z`), memoryTransport(), { suggest: createSuggester({ model }) });
    // A second process (a fresh suggester) reads the stored plan instead of asking again.
    await run(at(`${d}T10:11:00Z`), memoryTransport(), { suggest: createSuggester({ model }) });
    expect(model.doGenerateCalls).toHaveLength(1);
    const deliveries = await db.delivery.findMany({ where: { userId: u.id }, orderBy: { slot: "asc" } });
    expect(
      deliveries.map((x) => (x.suggestion as { source: string; exercises: { name: string }[] }).exercises[0]!.name),
    ).toEqual(["Calf raises 1", "Calf raises 2"]);
    expect(await db.dailyPlan.count({ where: { userId: u.id } })).toBe(1);
  });
});

describe("I did it", () => {
  const complete = (c: Client, token: unknown) =>
    c.call(completeRoute.POST, { path: "/api/breaks/complete", body: { token } });

  it("counts once, works without a session and never signs anyone in", async () => {
    const d = localDateNow();
    const u = await createUser(db, { times: ["00:00", "23:55"] });
    const token = createDoneToken({ userId: u.id, localDate: d, slot: 0 }, new Date(), SECRET);
    const c = new Client();
    const r1 = await complete(c, token);
    expect(r1.status).toBe(200);
    // Half of today done: no streak yet (the guided break's last screen shows it).
    expect(r1.json).toMatchObject({
      completed: true,
      alreadyCompleted: false,
      completedToday: 1,
      totalToday: 2,
      streakCount: 0,
    });
    expect(r1.headers.getSetCookie()).toEqual([]);
    const r2 = await complete(c, token);
    expect(r2.json).toMatchObject({ completed: true, alreadyCompleted: true, completedToday: 1 });
    expect(await db.breakRecord.count({ where: { userId: u.id } })).toBe(1);
    expect((await getDashboard(db, u.id)).completedToday).toBe(1);
    const r3 = await complete(c, createDoneToken({ userId: u.id, localDate: d, slot: 1 }, new Date(), SECRET));
    expect(r3.json).toMatchObject({ alreadyCompleted: false, completedToday: 2, totalToday: 2, streakCount: 1 });
  });

  it("answers 400 for a tampered or expired token and 410 for a deleted user, changing nothing", async () => {
    const u = await createUser(db, { times: ["10:00"] });
    const token = createDoneToken({ userId: u.id, localDate: "2031-01-01", slot: 0 }, new Date(), SECRET);
    const [body, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ u: u.id, d: "2031-01-02", s: 0, x: Date.now() + 1e9 })).toString(
      "base64url",
    );
    for (const bad of [`${forged}.${mac}`, `${body}.x${mac!.slice(1)}`, "nonsense-token", 42]) {
      const r = await complete(new Client(), bad);
      expect(r.status, String(bad)).toBe(400);
      expect(typeof r.json.message).toBe("string");
    }
    const expired = createDoneToken(
      { userId: u.id, localDate: "2031-01-01", slot: 0 },
      new Date(Date.now() - 49 * 3600_000),
      SECRET,
    );
    const r = await complete(new Client(), expired);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/expired/);
    expect(await db.breakRecord.count({ where: { userId: u.id } })).toBe(0);
    await db.user.delete({ where: { id: u.id } });
    expect((await complete(new Client(), token)).status).toBe(410);
  });
});

describe("one-click unsubscribe", () => {
  it("pauses the user's e-mails without a session", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`));
    const { transport } = await run(at(`${d}T10:01:00Z`));
    const header = transport.sent.find((m) => m.to === u.email)!.headers!["List-Unsubscribe"]!;
    const url = new URL(header.slice(1, -1));
    const r = await new Client().call(unsubscribeRoute.POST, {
      path: `${url.pathname}${url.search}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(200);
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId: u.id } })).pauseEmails).toBe(true);
    expect(await slotsOf(u.id)).toEqual([]);
    expect(await db.pausePeriod.count({ where: { userId: u.id, endedAt: null } })).toBe(1);
    const bad = await new Client().call(unsubscribeRoute.POST, { path: "/api/unsubscribe?t=forged", rawBody: "" });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/cron/reminders", () => {
  const original = env().cronSecret;
  afterAll(() => {
    (env() as { cronSecret?: string }).cronSecret = original;
  });
  it("answers 503 unconfigured, 401 for a wrong secret, and runs with the right one", async () => {
    const e = env() as { cronSecret?: string };
    e.cronSecret = undefined;
    expect((await new Client().call(cronRoute.GET, { path: "/api/cron/reminders" })).status).toBe(503);
    e.cronSecret = "cron-secret-123";
    expect((await new Client().call(cronRoute.GET, { path: "/api/cron/reminders" })).status).toBe(401);
    expect(
      (
        await new Client().call(cronRoute.GET, {
          path: "/api/cron/reminders",
          headers: { authorization: "Bearer nope" },
        })
      ).status,
    ).toBe(401);
    const ok = await new Client().call(cronRoute.GET, {
      path: "/api/cron/reminders",
      headers: { authorization: "Bearer cron-secret-123" },
    });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.json).sort()).toEqual(["due", "failed", "sent", "skipped"]);
  });
});

function localDateNow() {
  return new Date().toISOString().slice(0, 10);
}
