// Issue 30: one user's fault never reaches another. A run sends each delivery (one user, one break,
// one channel) on its own: a device whose browser key the encryption refuses, a message the mail
// port throws on, fail that delivery alone (recorded, retried or replaced), and every other due user
// gets exactly one reminder in the same run, recorded sent.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as subscriptionsRoute from "@/app/api/user/push/subscriptions/route";
import { deriveKey } from "@/lib/platform/secret";
import { getDb, type Db } from "@/lib/db";
import type { MailMessage, MailTransport, SendResult } from "@/lib/mail";
import { getPushTransport } from "@/lib/push";
import { renderReminderEmail } from "@/lib/mail/templates/render";
import { pushNotice } from "@/lib/push/notice";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { signIn, uniqueEmail } from "../support/auth";
import { makeSubscriberKeys, pushServiceForFile } from "../support/push-service";
import { createUser, memoryTransport } from "../support/reminders";

const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");
const config = { appUrl: "http://localhost:3000", secret: SECRET };
const suggest = createSuggester({ model: null });
const stub = pushServiceForFile();
const at = (s: string) => new Date(s);
/** 0x04 then 64 × 0x01: the length and prefix of a P-256 point, but not a point on the curve. */
const OFF_CURVE = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url");

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

let day = 0;
/** A date of each test's own, so no test's users come due in another's runs. */
function nextDay() {
  day += 5;
  return new Date(Date.UTC(2034, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

async function pushUser(d: string, channels: string[], p256dh?: string) {
  const u = await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`));
  await db.userSettings.update({ where: { userId: u.id }, data: { channels } });
  const keys = makeSubscriberKeys();
  const endpoint = stub.endpoint();
  await db.pushSubscription.create({
    data: {
      id: randomUUID(),
      userId: u.id,
      endpoint,
      p256dh: p256dh ?? keys.p256dh,
      auth: keys.auth,
      deviceName: "Chrome on Android",
    },
  });
  return { ...u, endpoint };
}

const deliveriesOn = (d: string) =>
  db.delivery.findMany({
    where: { localDate: d },
    select: { userId: true, channel: true, status: true, attempts: true },
  });

describe("one delivery's fault stays its own", () => {
  it("an off-curve browser key among 100 due users: every other user gets exactly one reminder in the run; that device is removed and its user told", async () => {
    const d = nextDay();
    const emailUsers: { id: string; email: string }[] = [];
    for (let i = 0; i < 60; i++) emailUsers.push(await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`)));
    const pushUsers: { id: string; email: string; endpoint: string }[] = [];
    for (let i = 0; i < 39; i++) pushUsers.push(await pushUser(d, ["push"]));
    // Stored before keys were checked at the door (as the fault-injection review did).
    const bad = await pushUser(d, ["push"], OFF_CURVE);
    const mail = memoryTransport();
    const pushedBefore = stub.messages.length;

    const result = await dispatch({
      now: at(`${d}T10:02:00Z`),
      db,
      mail: mail.transport,
      suggest,
      config,
      push: getPushTransport(),
    });

    // Each e-mail user: one e-mail. Each push user: one notification at its own device.
    for (const u of emailUsers) expect(mail.sent.filter((m) => m.to === u.email)).toHaveLength(1);
    for (const u of pushUsers) expect(stub.to(u.endpoint)).toHaveLength(1);
    expect(stub.messages.length - pushedBefore).toBe(39);
    // The bad device got nothing, is gone, and its user is e-mailed instead and told in Settings.
    expect(stub.to(bad.endpoint)).toHaveLength(0);
    expect(await db.pushSubscription.count({ where: { userId: bad.id } })).toBe(0);
    expect(mail.sent.filter((m) => m.to === bad.email)).toHaveLength(1);
    expect(await pushNotice(db, bad.id)).toMatch(
      /^Chrome on Android stopped getting notifications: its browser sent a key that cannot be used\./,
    );
    expect(await db.auditLog.count({ where: { action: "push_device_refused", userId: bad.id } })).toBe(1);
    // Everything recorded in the run: nothing left `sending` for a later run to send again.
    const rows = await deliveriesOn(d);
    expect(rows.filter((r) => r.status === "sending")).toEqual([]);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(100);
    expect(rows.find((r) => r.userId === bad.id && r.channel === "push")).toMatchObject({ status: "failed" });
    expect(result).toMatchObject({ due: 100, sent: 100 });
    // A second run sends nothing more.
    const again = memoryTransport();
    await dispatch({ now: at(`${d}T10:06:00Z`), db, mail: again.transport, suggest, config, push: getPushTransport() });
    expect(again.sent).toEqual([]);
    expect(stub.messages.length - pushedBefore).toBe(39);
  });

  it("a mail port that throws for one message: the others of its batch are sent in the run; that one is retried, then failed", async () => {
    const d = nextDay();
    const users: { id: string; email: string }[] = [];
    for (let i = 0; i < 10; i++) users.push(await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`)));
    const victim = users[4]!;
    const sent: MailMessage[] = [];
    // Breaks its own contract (it should answer per message): throws on the whole batch, and on that one message.
    const throwing: MailTransport = {
      async send(m) {
        if (m.to === victim.email) throw new Error("provider crashed on this message");
        sent.push(m);
        return { ok: true, id: `one-${sent.length}` };
      },
      async sendBatch(msgs): Promise<SendResult[]> {
        if (msgs.some((m) => m.to === victim.email)) throw new Error("provider crashed on the batch");
        sent.push(...msgs);
        return msgs.map((_, i) => ({ ok: true, id: `batch-${i}` }));
      },
    };
    await dispatch({ now: at(`${d}T10:01:00Z`), db, mail: throwing, suggest, config });
    // (Earlier tests' users, due every day, are sent to in these runs too: each test counts its own.)
    const mine = (to: string) => users.some((u) => u.email === to);
    for (const u of users) expect(sent.filter((m) => m.to === u.email)).toHaveLength(u === victim ? 0 : 1);
    const row = await db.delivery.findFirstOrThrow({ where: { userId: victim.id, localDate: d } });
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/provider crashed on this message/);
    // Later runs retry it alone, then record it failed after 3 attempts; nobody else hears again.
    for (const minute of ["05", "09"])
      await dispatch({ now: at(`${d}T10:${minute}:00Z`), db, mail: throwing, suggest, config });
    expect(await db.delivery.findFirstOrThrow({ where: { userId: victim.id, localDate: d } })).toMatchObject({
      status: "failed",
      attempts: 3,
    });
    expect(sent.filter((m) => mine(m.to))).toHaveLength(9);
  });
});

describe("a message that cannot be built", () => {
  it("fails its own delivery (recorded, retried); the others are sent in the run", async () => {
    const d = nextDay();
    const broken = await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`));
    const fine = await createUser(db, { times: ["10:05"] }, at(`${d}T09:00:00Z`));
    const mail = memoryTransport();
    // The renderer is a port: one template (the 10:00 break's) throws, as bad template data would.
    const render: typeof renderReminderEmail = (props) =>
      props.timeDisplay === "10:00 AM" ? Promise.reject(new Error("template exploded")) : renderReminderEmail(props);
    await dispatch({ now: at(`${d}T10:06:00Z`), db, mail: mail.transport, suggest, config, render });
    expect(mail.sent.filter((m) => m.to === fine.email)).toHaveLength(1);
    expect(mail.sent.filter((m) => m.to === broken.email)).toHaveLength(0);
    const row = await db.delivery.findFirstOrThrow({ where: { userId: broken.id, localDate: d } });
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/could not build the e-mail: template exploded/);
    // With the template mended, the next run sends it.
    const later = memoryTransport();
    await dispatch({ now: at(`${d}T10:10:00Z`), db, mail: later.transport, suggest, config });
    expect(later.sent.filter((m) => m.to === broken.email)).toHaveLength(1);
  });
});

