// Issue 30: a crash mid-dispatch (kill -9) sends no reminder twice and loses none. Each delivery is
// recorded the moment its own send ends, so a run after the crashed run's lease sends exactly the
// ones the crash left unsent. The run is a process of its own (tests/support/dispatch-child.ts) on
// this file's PostgreSQL database, against a push service that takes a second to answer each
// message and counts only the messages it could acknowledge (as a real push service delivers).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purposeKey } from "@/lib/platform/secret";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { getPushTransport } from "@/lib/push";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { makeSubscriberKeys, allowPushService } from "../support/push-service";
import { createUser, memoryTransport } from "../support/reminders";

const ANSWER_AFTER_MS = 1_000;
let db: Db;
let server: Server;
let host = "";
/** Messages the stub acknowledged (answered 201 on a connection still open), by endpoint path. */
const acknowledged = new Map<string, number>();
let received = 0;

beforeAll(async () => {
  db = await getDb();
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      setTimeout(() => {
        if (req.socket.destroyed) return; // the sender is gone: never acknowledged
        res.writeHead(201).end();
        acknowledged.set(req.url!, (acknowledged.get(req.url!) ?? 0) + 1);
      }, ANSWER_AFTER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
let restore = () => {};
beforeAll(() => {
  restore = allowPushService({
    get host() {
      return host;
    },
  });
});
afterAll(async () => {
  restore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The child run, killed with SIGKILL once `killAfter` messages reached the push service and every
 * message acknowledged so far is on record (waiting for the record keeps the kill out of the
 * instant between an answer and its write, which no process can close and a slow CI machine hits).
 */
function runAndKill(now: Date, localDate: string, killAfter: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, "../support/dispatch-child.ts")],
    {
      env: {
        ...process.env,
        DISPATCH_NOW: now.toISOString(),
        DISPATCH_LEASE_MS: "60000",
        PUSH_ENDPOINT_HOSTS: host,
        NODE_ENV: "test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve, reject) => {
    const start = received;
    let checking = false;
    const poll = setInterval(() => {
      if (checking || received - start < killAfter) return;
      checking = true;
      const acked = [...acknowledged.values()].reduce((a, b) => a + b, 0);
      void db.delivery
        .count({ where: { localDate, status: "sent" } })
        .then((recorded) => {
          if (recorded === acked && acked > 0) child.kill("SIGKILL");
        })
        .finally(() => (checking = false));
    }, 20);
    child.on("exit", (code, signal) => {
      clearInterval(poll);
      if (signal === "SIGKILL") resolve();
      else reject(new Error(`the run ended by itself (${code}) before it could be killed: ${output.slice(-2000)}`));
    });
  });
}

describe("kill -9 in the middle of a run", () => {
  it("a run after the lease sends exactly what the crash left unsent: no notification twice, none lost", async () => {
    const d = "2035-03-01";
    const now = new Date(`${d}T10:01:00Z`);
    const users: { id: string; endpoint: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const u = await createUser(db, { times: ["10:00"] }, new Date(`${d}T09:00:00Z`));
      await db.userSettings.update({ where: { userId: u.id }, data: { channels: ["push"] } });
      const keys = makeSubscriberKeys();
      const endpoint = `http://${host}/push/${randomUUID()}`;
      await db.pushSubscription.create({
        data: {
          id: randomUUID(),
          userId: u.id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          deviceName: "Firefox on Linux",
        },
      });
      users.push({ id: u.id, endpoint });
    }
    // Killed while the second group of notifications waits for its answers (16 go at a time).
    await runAndKill(now, d, 20);
    const afterCrash = [...acknowledged.values()].reduce((a, b) => a + b, 0);
    expect(afterCrash).toBeGreaterThan(0);
    expect(afterCrash).toBeLessThan(40);
    // Every acknowledged notification was recorded sent before the crash.
    expect(await db.delivery.count({ where: { localDate: d, status: "sent" } })).toBe(afterCrash);

    // The next run, after the crashed run's lease has expired.
    await dispatch({
      now: new Date(now.getTime() + 2 * 60_000),
      db,
      mail: memoryTransport().transport,
      push: getPushTransport(),
      suggest: createSuggester({ model: null }),
      config: { appUrl: env().appUrl, secret: purposeKey("email-links"), leaseMs: 60_000 },
    });
    for (const u of users) expect(acknowledged.get(new URL(u.endpoint).pathname), u.endpoint).toBe(1);
    expect(await db.delivery.count({ where: { localDate: d, status: "sent" } })).toBe(40);
  });
});
