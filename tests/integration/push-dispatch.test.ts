// Reminders by notification (issue 18): the dispatch sends each due break once per chosen channel,
// to a push-service stub on this machine through the real Web Push transport (VAPID, aes128gcm);
// each payload is decrypted with the subscription's keys and read as the service worker reads it.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as completeRoute from "@/app/api/breaks/complete/route";
import * as snoozeRoute from "@/app/api/breaks/snooze/route";
import { deriveKey } from "@/lib/platform/secret";
import { getDb, type Db } from "@/lib/db";
import { getPushTransport } from "@/lib/push";
import { MAX_PAYLOAD_BYTES } from "@/lib/push/transport";
import { NOTIFICATION_TITLE, type NotificationPayload } from "@/lib/push/payload";
import { dispatch, deliveryChannels } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { Client } from "../support/http";
import { decryptPush, makeSubscriberKeys, pushServiceForFile, type SubscriberKeys } from "../support/push-service";
import { createUser, memoryTransport } from "../support/reminders";

const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");
const config = { appUrl: "http://localhost:3000", secret: SECRET };
const suggest = createSuggester({ model: null });

let db: Db;
const stub = pushServiceForFile();
const at = (s: string) => new Date(s);
// Far-apart dates of their own, so no test's delivery rows meet another's. Users are scheduled
// every day, so earlier tests' users can come due on a later test's date: tests count their own users.
let day = 0;
function nextDay() {
  day += 3;
  return new Date(Date.UTC(2033, 2, 1) + day * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  db = await getDb();
});

/** A user (every day, 10:00 and 15:00 UTC, 10-minute breaks) with `channels` and `devices` subscribed devices. */
async function userWith(channels: string[], devices: number, d: string) {
  const u = await createUser(db, { times: ["10:00", "15:00"], duration: 10, prefs: "sore knee" }, at(`${d}T09:00:00Z`));
  await db.userSettings.update({ where: { userId: u.id }, data: { channels } });
  const subs: { id: string; endpoint: string; keys: SubscriberKeys }[] = [];
  for (let i = 0; i < devices; i++) {
    const keys = makeSubscriberKeys();
    const id = randomUUID();
    const endpoint = stub.endpoint();
    await db.pushSubscription.create({
      data: { id, userId: u.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, deviceName: `Device ${i + 1}` },
    });
    subs.push({ id, endpoint, keys });
  }
  return { ...u, subs };
}

function run(now: Date, mail = memoryTransport()) {
  return dispatch({ now, db, mail: mail.transport, suggest, config, push: getPushTransport() }).then((result) => ({
    result,
    mail,
  }));
}

function readPayload(sub: { endpoint: string; keys: SubscriberKeys }, index = 0): NotificationPayload {
  const message = stub.to(sub.endpoint)[index]!;
  expect(message.body.length).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES + 200);
  return JSON.parse(decryptPush(message.body, sub.keys)) as NotificationPayload;
}

describe("which channels a break goes out on", () => {
  it("the chosen ones, with e-mail standing in for notifications no device or server can take", () => {
    expect(deliveryChannels(["email"], 3, true)).toEqual(["email"]);
    expect(deliveryChannels(["push"], 1, true)).toEqual(["push"]);
    expect(deliveryChannels(["email", "push"], 2, true)).toEqual(["email", "push"]);
    expect(deliveryChannels(["push"], 0, true)).toEqual(["email"]);
    expect(deliveryChannels(["push"], 2, false)).toEqual(["email"]);
    expect(deliveryChannels(["email", "push"], 0, true)).toEqual(["email"]);
  });
});

