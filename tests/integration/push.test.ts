// Push notifications' calls (issue 18): the public key, a user's devices (subscribe, list, remove)
// and the test notification, through the real web-push transport to a push service on this
// machine (tests/support/push-service.ts), whose messages are decrypted as a browser would.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as publicKeyRoute from "@/app/api/push/public-key/route";
import * as subscriptionsRoute from "@/app/api/user/push/subscriptions/route";
import * as deviceRoute from "@/app/api/user/push/subscriptions/[id]/route";
import * as testRoute from "@/app/api/user/push/test/route";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ENDPOINT_MESSAGES } from "@/lib/push/endpoint";
import { resetVapidKeysForTests, vapidKeys } from "@/lib/push/keys";
import { testNotification } from "@/lib/push/payload";
import { setPushTransportForTests } from "@/lib/push";
import { DEVICE_LIMIT_MESSAGE, MAX_DEVICES, PUSH_MESSAGES } from "@/lib/push/subscriptions";
import { TEST_NOTIFICATION_MESSAGES } from "@/lib/push/test-notification";
import { MAX_PAYLOAD_BYTES } from "@/lib/push/transport";
import { signIn, uniqueEmail } from "../support/auth";
import { Client } from "../support/http";
import { decryptPush, makeSubscriberKeys, pushServiceForFile, type SubscriberKeys } from "../support/push-service";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let db: Db;
const stub = pushServiceForFile();

interface Person {
  c: Client;
  id: string;
  email: string;
}

let ipSeq = 0;
/** Each person on an address of their own: the per-address limit is tested on purpose only. */
async function person(prefix: string, ip = `198.51.100.${++ipSeq}`): Promise<Person> {
  const email = uniqueEmail(prefix);
  const c = await signIn(email, new Client(ip));
  return { c, email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };
}

interface Device {
  endpoint: string;
  keys: SubscriberKeys;
}

function newDevice(): Device {
  return { endpoint: stub.endpoint(), keys: makeSubscriberKeys() };
}

const subscriptionJson = (d: Device) => ({
  endpoint: d.endpoint,
  expirationTime: null,
  keys: { p256dh: d.keys.p256dh, auth: d.keys.auth },
});

function subscribe(p: Person, body: unknown, userAgent = CHROME_ANDROID) {
  return p.c.call<{ id: string; message?: string }>(subscriptionsRoute.POST, {
    path: "/api/user/push/subscriptions",
    body,
    headers: { "user-agent": userAgent },
  });
}

async function subscribed(p: Person, d: Device = newDevice()): Promise<Device & { id: string }> {
  const r = await subscribe(p, subscriptionJson(d));
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { ...d, id: r.json.id };
}

const list = (p: Person) =>
  p.c.call<{ devices: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }>(
    subscriptionsRoute.GET,
    { method: "GET", path: "/api/user/push/subscriptions" },
  );
const removeDevice = deviceRoute.DELETE as Parameters<Client["call"]>[0];
const remove = (p: Person, id: string) =>
  p.c.call(removeDevice, { method: "DELETE", path: `/api/user/push/subscriptions/${id}`, params: { id } });
const sendTest = (p: Person) =>
  p.c.call<{ sent?: number; message?: string }>(testRoute.POST, { path: "/api/user/push/test" });
const rowsOf = (userId: string) => db.pushSubscription.findMany({ where: { userId } });

beforeAll(async () => {
  db = await getDb();
});

describe("GET /api/push/public-key", () => {
  it("answers the VAPID public key to anyone, not cached", async () => {
    const r = await new Client().call<{ publicKey: string }>(publicKeyRoute.GET, {
      method: "GET",
      path: "/api/push/public-key",
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ publicKey: vapidKeys()!.publicKey });
    expect(Buffer.from(r.json.publicKey, "base64url")).toHaveLength(65);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("503 when push is not set up (production on a shared database without VAPID keys)", async () => {
    const config = env() as { isProduction: boolean; databaseUrl?: string };
    const saved = { isProduction: config.isProduction, databaseUrl: config.databaseUrl };
    Object.assign(config, { isProduction: true, databaseUrl: "postgres://db.invalid/limber" });
    resetVapidKeysForTests();
    try {
      const r = await new Client().call(publicKeyRoute.GET, { method: "GET", path: "/api/push/public-key" });
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ message: TEST_NOTIFICATION_MESSAGES.notSetUp });
      expect(r.headers.get("cache-control")).toBe("no-store");
    } finally {
      Object.assign(config, saved);
      resetVapidKeysForTests();
    }
  });
});

