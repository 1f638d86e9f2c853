// Issue 30: faults under a running production server, as `npm start` serves it.
// - SIGTERM in the middle of a reminder run: the notifications under way finish and are recorded,
//   the rest are handed back, the process exits promptly, and the next server sends each exactly once.
// - The database stopped and started under the running app (a PostgreSQL cluster of the test's own,
//   on its own port): every path answers 503 while it is away (pages with Limber's error page), and
//   the app recovers by itself when it is back, without a restart.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import webpush from "web-push";
import { startServer, type ExtraServer } from "./support/server";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const MAIN_PG = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const SECRET = "e2e-faults-secret-0123456789-abcdefghijkl";

test.describe.configure({ mode: "serial" });

async function sql(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** A fresh database on the machine's PostgreSQL; dropped by the returned function. */
async function freshDatabase(tag: string) {
  const name = `limber_e2e_${tag}_${randomUUID().slice(0, 8)}`;
  await sql(MAIN_PG, `CREATE DATABASE ${name}`);
  const url = new URL(MAIN_PG);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => sql(MAIN_PG, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A push service that takes `delayMs` to answer and counts only what it could acknowledge. */
async function slowPushService(delayMs: number) {
  const acknowledged = new Map<string, number>();
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      setTimeout(() => {
        if (req.socket.destroyed) return;
        res.writeHead(201).end();
        acknowledged.set(req.url!, (acknowledged.get(req.url!) ?? 0) + 1);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    acknowledged,
    received: () => received,
    total: () => [...acknowledged.values()].reduce((a, b) => a + b, 0),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `count` users whose one break (every day) fell due a minute ago, reminded by notification only. */
async function seedDuePushUsers(url: string, count: number, pushHost: string) {
  const due = new Date(Date.now() - 60_000);
  const time = `${String(due.getUTCHours()).padStart(2, "0")}:${String(due.getUTCMinutes()).padStart(2, "0")}`;
  const endpoints: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const ecdh = (await import("node:crypto")).createECDH("prime256v1");
    const p256dh = ecdh.generateKeys().toString("base64url");
    const auth = (await import("node:crypto")).randomBytes(16).toString("base64url");
    const endpoint = `http://${pushHost}/push/${id}`;
    endpoints.push(endpoint);
    await sql(url, `INSERT INTO "users" ("id", "email", "emailVerified", "updatedAt") VALUES ($1, $2, true, now())`, [
      id,
      `faults-${id.slice(0, 8)}@example.com`,
    ]);
    await sql(
      url,
      `INSERT INTO "user_settings" ("userId", "times", "activeDays", "timezone", "onboardingCompleted", "channels", "createdAt", "updatedAt")
       VALUES ($1, $2, '{0,1,2,3,4,5,6}', 'UTC', true, '{push}', now() - interval '7 days', now())`,
      [id, [time]],
    );
    await sql(url, `INSERT INTO "reminder_slots" ("userId", "slot", "nextAt") VALUES ($1, 0, $2)`, [id, due]);
    await sql(
      url,
      `INSERT INTO "push_subscriptions" ("id", "userId", "endpoint", "p256dh", "auth", "deviceName", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, 'Chrome on Android', now())`,
      [randomUUID(), id, endpoint, p256dh, auth],
    );
  }
  return endpoints;
}

test("SIGTERM in the middle of a reminder run: the sends under way finish and are recorded, the rest go with the next server, each once", async () => {
  test.setTimeout(180_000);
  const db = await freshDatabase("sigterm");
  const push = await slowPushService(1_000);
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    DATABASE_URL: db.url,
    AUTH_SECRET: SECRET,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@example.com",
    PUSH_ENDPOINT_HOSTS: push.host,
  };
  let server: ExtraServer | undefined;
  try {
    // A first start applies the migrations; the users are seeded while no scheduler runs.
    server = await startServer(BASE_PORT + 85, { ...env, SCHEDULER: "off" });
    await server.stop();
    const endpoints = await seedDuePushUsers(db.url, 40, push.host);

    server = await startServer(BASE_PORT + 85, { ...env, SCHEDULER: "internal" });
    // The scheduler's first run (5 s after start) sends 16 at a time; stop while the first wait for answers.
    await expect.poll(() => push.received(), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    const stopping = Date.now();
    await server.stop();
    const stoppedAfterMs = Date.now() - stopping;
    const log = server.log();
    server = undefined;
    expect(stoppedAfterMs).toBeLessThan(15_000);
    expect(log).toContain("[reminders] stopping: finishing the reminders being sent");

    const sentBefore = push.total();
    expect(sentBefore).toBeGreaterThan(0);
    expect(sentBefore).toBeLessThan(40);
    const rows = await sql(db.url, `SELECT "status", count(*)::int AS n FROM "deliveries" GROUP BY "status"`);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    // Every acknowledged notification was recorded; none was left claimed for a lease to expire.
    expect(byStatus).toEqual({ sent: sentBefore, pending: 40 - sentBefore });

    // The next server's first run sends the ones handed back, and nothing twice.
    server = await startServer(BASE_PORT + 85, { ...env, SCHEDULER: "internal" });
    await expect.poll(() => push.total(), { timeout: 60_000 }).toBe(40);
    for (const e of endpoints) expect(push.acknowledged.get(new URL(e).pathname), e).toBe(1);
    await expect
      .poll(async () => (await sql(db.url, `SELECT count(*)::int AS n FROM "deliveries" WHERE "status" = 'sent'`))[0].n)
      .toBe(40);
  } finally {
    await server?.stop();
    await push.close();
    await db.drop();
  }
});

/** A PostgreSQL cluster of this test's own (initdb as the postgres user), to stop and start at will. */
function ownCluster(port: number) {
  const bin = path.join("/usr/lib/postgresql", readdirSync("/usr/lib/postgresql").sort().at(-1)!, "bin");
  const dir = mkdtempSync(path.join(tmpdir(), "limber-pg-"));
  chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  chownSync(dir, uid, gid);
  const asPostgres = (args: string[]) =>
    execFileSync("runuser", ["-u", "postgres", "--", ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  asPostgres([path.join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const pgCtl = (...args: string[]) =>
    asPostgres([path.join(bin, "pg_ctl"), "-D", data, "-l", path.join(dir, "log"), "-w", ...args]);
  const start = () => pgCtl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start");
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => pgCtl("-m", "fast", "stop"),
    remove: () => {
      if (existsSync(path.join(data, "postmaster.pid"))) pgCtl("-m", "immediate", "stop");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test("the database stopped and started under the running app: 503 everywhere while it is away, then back without a restart", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const cluster = ownCluster(BASE_PORT + 52_000);
  let server: ExtraServer | undefined;
  try {
    cluster.start();
    server = await startServer(BASE_PORT + 86, { DATABASE_URL: cluster.url, AUTH_SECRET: SECRET, SCHEDULER: "off" });
    const base = server.url;
    // Signed in and set up, through the calls.
    const api = page.request;
    const email = `outage-${randomUUID().slice(0, 8)}@example.com`;
    expect((await api.post(`${base}/api/auth/request-code`, { data: { email } })).status()).toBe(200);
    const codeIn = () =>
      new RegExp(`login code for ${email.replace(/[.]/g, "\\.")}: (\\d{6})`).exec(server!.log())?.[1];
    await expect.poll(codeIn).toMatch(/^\d{6}$/);
    const code = codeIn()!;
    expect((await api.post(`${base}/api/auth/verify-code`, { data: { code } })).status()).toBe(200);
    expect(
      (
        await api.post(`${base}/api/user/setup`, {
          data: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
        })
      ).status(),
    ).toBe(200);
    expect((await page.goto(`${base}/dashboard`))!.status()).toBe(200);

    cluster.stop();
    for (const p of ["/dashboard", "/settings", "/history"]) {
      const r = await api.get(`${base}${p}`);
      expect(r.status(), p).toBe(503);
      expect(r.headers()["retry-after"]).toBe("5");
    }
    for (const [method, p] of [
      ["GET", "/api/user/dashboard"],
      ["GET", "/api/user/settings"],
      ["POST", "/api/user/breaks/0/complete"],
      ["POST", "/api/auth/request-code"],
    ] as const) {
      const r = await api.fetch(`${base}${p}`, { method, data: method === "POST" ? { email } : undefined });
      expect(r.status(), `${method} ${p}`).toBe(503);
      expect(await r.json()).toEqual({
        message: "The service is temporarily unavailable. Please try again in a moment.",
      });
    }
    // The page says so in Limber's own words.
    const outage = await page.goto(`${base}/dashboard`);
    expect(outage!.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "Back in a Moment" })).toBeVisible();
    await expect(page.getByText("Limber can't reach its database right now.")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("outage-1280.png") });

    cluster.start();
    // The pool reconnects by itself: no restart.
    await expect
      .poll(async () => (await api.get(`${base}/api/user/dashboard`)).status(), { timeout: 30_000 })
      .toBe(200);
    expect((await page.goto(`${base}/dashboard`))!.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    // Told apart from a fault everywhere: no call was answered as an unexpected error.
    expect(server.log()).not.toMatch(/unexpected error/);
  } finally {
    await server?.stop();
    cluster.remove();
  }
});