describe("dispatch by notification", () => {
  it("pushes a due break to every device, encrypted, with the window as TTL, high urgency and the break's tokens; no e-mail", async () => {
    const d = nextDay();
    const u = await userWith(["push"], 2, d);
    const { result, mail } = await run(at(`${d}T10:05:00Z`));
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    expect(mail.sent.filter((m) => m.to === u.email)).toHaveLength(0);
    for (const sub of u.subs) {
      const [message] = stub.to(sub.endpoint);
      expect(stub.to(sub.endpoint)).toHaveLength(1);
      expect(message).toMatchObject({ method: "POST", contentEncoding: "aes128gcm", urgency: "high" });
      // 25 minutes of the 30-minute window are left at 10:05.
      expect(Number(message!.ttl)).toBe(25 * 60);
      expect(message!.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const payload = readPayload(sub);
      expect(payload).toMatchObject({ v: 1, title: NOTIFICATION_TITLE, tag: `break-${d}-0` });
      expect(payload.body).toMatch(/^.+, then 1 more: a 10-minute break\.$/);
      expect(payload.url).toMatch(/^\/break\/0\?t=/);
      expect(typeof payload.done).toBe("string");
      expect(typeof payload.snooze).toBe("string");
      // Nothing that names the user or what they wrote.
      const text = decryptPush(message!.body, sub.keys);
      expect(text).not.toContain(u.email);
      expect(text).not.toContain("knee");
    }
    // The notification's exercises are the day's plan, the ones the e-mail and the app show.
    const delivery = await db.delivery.findUniqueOrThrow({
      where: {
        userId_localDate_slot_round_channel: { userId: u.id, localDate: d, slot: 0, round: 0, channel: "push" },
      },
    });
    expect(delivery).toMatchObject({ status: "sent", providerId: "push:2/2" });
    const first = (delivery.suggestion as { exercises: { name: string }[] }).exercises[0]!.name;
    expect(readPayload(u.subs[0]!).body.startsWith(`${first}, then 1 more`)).toBe(true);
    expect(
      (await db.pushSubscription.findMany({ where: { userId: u.id } })).every(
        (s) => s.lastUsedAt?.toISOString() === `${d}T10:05:00.000Z`,
      ),
    ).toBe(true);
    // The slot moved on: nothing again in the same window.
    await run(at(`${d}T10:20:00Z`));
    for (const sub of u.subs) expect(stub.to(sub.endpoint)).toHaveLength(1);
  });

  it("the notification's buttons work with its tokens alone: 'Snooze' schedules the same break, 'I did it' counts it", async () => {
    // Today's break, due now, in a zone where it is around noon (a snooze never runs past midnight).
    const now = new Date();
    const offset = 12 - now.getUTCHours();
    const timezone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const local = new Date(now.getTime() + offset * 3_600_000);
    const step = `${String(local.getUTCHours()).padStart(2, "0")}:${String(Math.floor(local.getUTCMinutes() / 5) * 5).padStart(2, "0")}`;
    const u = await createUser(db, { times: [step], timezone, duration: 5 }, new Date(now.getTime() - 3_600_000));
    await db.userSettings.update({ where: { userId: u.id }, data: { channels: ["push"] } });
    const keys = makeSubscriberKeys();
    const endpoint = stub.endpoint();
    await db.pushSubscription.create({
      data: { id: randomUUID(), userId: u.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, deviceName: "Phone" },
    });
    await run(now);
    const payload = readPayload({ endpoint, keys });
    expect(payload.body).toMatch(/: a 5-minute break\.$/);
    // What the service worker does, without any session.
    const anyone = new Client();
    const snooze = await anyone.call(snoozeRoute.POST, { path: "/api/breaks/snooze", body: { token: payload.snooze } });
    expect(snooze.status).toBe(200);
    expect(await db.snooze.count({ where: { userId: u.id, slot: 0, status: "pending" } })).toBe(1);
    const done = await anyone.call(completeRoute.POST, { path: "/api/breaks/complete", body: { token: payload.done } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ completed: true, completedToday: 1, totalToday: 1 });
    // A forged token changes nothing.
    expect(
      (await anyone.call(completeRoute.POST, { path: "/api/breaks/complete", body: { token: `${payload.done}x` } }))
        .status,
    ).toBe(400);
    expect(anyone.cookies.size).toBe(0);
  });

  it("both channels: one e-mail and one notification per break, each exactly once under concurrent runs", async () => {
    const d = nextDay();
    const users = await Promise.all([0, 1, 2].map(() => userWith(["email", "push"], 1, d)));
    const mails = [memoryTransport(), memoryTransport(), memoryTransport(), memoryTransport()];
    await Promise.all(
      mails.map((m) =>
        dispatch({ now: at(`${d}T10:03:00Z`), db, mail: m.transport, suggest, config, push: getPushTransport() }),
      ),
    );
    // Counted for this test's users only: earlier tests' users (every day at 10:00) may come due in
    // the same runs, since one run that finds a slot past its window moves it to today's 10:00.
    const mine = await db.delivery.findMany({ where: { userId: { in: users.map((u) => u.id) }, localDate: d } });
    expect(mine.map((r) => [r.status, r.attempts])).toEqual(Array(6).fill(["sent", 1]));
    for (const u of users) {
      expect(mails.flatMap((m) => m.sent).filter((m) => m.to === u.email)).toHaveLength(1);
      expect(stub.to(u.subs[0]!.endpoint)).toHaveLength(1);
      const rows = await db.delivery.findMany({
        where: { userId: u.id, localDate: d, slot: 0 },
        orderBy: { channel: "asc" },
      });
      expect(rows.map((r) => [r.channel, r.status])).toEqual([
        ["email", "sent"],
        ["push", "sent"],
      ]);
    }
    // Later runs in the window send nothing more on either channel.
    const later = memoryTransport();
    await run(at(`${d}T10:10:00Z`), later);
    for (const u of users) {
      expect(later.sent.filter((m) => m.to === u.email)).toHaveLength(0);
      expect(stub.to(u.subs[0]!.endpoint)).toHaveLength(1);
    }
  });

  it("a device the push service calls gone (410) is removed; the others still get it", async () => {
    const d = nextDay();
    const u = await userWith(["push"], 2, d);
    stub.answer(u.subs[0]!.endpoint, 410);
    const { result } = await run(at(`${d}T10:01:00Z`));
    expect(result).toMatchObject({ sent: 1 });
    expect((await db.pushSubscription.findMany({ where: { userId: u.id } })).map((s) => s.id)).toEqual([u.subs[1]!.id]);
    expect(readPayload(u.subs[1]!).title).toBe(NOTIFICATION_TITLE);
  });

  it("when no device takes it any more (every one gone), the break is e-mailed instead, once", async () => {
    const d = nextDay();
    const u = await userWith(["push"], 1, d);
    stub.answer(u.subs[0]!.endpoint, 404);
    const { mail } = await run(at(`${d}T10:01:00Z`));
    expect(await db.pushSubscription.count({ where: { userId: u.id } })).toBe(0);
    expect(mail.sent.filter((m) => m.to === u.email)).toHaveLength(1);
    const rows = await db.delivery.findMany({
      where: { userId: u.id, localDate: d, slot: 0 },
      orderBy: { channel: "asc" },
    });
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ["email", "sent"],
      ["push", "failed"],
    ]);
    // The slot moved on; the afternoon break goes by e-mail from the start (no device left).
    const afternoon = await run(at(`${d}T15:01:00Z`));
    expect(afternoon.mail.sent.filter((m) => m.to === u.email)).toHaveLength(1);
    expect(stub.to(u.subs[0]!.endpoint)).toHaveLength(1);
  });

  it("notifications chosen but no device subscribed: the e-mail goes out instead", async () => {
    const d = nextDay();
    const u = await userWith(["push"], 0, d);
    const { result, mail } = await run(at(`${d}T10:01:00Z`));
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(mail.sent.filter((m) => m.to === u.email)).toHaveLength(1);
  });

  it("a push service that fails (500) is retried by the next run, like an e-mail; the break is pushed once it works", async () => {
    const d = nextDay();
    const u = await userWith(["push"], 1, d);
    stub.answer(u.subs[0]!.endpoint, 500);
    await run(at(`${d}T10:01:00Z`));
    const first = await db.delivery.findUniqueOrThrow({
      where: {
        userId_localDate_slot_round_channel: { userId: u.id, localDate: d, slot: 0, round: 0, channel: "push" },
      },
    });
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first.lastError).toContain("500");
    // Still due: the slot did not move on.
    expect((await db.reminderSlot.findFirstOrThrow({ where: { userId: u.id, slot: 0 } })).nextAt.toISOString()).toBe(
      `${d}T10:00:00.000Z`,
    );
    stub.answer(u.subs[0]!.endpoint, 201);
    await run(at(`${d}T10:03:00Z`));
    expect(await db.delivery.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
    expect(stub.to(u.subs[0]!.endpoint)).toHaveLength(2);
    expect(await db.pushSubscription.count({ where: { userId: u.id } })).toBe(1);
  });

  it("without push set up on the server, every reminder is e-mailed", async () => {
    const d = nextDay();
    const u = await userWith(["push"], 1, d);
    const mail = memoryTransport();
    await dispatch({ now: at(`${d}T10:01:00Z`), db, mail: mail.transport, suggest, config, push: null });
    expect(mail.sent.filter((m) => m.to === u.email)).toHaveLength(1);
    expect(stub.to(u.subs[0]!.endpoint)).toHaveLength(0);
  });
});