describe("a user's devices", () => {
  let A: Person;
  let B: Person;
  beforeAll(async () => {
    A = await person("push-a");
    B = await person("push-b");
  });

  it("subscribe → 201 { id }; the same endpoint again → 200, the same id, one row with the new keys and name", async () => {
    const d = newDevice();
    const first = await subscribe(A, { ...subscriptionJson(d), unknownKey: "dropped" });
    expect(first.status).toBe(201);
    expect(Object.keys(first.json)).toEqual(["id"]);
    expect(first.json.id).toMatch(UUID);
    const [row] = await rowsOf(A.id);
    expect(row).toMatchObject({
      id: first.json.id,
      endpoint: d.endpoint,
      p256dh: d.keys.p256dh,
      auth: d.keys.auth,
      deviceName: "Chrome on Android",
      lastUsedAt: null,
    });

    const renewed = makeSubscriberKeys();
    const again = await subscribe(A, subscriptionJson({ endpoint: d.endpoint, keys: renewed }), FIREFOX_WINDOWS);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ id: first.json.id });
    const rows = await rowsOf(A.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.json.id,
      p256dh: renewed.p256dh,
      auth: renewed.auth,
      deviceName: "Firefox on Windows",
      createdAt: row!.createdAt,
    });
    // Audited once, as a new device; the address is the entry's, not in its details.
    const audits = await db.auditLog.findMany({ where: { userId: A.id, action: "push_subscribed" } });
    expect(audits.map((a) => a.details)).toEqual([{ device: "Chrome on Android" }]);
    expect(audits[0]!.ipAddress).toBe(A.c.ip);
    await remove(A, first.json.id);
  });

  it("lists name, created and last used, newest first; never the endpoint or keys", async () => {
    const older = await subscribed(A);
    const newer = await subscribed(A, newDevice());
    await db.pushSubscription.update({ where: { id: older.id }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const r = await list(A);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.json.devices.map((d) => d.id)).toEqual([newer.id, older.id]);
    for (const d of r.json.devices) {
      expect(Object.keys(d).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name"]);
      expect(d).toMatchObject({ name: "Chrome on Android", lastUsedAt: null });
      expect(Date.parse(d.createdAt)).toBeGreaterThan(0);
    }
    const text = JSON.stringify(r.json);
    for (const secret of [older.endpoint, newer.endpoint, older.keys.p256dh, older.keys.auth, "127.0.0.1"])
      expect(text).not.toContain(secret);
    expect((await list(B)).json).toEqual({ devices: [] });
    for (const d of [older, newer]) expect((await remove(A, d.id)).status).toBe(200);
  });

  it("remove: the caller's own device → 200; another user's id → 404 and the row stays; a malformed id → 400", async () => {
    const mine = await subscribed(A);
    const theirs = await subscribed(B);
    const foreign = await remove(A, theirs.id);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ message: PUSH_MESSAGES.deviceNotFound });
    expect(await db.pushSubscription.count({ where: { id: theirs.id } })).toBe(1);
    expect((await remove(A, "6f9619ff-8b86-4011-b42d-00c04fc964ff")).json).toEqual({
      message: PUSH_MESSAGES.deviceNotFound,
    });
    for (const bad of ["x", "../..", `${mine.id} `, mine.id.toUpperCase(), "' OR '1'='1"]) {
      const r = await remove(A, bad);
      expect(r.status, bad).toBe(400);
      expect(r.json).toEqual({ message: "Invalid device id" });
    }

    const ok = await remove(A, mine.id);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true });
    expect(await rowsOf(A.id)).toEqual([]);
    expect((await remove(A, mine.id)).status).toBe(404);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { userId: A.id, action: "push_unsubscribed" },
      orderBy: { timestamp: "desc" },
    });
    expect(audit.details).toEqual({ device: "Chrome on Android" });
    await remove(B, theirs.id);
  });

  it("an endpoint stored for another account moves to the caller as a new device", async () => {
    const shared = await subscribed(A);
    const r = await subscribe(B, subscriptionJson(shared));
    expect(r.status).toBe(201);
    expect(r.json.id).not.toBe(shared.id);
    expect(await rowsOf(A.id)).toEqual([]);
    expect((await rowsOf(B.id)).map((x) => x.id)).toEqual([r.json.id]);
    // A's old id names nothing now, for either of them.
    expect((await remove(A, shared.id)).status).toBe(404);
    expect((await remove(B, shared.id)).status).toBe(404);
    expect((await remove(B, r.json.id)).status).toBe(200);
  });

  it("two accounts storing the same new endpoint at once: both answered 201, one row, the later one's", async () => {
    const d = newDevice();
    const both = await Promise.all([subscribe(A, subscriptionJson(d)), subscribe(B, subscriptionJson(d))]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const rows = await db.pushSubscription.findMany({ where: { endpoint: d.endpoint } });
    expect(rows).toHaveLength(1);
    const owner = rows[0]!.userId === A.id ? A : B;
    expect(both.map((r) => r.json.id)).toContain(rows[0]!.id);
    expect((await remove(owner, rows[0]!.id)).status).toBe(200);
  });

  it(`at most ${MAX_DEVICES} devices: the next one → 400 and nothing written; an existing one may still refresh`, async () => {
    const C = await person("push-ten");
    const devices = [];
    for (let i = 0; i < MAX_DEVICES; i++) devices.push(await subscribed(C));
    const eleventh = await subscribe(C, subscriptionJson(newDevice()));
    expect(eleventh.status).toBe(400);
    expect(eleventh.json).toEqual({
      message: "You can get notifications on at most 10 devices. Remove one in Settings first.",
    });
    expect(await db.pushSubscription.count({ where: { userId: C.id } })).toBe(MAX_DEVICES);
    expect((await subscribe(C, subscriptionJson(devices[0]!))).status).toBe(200);
    // Another account's endpoint does not move to a user who has 10 either.
    const other = await subscribed(A);
    expect((await subscribe(C, subscriptionJson(other))).status).toBe(400);
    expect(await db.pushSubscription.count({ where: { id: other.id, userId: A.id } })).toBe(1);
    await remove(A, other.id);
  });

  it("two subscriptions posted at once by a user with 9 devices: one is stored, the other refused", async () => {
    const D = await person("push-race");
    for (let i = 0; i < MAX_DEVICES - 1; i++) await subscribed(D);
    const both = await Promise.all([
      subscribe(D, subscriptionJson(newDevice())),
      subscribe(D, subscriptionJson(newDevice())),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await db.pushSubscription.count({ where: { userId: D.id } })).toBe(MAX_DEVICES);
  });

  describe("refused with 400, nothing stored and nothing fetched", () => {
    const keys = () => makeSubscriberKeys();
    const body = (endpoint: unknown, k: { p256dh: unknown; auth: unknown } = keys()) => ({
      endpoint,
      keys: { p256dh: k.p256dh, auth: k.auth },
    });
    const cases: [string, () => unknown, string][] = [
      ["a host that is not a push service", () => body("https://push.example.com/send/abc"), ENDPOINT_MESSAGES.host],
      ["a private address (10/8)", () => body("https://10.0.0.1/push/abc"), ENDPOINT_MESSAGES.host],
      ["a private address (192.168/16)", () => body("https://192.168.1.5/push/abc"), ENDPOINT_MESSAGES.host],
      ["a private IPv6 address", () => body("https://[fd00::1]/push/abc"), ENDPOINT_MESSAGES.host],
      ["http on a push service's host", () => body("http://fcm.googleapis.com/fcm/send/abc"), ENDPOINT_MESSAGES.host],
      [
        "another port on a push service's host",
        () => body("https://fcm.googleapis.com:8443/fcm/send/abc"),
        ENDPOINT_MESSAGES.host,
      ],
      ["a look-alike host", () => body("https://fcm.googleapis.com.evil.example/fcm/send/abc"), ENDPOINT_MESSAGES.host],
      [
        "a loopback host not listed",
        () => body(stub.endpoint().replace("127.0.0.1", "localhost")),
        ENDPOINT_MESSAGES.host,
      ],
      [
        "credentials in the URL",
        () => body("https://user:pw@fcm.googleapis.com/fcm/send/abc"),
        ENDPOINT_MESSAGES.invalid,
      ],
      ["not a URL", () => body("fcm.googleapis.com/fcm/send/abc"), ENDPOINT_MESSAGES.invalid],
      ["a control character", () => body("https://fcm.googleapis.com/fcm/send/a\u0000b"), ENDPOINT_MESSAGES.invalid],
      [
        "an endpoint too long",
        () => body(`https://fcm.googleapis.com/fcm/send/${"a".repeat(2100)}`),
        ENDPOINT_MESSAGES.invalid,
      ],
      [
        "an auth secret of the wrong size",
        () => body(stub.endpoint(), { p256dh: keys().p256dh, auth: "AAAA" }),
        ENDPOINT_MESSAGES.keys,
      ],
      [
        "a compressed public key",
        () => body(stub.endpoint(), { p256dh: Buffer.alloc(65, 3).toString("base64url"), auth: keys().auth }),
        ENDPOINT_MESSAGES.keys,
      ],
      [
        "keys that are not base64url",
        () => body(stub.endpoint(), { p256dh: `${keys().p256dh.slice(0, -1)}+`, auth: keys().auth }),
        ENDPOINT_MESSAGES.keys,
      ],
      ["no keys", () => ({ endpoint: stub.endpoint() }), ENDPOINT_MESSAGES.keys],
      ["keys as text", () => ({ endpoint: stub.endpoint(), keys: "p256dh,auth" }), ENDPOINT_MESSAGES.keys],
      ["a key as a number", () => body(stub.endpoint(), { p256dh: 4, auth: keys().auth }), ENDPOINT_MESSAGES.keys],
      ["the endpoint as a number", () => body(42), ENDPOINT_MESSAGES.invalid],
      ["no endpoint", () => ({ keys: { p256dh: keys().p256dh, auth: keys().auth } }), ENDPOINT_MESSAGES.invalid],
      [
        "expirationTime as text",
        () => ({ ...body(stub.endpoint()), expirationTime: "tomorrow" }),
        ENDPOINT_MESSAGES.invalid,
      ],
      ["an array", () => [body(stub.endpoint())], ENDPOINT_MESSAGES.invalid],
      ["null", () => null, ENDPOINT_MESSAGES.invalid],
    ];

    it.each(cases)("%s", async (_name, make, message) => {
      const rows = await db.pushSubscription.count();
      const messages = stub.messages.length;
      const r = await subscribe(A, make());
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message });
      expect(await db.pushSubscription.count()).toBe(rows);
      expect(stub.messages.length).toBe(messages);
    });

    it("a private address is refused even when PUSH_ENDPOINT_HOSTS lists it", async () => {
      const config = env() as { pushEndpointHosts: string[] };
      const saved = config.pushEndpointHosts;
      config.pushEndpointHosts = [...saved, "10.0.0.1", "192.168.1.5", "169.254.169.254"];
      try {
        for (const endpoint of [
          "https://10.0.0.1/push/abc",
          "https://192.168.1.5/push/abc",
          "https://169.254.169.254/latest/meta-data",
        ]) {
          const r = await subscribe(A, body(endpoint));
          expect(r.status, endpoint).toBe(400);
          expect(r.json).toEqual({ message: ENDPOINT_MESSAGES.host });
        }
      } finally {
        config.pushEndpointHosts = saved;
      }
      expect(await rowsOf(A.id)).toEqual([]);
    });

    it("a body that is not JSON", async () => {
      const rows = await db.pushSubscription.count();
      const r = await A.c.call(subscriptionsRoute.POST, {
        path: "/api/user/push/subscriptions",
        rawBody: "{endpoint:",
        headers: { "content-type": "application/json" },
      });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message: "Request body must be valid JSON" });
      const form = await A.c.call(subscriptionsRoute.POST, {
        path: "/api/user/push/subscriptions",
        rawBody: "endpoint=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(form.status).toBe(415);
      expect(await db.pushSubscription.count()).toBe(rows);
    });
  });

  it("signed out → 401 on every call, nothing written", async () => {
    const anon = new Client();
    const rows = await db.pushSubscription.count();
    const theirs = await subscribed(B);
    expect(
      (await anon.call(subscriptionsRoute.GET, { method: "GET", path: "/api/user/push/subscriptions" })).status,
    ).toBe(401);
    expect(
      (
        await anon.call(subscriptionsRoute.POST, {
          path: "/api/user/push/subscriptions",
          body: subscriptionJson(newDevice()),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await anon.call(removeDevice, {
          method: "DELETE",
          path: "/api/user/push/subscriptions/x",
          params: { id: theirs.id },
        })
      ).status,
    ).toBe(401);
    expect((await anon.call(testRoute.POST, { path: "/api/user/push/test" })).status).toBe(401);
    expect(await db.pushSubscription.count()).toBe(rows + 1);
    await remove(B, theirs.id);
  });
});