describe("stopping mid-run (the server got SIGTERM)", () => {
  it("the sends under way finish and are recorded; the rest are handed back untried and the next run sends each once", async () => {
    const d = nextDay();
    const users: { id: string; email: string }[] = [];
    for (let i = 0; i < 12; i++) users.push(await createUser(db, { times: ["10:00"] }, at(`${d}T09:00:00Z`)));
    const mine = (to: string) => users.some((u) => u.email === to);
    const stop = new AbortController();
    const first = memoryTransport();
    const stopping: MailTransport = {
      send: first.transport.send,
      async sendBatch(msgs) {
        stop.abort(); // the signal arrives while this batch is being sent
        return first.transport.sendBatch(msgs);
      },
    };
    await dispatch({
      now: at(`${d}T10:01:00Z`),
      db,
      mail: stopping,
      suggest,
      config: { ...config, batchSize: 5 },
      signal: stop.signal,
    });
    const sentFirst = first.sent.filter((m) => mine(m.to));
    expect(sentFirst).toHaveLength(5);
    const rows = await db.delivery.findMany({ where: { userId: { in: users.map((u) => u.id) }, localDate: d } });
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(5);
    // Handed back: pending, no attempt used, no lease held (the next run need not wait 5 minutes).
    expect(rows.filter((r) => r.status === "pending").map((r) => [r.attempts, r.leaseUntil])).toEqual(
      Array.from({ length: 7 }, () => [0, null]),
    );
    const second = memoryTransport();
    await dispatch({ now: at(`${d}T10:02:00Z`), db, mail: second.transport, suggest, config });
    const all = [...sentFirst, ...second.sent.filter((m) => mine(m.to))].map((m) => m.to).sort();
    expect(all).toEqual(users.map((u) => u.email).sort());
  });
});

describe("keys are checked at the door", () => {
  it("refuses a subscription whose key is not a point of P-256 (400, nothing stored)", async () => {
    const c = await signIn(uniqueEmail("offcurve"));
    const { auth } = makeSubscriberKeys();
    const r = await c.call(subscriptionsRoute.POST, {
      path: "/api/user/push/subscriptions",
      body: { endpoint: stub.endpoint(), keys: { p256dh: OFF_CURVE, auth } },
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ message: "The subscription's keys are not valid" });
    expect(await db.pushSubscription.count({ where: { p256dh: OFF_CURVE } })).toBe(0);
  });
});