describe("POST /api/user/push/test", () => {
  it("sends one encrypted, signed message to each device; the browser decrypts the test notification", async () => {
    const E = await person("push-test");
    const phone = await subscribed(E);
    const laptop = await subscribed(E);
    const before = stub.messages.length;
    const r = await sendTest(E);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ sent: 2 });
    expect(stub.messages.length).toBe(before + 2);

    const keys = vapidKeys()!;
    for (const d of [phone, laptop]) {
      const received = stub.to(d.endpoint);
      expect(received).toHaveLength(1);
      const m = received[0]!;
      expect(m).toMatchObject({
        method: "POST",
        ttl: "60",
        urgency: "high",
        contentEncoding: "aes128gcm",
        contentType: "application/octet-stream",
      });
      // VAPID (RFC 8292): a JWT for the push service's origin, signed with our key, and that key.
      const [, jwt, k] = m.authorization!.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/)!;
      expect(k).toBe(keys.publicKey);
      const claims = JSON.parse(Buffer.from(jwt!.split(".")[1]!, "base64url").toString()) as {
        aud: string;
        sub: string;
        exp: number;
      };
      expect(claims).toMatchObject({ aud: new URL(d.endpoint).origin, sub: env().vapidSubject });
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());

      expect(m.body.length).toBeLessThanOrEqual(4096);
      const text = decryptPush(m.body, d.keys);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(JSON.parse(text)).toEqual(testNotification("Limber"));
      expect(JSON.parse(text)).toMatchObject({ v: 1, title: "Notifications are on", tag: "test", url: "/settings" });
      expect(text).not.toContain(E.email);
      expect(text).not.toMatch(/[^\s"]+@[^\s"]+/);
      // Encrypted for this device only: the other device's keys do not open it.
      expect(() => decryptPush(m.body, (d === phone ? laptop : phone).keys)).toThrow();
    }
    const rows = await rowsOf(E.id);
    expect(rows.every((x) => x.lastUsedAt !== null && Date.now() - x.lastUsedAt.getTime() < 60_000)).toBe(true);
    expect((await list(E)).json.devices.every((d) => d.lastUsedAt !== null)).toBe(true);
    const audit = await db.auditLog.findFirstOrThrow({ where: { userId: E.id, action: "test_notification_sent" } });
    expect(audit).toMatchObject({ ipAddress: E.c.ip, details: { sent: 2, devices: 2 } });
  });

  it("a device the push service says is gone (404, 410) is removed; the others still get it", async () => {
    const F = await person("push-gone");
    const kept = await subscribed(F);
    const gone = await subscribed(F);
    const unknown = await subscribed(F);
    stub.answer(gone.endpoint, 410);
    stub.answer(unknown.endpoint, 404);
    const r = await sendTest(F);
    expect(r.json).toEqual({ sent: 1 });
    expect((await rowsOf(F.id)).map((x) => x.id)).toEqual([kept.id]);
    const audits = await db.auditLog.findMany({ where: { userId: F.id, action: "push_unsubscribed" } });
    expect(audits.map((a) => a.details)).toEqual([
      { device: "Chrome on Android", reason: "gone" },
      { device: "Chrome on Android", reason: "gone" },
    ]);
  });

  it("a stored endpoint no longer allowed is never fetched (and is removed)", async () => {
    const G = await person("push-unlisted");
    const ok = await subscribed(G);
    // Stored before PUSH_ENDPOINT_HOSTS changed: the stub under a name that is not listed.
    const sneaky = stub.endpoint().replace("127.0.0.1", "localhost");
    const k = makeSubscriberKeys();
    await db.pushSubscription.create({
      data: {
        id: randomUUID(),
        userId: G.id,
        endpoint: sneaky,
        p256dh: k.p256dh,
        auth: k.auth,
        deviceName: "Chrome on Android",
      },
    });
    const r = await sendTest(G);
    expect(r.json).toEqual({ sent: 1 });
    expect(stub.to(sneaky)).toEqual([]);
    expect(stub.to(ok.endpoint)).toHaveLength(1);
    expect(await db.pushSubscription.count({ where: { endpoint: sneaky } })).toBe(0);
  });

  it("no device accepts it → 502 with a fixed message; the devices stay", async () => {
    const H = await person("push-502");
    const d = await subscribed(H);
    stub.answer(d.endpoint, 500);
    const r = await sendTest(H);
    expect(r.status).toBe(502);
    expect(r.json).toEqual({ message: TEST_NOTIFICATION_MESSAGES.failed });
    expect(await rowsOf(H.id)).toHaveLength(1);
    expect((await rowsOf(H.id))[0]!.lastUsedAt).toBeNull();
  });

  it("a user with no device → 400, and it does not count against the limit", async () => {
    const I = await person("push-none");
    for (let i = 0; i < 4; i++) {
      const r = await sendTest(I);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message: TEST_NOTIFICATION_MESSAGES.noDevice });
    }
    await subscribed(I);
    expect((await sendTest(I)).status).toBe(200);
  });

  it("push not set up on this server → 503 with a fixed message, nothing sent", async () => {
    const K = await person("push-off");
    const device = await subscribed(K);
    setPushTransportForTests(null);
    try {
      const r = await sendTest(K);
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ message: "Notifications are not set up on this server." });
    } finally {
      setPushTransportForTests(undefined);
    }
    expect(stub.to(device.endpoint)).toHaveLength(0);
  });

  it("device changes are limited per user (60 an hour): the next → 429, audited once", async () => {
    const L = await person("push-churn");
    const d = await subscribed(L);
    // The browser re-sending its subscription counts too: 59 more changes fill the hour.
    for (let i = 0; i < 58; i++) expect((await subscribe(L, subscriptionJson(d))).status).toBe(200);
    expect((await remove(L, d.id)).status).toBe(200);
    const r = await subscribe(L, subscriptionJson(newDevice()));
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ message: DEVICE_LIMIT_MESSAGE });
    expect(await rowsOf(L.id)).toHaveLength(0);
    expect(await db.auditLog.count({ where: { userId: L.id, action: "push_rate_limited" } })).toBe(1);
  });

  it("3 a day per account, as the test e-mail: the 4th → 429 with Retry-After, audited once", async () => {
    const J = await person("push-limit");
    const d = await subscribed(J);
    for (let i = 0; i < 3; i++) expect((await sendTest(J)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await sendTest(J);
      expect(r.status).toBe(429);
      expect(r.json).toEqual({ message: TEST_NOTIFICATION_MESSAGES.perUser });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    }
    expect(stub.to(d.endpoint)).toHaveLength(3);
    const refusals = await db.auditLog.findMany({ where: { userId: J.id, action: "test_notification_rate_limited" } });
    expect(refusals.map((a) => a.details)).toEqual([{ limit: "test-push", max: 3, windowMinutes: 24 * 60 }]);
  });

  it("5 an hour per client address, as the test e-mail, whoever is signed in", async () => {
    const ip = "192.0.2.55";
    const K = await person("push-ip-k", ip);
    const L = await person("push-ip-l", ip);
    await subscribed(K);
    await subscribed(L);
    const statuses = [];
    for (const p of [K, K, K, L, L, L]) statuses.push((await sendTest(p)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await sendTest(L);
    expect(last.json).toEqual({ message: TEST_NOTIFICATION_MESSAGES.perIp });
    // L from another network still has 1 of its 3 left.
    const elsewhere = new Client("192.0.2.56");
    for (const [k, v] of L.c.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.call(testRoute.POST, { path: "/api/user/push/test" })).status).toBe(200);
  });
});
