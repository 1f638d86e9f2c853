// Property-based fuzzing of every JSON call: for each one, 1,000 generated bodies that are invalid by
// construction (wrong types, huge and unicode strings, nested junk, missing fields, arrays, null,
// broken JSON, bodies over the 16 KB cap, and near-valid variants) must each be answered with a 4xx
// `{ message }` free of internals, and must leave the database (and, for the mail calls, the outbox)
// exactly as it was. rate_limits and audit_logs may change; every other table is compared.
//
// Session and console-grant lookups are memoized (tests/support/session-cache.ts) to keep 1,000 cases
// per call fast on PGlite; authentication and grants themselves are covered by access-matrix.test.ts.
// Set FUZZ_VERBOSE=1 to print the status histogram of each call.
import { deriveKey } from "@/lib/platform/secret";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storedKey } from "@/lib/platform/rate-limit";
import * as requestCode from "@/app/api/auth/request-code/route";
import * as verifyCode from "@/app/api/auth/verify-code/route";
import * as completeRoute from "@/app/api/breaks/complete/route";
import * as feedRoute from "@/app/api/calendar/[token]/route";
import * as calendarRoute from "@/app/api/user/calendar/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as historyRoute from "@/app/api/user/history/route";
import * as testEmail from "@/app/api/send-test-email/route";
import * as snoozeRoute from "@/app/api/breaks/snooze/route";
import * as pushSubscriptionsRoute from "@/app/api/user/push/subscriptions/route";
import * as pushDeviceRoute from "@/app/api/user/push/subscriptions/[id]/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import { completeBreak } from "@/lib/actions/complete-break";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { completeSetup } from "@/lib/actions/complete-setup";
import { deleteUser } from "@/lib/actions/delete-user";
import { lockConsole } from "@/lib/actions/lock-console";
import { pauseEmails } from "@/lib/actions/pause-emails";
import { removePushDevice } from "@/lib/actions/remove-push-device";
import { requestCode as requestCodeAction } from "@/lib/actions/request-code";
import { saveSettings } from "@/lib/actions/save-settings";
import { sendTestEmail } from "@/lib/actions/send-test-email";
import { snoozeBreak } from "@/lib/actions/snooze-break";
import { subscribePush } from "@/lib/actions/subscribe-push";
import { toggleUserPause } from "@/lib/actions/toggle-user-pause";
import { undoBreak } from "@/lib/actions/undo-break";
import { unlockConsole } from "@/lib/actions/unlock-console";
import { verifyCode as verifyCodeAction } from "@/lib/actions/verify-code";
import { decodeCursor, type CursorKind } from "@/lib/admin/pagination";
import { AUDIT_ACTIONS } from "@/lib/admin/types";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { signIn, uniqueEmail } from "../support/auth";
import * as F from "../support/fuzz";
import { Client, type ActionCall, type CallResult } from "../support/http";
import { makeSubscriberKeys } from "../support/push-service";
import { createUser } from "../support/reminders";
import {
  dbSnapshot,
  expectSafeActionRejection,
  expectSafeRejection,
  outboxCount,
  type RouteHandler,
} from "../support/security";
// Imported directly: a route that moves or is renamed fails here instead of being skipped.
import * as verifyAdmin from "@/app/api/verify-admin/route";
import * as adminData from "@/app/api/admin/route";
import * as adminLogs from "@/app/api/admin/logs/route";
import * as adminLogout from "@/app/api/admin/logout/route";
import * as togglePauseModule from "@/app/api/admin/users/[id]/toggle-pause/route";
import * as adminDeleteModule from "@/app/api/admin/users/[id]/delete/route";

// The handlers as the fuzzer calls them (their params are checked by the routes themselves).
const togglePause = togglePauseModule as { POST: RouteHandler };
const adminDelete = adminDeleteModule as { POST: RouteHandler };

vi.mock("@/lib/auth/session", async (real) => (await import("../support/session-cache")).memoizeSessions(await real()));
vi.mock("@/lib/admin/grant", async (real) => (await import("../support/session-cache")).memoizeGrants(await real()));

const NUM_RUNS = 1000;
const TEST_TIMEOUT = 180_000;
/** JSON bodies are read only when sent as JSON (415 otherwise; tests/integration/request-security.test.ts). */
const JSON_TYPE = { "content-type": "application/json" };

const ADMIN_CODE = `Fuzz-Admin-${randomUUID()}`;
const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");

let db: Db;
let user: { c: Client; id: string; email: string };
let pending: Client; // holds a login cookie: a code that passed validation would reach the real check
let owner: { c: Client; id: string; csrf: string } | undefined;
let victim: { id: string; email: string };

const envBefore = { adminEmail: env().adminEmail, adminCode: env().adminCode };
const mutableEnv = () => env() as { adminEmail?: string; adminCode?: string };

let ipSeq = 0;
/** A client with an address no other case uses, so per-IP limits never mask the code behind them. */
const freshClient = () => {
  ipSeq += 1;
  return new Client(`10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`);
};

// Push subscriptions (POST /api/user/push/subscriptions, subscribePush): near-valid bodies around
// real browser keys and the push services' URLs, refused by construction. The oracle over-approximates
// what may pass: a URL on a push service's domain, keys that decode to 65 and 16 bytes, and an
// expirationTime that is absent, null or a number.
const PUSH_KEYS = [makeSubscriberKeys(), makeSubscriberKeys()];
const pushEndpoint = fc.oneof(
  F.junkValue,
  F.junkString.map((s) => `https://fcm.googleapis.com/fcm/send/${s}`),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => `https://fcm.googleapis.com/fcm/send/${encodeURIComponent(s)}`),
  fc.constantFrom(
    "http://fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com:8443/fcm/send/x",
    "https://fcm.googleapis.com.evil.example/fcm/send/x",
    "https://user:pw@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com/fcm/send/x#frag",
    "https://push.services.mozilla.com/wpush/v2/x",
    "https://10.0.0.1/push/x",
    "https://192.168.1.5/push/x",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/push/x",
    "https://[fd00::1]/push/x",
    "https://127.0.0.1/push/x",
    "http://localhost:3000/api/user/account",
    "https://push.example.com/x",
    "ftp://fcm.googleapis.com/x",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "https://fcm.googleapis.com/fcm/send/a b",
    "https://fcm.googleapis.com/fcm/send/\u0000",
    `https://fcm.googleapis.com/fcm/send/${"a".repeat(2100)}`,
  ),
);
const pushKey = (real: string[]) => fc.oneof(fc.constantFrom(...real), F.nearMisses(real[0]!), F.junkValue);
const pushKeys = fc.oneof(
  F.junkValue,
  F.withExtraKeys(
    fc.record(
      { p256dh: pushKey(PUSH_KEYS.map((k) => k.p256dh)), auth: pushKey(PUSH_KEYS.map((k) => k.auth)) },
      { requiredKeys: [] },
    ),
  ),
);
const pushSubscription = F.withExtraKeys(
  fc.record(
    { endpoint: pushEndpoint, keys: pushKeys, expirationTime: fc.oneof(fc.constant(null), fc.integer(), F.junkValue) },
    { requiredKeys: [] },
  ),
);
const decodedBytes = (v: unknown) => (typeof v === "string" ? Buffer.from(v, "base64url").length : -1);
function mayBeValidSubscription(p: unknown): boolean {
  if (!F.isPlainObject(p)) return false;
  const endpoint = F.own(p, "endpoint");
  const keys = F.own(p, "keys");
  const expiration = F.own(p, "expirationTime");
  const onPushService =
    typeof endpoint === "string" &&
    URL.canParse(endpoint) &&
    /(^|\.)(googleapis\.com|mozilla\.com|apple\.com|windows\.com)$/.test(new URL(endpoint).hostname);
  const keysOk =
    F.isPlainObject(keys) && decodedBytes(F.own(keys, "p256dh")) === 65 && decodedBytes(F.own(keys, "auth")) === 16;
  return onPushService && keysOk && (expiration === undefined || expiration === null || typeof expiration === "number");
}
const pushRows = () => db.pushSubscription.count();

beforeAll(async () => {
  db = await getDb();
  const ownerEmail = uniqueEmail("fuzz-owner");
  mutableEnv().adminEmail = ownerEmail;
  mutableEnv().adminCode = ADMIN_CODE;

  const email = uniqueEmail("fuzz");
  const c = await signIn(email);
  const s = await c.call(setupRoute.POST, {
    path: "/api/user/setup",
    body: { timezone: "Europe/Paris", times: ["09:00", "16:30"], durationPreference: 10 },
  });
  expect(s.status).toBe(200);
  const p = await c.call(settingsRoute.PUT, {
    method: "PUT",
    path: "/api/user/settings",
    body: { movement_prefs: "fuzz marker: bad knee", active_days: [1, 3, 5] },
  });
  expect(p.status).toBe(200);
  user = { c, email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };

  pending = new Client();
  expect(
    (
      await pending.call(requestCode.POST, {
        path: "/api/auth/request-code",
        body: { email: uniqueEmail("fuzz-pending") },
      })
    ).status,
  ).toBe(200);

  victim = await createUser(db, { prefs: "victim marker", times: ["08:00", "18:00"] });

  {
    const oc = await signIn(ownerEmail);
    const u = await oc.call(verifyAdmin.POST, { path: "/api/verify-admin", body: { code: ADMIN_CODE } });
    expect(u.status).toBe(200);
    const d = await oc.call<{ csrfToken: string }>(adminData.GET, { path: "/api/admin" });
    expect(d.status).toBe(200);
    expect(d.json.csrfToken).toBeTypeOf("string");
    owner = {
      c: oc,
      csrf: d.json.csrfToken,
      id: (await db.user.findUniqueOrThrow({ where: { email: ownerEmail } })).id,
    };
  }
});

afterAll(() => {
  mutableEnv().adminEmail = envBefore.adminEmail;
  mutableEnv().adminCode = envBefore.adminCode;
});

interface FuzzCase {
  handler: RouteHandler;
  method: "POST" | "PUT";
  path: string;
  bodies: fc.Arbitrary<string>;
  client: () => Client;
  params?: Record<string, string>;
  /** The call sends mail when it succeeds: a rejected body must not. */
  mail?: boolean;
  /** Keys a rejection may carry next to `message`, with their fixed values. */
  extraKeys?: Record<string, unknown>;
  /** Runs before every case (e.g. clearing a counter so that each case reaches the real check). */
  beforeEach?: (text: string) => Promise<void>;
}

/** Runs NUM_RUNS generated bodies against one call; returns the status histogram. */
async function fuzz(t: FuzzCase) {
  const ids = [user.id, victim.id, ...(owner ? [owner.id] : [])];
  const before = await dbSnapshot(db, ids);
  const mailBefore = t.mail ? await outboxCount() : 0;
  const statuses = new Map<number, number>();
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(t.bodies, async (text) => {
      runs += 1;
      await t.beforeEach?.(text);
      const r = await t.client().call(t.handler, {
        method: t.method,
        path: t.path,
        rawBody: text,
        params: t.params,
        headers: { "content-type": "application/json" },
      });
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expectSafeRejection(r, text, t.extraKeys);
      // An oversized body is refused as such (the caller is authorised for every call here).
      if (F.receivedText(text).length > F.BODY_CAP) expect(r.status, `${text.length} chars`).toBe(413);
    }),
    { numRuns: NUM_RUNS },
  );
  expect(runs).toBe(NUM_RUNS);
  expect(await dbSnapshot(db, ids)).toEqual(before);
  if (t.mail) expect(await outboxCount()).toBe(mailBefore);
  const histogram = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
  if (process.env.FUZZ_VERBOSE) console.info(`[fuzz] ${t.method} ${t.path}: ${runs} cases`, histogram);
  return histogram;
}

describe(`fuzzing every JSON call (${NUM_RUNS} invalid bodies each)`, () => {
  it("POST /api/auth/request-code", { timeout: TEST_TIMEOUT }, async () => {
    const h = await fuzz({
      handler: requestCode.POST,
      method: "POST",
      path: "/api/auth/request-code",
      bodies: F.emailBodies(),
      client: freshClient,
      mail: true,
      extraKeys: { success: false },
    });
    expect(
      Object.keys(h)
        .map(Number)
        .every((s) => s === 400 || s === 413),
    ).toBe(true);
  });

  it("POST /api/auth/verify-code (with a pending sign-in)", { timeout: TEST_TIMEOUT }, async () => {
    const h = await fuzz({
      handler: verifyCode.POST,
      method: "POST",
      path: "/api/auth/verify-code",
      bodies: F.loginCodeBodies(),
      client: () => pending,
    });
    expect(
      Object.keys(h)
        .map(Number)
        .every((s) => s === 400 || s === 413),
    ).toBe(true);
    expect(pending.cookies.has("limber.login-email")).toBe(true);
  });

  it("POST /api/user/setup", { timeout: TEST_TIMEOUT }, async () => {
    await fuzz({
      handler: setupRoute.POST,
      method: "POST",
      path: "/api/user/setup",
      bodies: F.setupBodies(),
      client: () => user.c,
    });
  });

  it("PUT /api/user/settings", { timeout: TEST_TIMEOUT }, async () => {
    await fuzz({
      handler: settingsRoute.PUT,
      method: "PUT",
      path: "/api/user/settings",
      bodies: F.settingsBodies(),
      client: () => user.c,
    });
  });

  it("POST /api/send-test-email", { timeout: TEST_TIMEOUT }, async () => {
    const h = await fuzz({
      handler: testEmail.POST,
      method: "POST",
      path: "/api/send-test-email",
      bodies: F.emailBodies(),
      client: freshClient,
      mail: true,
      extraKeys: { success: false },
    });
    expect(
      Object.keys(h)
        .map(Number)
        .every((s) => s === 400 || s === 413),
    ).toBe(true);
  });

  it(
    "POST /api/user/push/subscriptions (near-valid subscriptions, junk) → 400, nothing stored",
    { timeout: TEST_TIMEOUT },
    async () => {
      const rows = await pushRows();
      const h = await fuzz({
        handler: pushSubscriptionsRoute.POST,
        method: "POST",
        path: "/api/user/push/subscriptions",
        bodies: F.rejectedBodies(pushSubscription, mayBeValidSubscription),
        client: () => user.c,
      });
      expect(
        Object.keys(h)
          .map(Number)
          .every((s) => s === 400 || s === 413),
      ).toBe(true);
      expect(await pushRows()).toBe(rows);
    },
  );

  it(
    "DELETE /api/user/push/subscriptions/{id} (junk ids, another user's device) → 400 or 404, the device stays",
    { timeout: TEST_TIMEOUT },
    async () => {
      const k = makeSubscriberKeys();
      const device = randomUUID();
      await db.pushSubscription.create({
        data: {
          id: device,
          userId: victim.id,
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          p256dh: k.p256dh,
          auth: k.auth,
          deviceName: "Chrome on Android",
        },
      });
      const ids = [user.id, victim.id, ...(owner ? [owner.id] : [])];
      const before = await dbSnapshot(db, ids);
      const statuses = new Set<number>();
      const idArb = fc
        .oneof(
          F.junkString,
          fc.uuid(),
          fc.constantFrom(
            device,
            device.toUpperCase(),
            ` ${device}`,
            `${device}/`,
            `${device}\u0000`,
            "..",
            "%2e%2e",
            "*",
            "' OR '1'='1",
          ),
        )
        .filter((id) => id.isWellFormed());
      await fc.assert(
        fc.asyncProperty(idArb, async (id) => {
          const r = await user.c.call(pushDeviceRoute.DELETE as RouteHandler, {
            method: "DELETE",
            path: "/api/user/push/subscriptions/x",
            params: { id },
          });
          expectSafeRejection(r, id);
          expect([400, 404], id).toContain(r.status);
          statuses.add(r.status);
        }),
        { numRuns: NUM_RUNS },
      );
      expect(await dbSnapshot(db, ids)).toEqual(before);
      expect(await db.pushSubscription.count({ where: { id: device, userId: victim.id } })).toBe(1);
      expect([...statuses].sort()).toEqual([400, 404]);
    },
  );

  it(
    "POST /api/breaks/complete (forged, tampered, expired and malformed tokens)",
    { timeout: TEST_TIMEOUT },
    async () => {
      const existing = new Set((await db.user.findMany({ select: { id: true } })).map((u) => u.id));
      await fuzz({
        handler: completeRoute.POST,
        method: "POST",
        path: "/api/breaks/complete",
        bodies: F.doneTokenBodies(SECRET, victim.id, existing),
        client: freshClient,
      });
    },
  );

  it(
    "POST /api/breaks/snooze (done tokens, forged, tampered, expired and malformed)",
    { timeout: TEST_TIMEOUT },
    async () => {
      await fuzz({
        handler: snoozeRoute.POST,
        method: "POST",
        path: "/api/breaks/snooze",
        // Every one of these is signed for "done" or not at all: none may ever snooze a break.
        bodies: F.doneTokenBodies(SECRET, victim.id, new Set()),
        client: freshClient,
      });
    },
  );

  it("POST /api/verify-admin (wrong, near-miss and malformed codes)", { timeout: TEST_TIMEOUT }, async () => {
    // At most 5 wrong codes per 15 minutes: clearing the unlock counters before every 4th case that
    // reaches the comparison (as a fresh user and address would) means none of them stops at the 429.
    const clearCounters = async () => {
      await db.rateLimit.deleteMany({ where: { key: { startsWith: "admin-unlock-" } } });
    };
    let compared = 0;
    const everyFourthComparison = async (text: string) => {
      const view = F.serverView(text);
      const code = view.ok && F.isPlainObject(view.value) ? F.own(view.value, "code") : undefined;
      if (typeof code === "string" && code.trim() !== "" && compared++ % 4 === 0) await clearCounters();
    };
    const code = fc.oneof(
      { weight: 2, arbitrary: F.nearMisses(ADMIN_CODE) },
      { weight: 1, arbitrary: F.junkString },
      { weight: 2, arbitrary: F.junkValue },
      { weight: 1, arbitrary: fc.constantFrom("", "   ", "\t\n", "\u00a0") },
    );
    const bodies = F.rejectedBodies(
      F.withExtraKeys(fc.record({ code }, { requiredKeys: [] })),
      (p) =>
        F.isPlainObject(p) &&
        typeof F.own(p, "code") === "string" &&
        (F.own(p, "code") as string).trim() === ADMIN_CODE,
    );
    try {
      const h = await fuzz({
        handler: verifyAdmin.POST,
        method: "POST",
        path: "/api/verify-admin",
        bodies,
        client: () => user.c,
        extraKeys: { success: false },
        beforeEach: everyFourthComparison,
      });
      expect(h[401]).toBeGreaterThan(0); // wrong codes really were compared
    } finally {
      await clearCounters();
    }
  });

  describe("owner console actions (unlocked owner, target: another user)", () => {
    for (const [name, mod] of [
      ["toggle-pause", togglePause],
      ["delete", adminDelete],
    ] as const) {
      it(
        `POST /api/admin/users/[id]/${name}: bodies without the session's CSRF token → 403`,
        { timeout: TEST_TIMEOUT },
        async () => {
          const bodies = F.rejectedBodies(
            F.withExtraKeys(
              fc.record({ csrfToken: fc.oneof(F.nearMisses(owner!.csrf), F.junkValue) }, { requiredKeys: [] }),
            ),
            (p) => F.isPlainObject(p) && F.own(p, "csrfToken") === owner!.csrf,
          );
          const h = await fuzz({
            handler: mod.POST,
            method: "POST",
            path: `/api/admin/users/${victim.id}/${name}`,
            params: { id: victim.id },
            bodies,
            client: () => owner!.c,
          });
          expect(
            Object.keys(h)
              .map(Number)
              .every((s) => s === 403 || s === 413),
          ).toBe(true);
        },
      );

      it(
        `POST /api/admin/users/[id]/${name}: unknown ids with a valid token → 404`,
        { timeout: TEST_TIMEOUT },
        async () => {
          const existing = new Set((await db.user.findMany({ select: { id: true } })).map((u) => u.id));
          const ids = [user.id, victim.id, owner!.id];
          const before = await dbSnapshot(db, ids);
          const body = JSON.stringify({ csrfToken: owner!.csrf });
          const idArb = fc
            .oneof(
              F.junkString,
              fc.uuid(),
              fc.constantFrom(
                "..",
                "../..",
                "%2e%2e",
                "*",
                "%",
                "_",
                "' OR '1'='1",
                victim.id.toUpperCase(),
                ` ${victim.id}`,
                `${victim.id} `,
                `${victim.id}/`,
              ),
            )
            // A path segment decodes to well-formed text; U+0000 is a known bug (see below).
            .filter((id) => !existing.has(id) && id.isWellFormed() && !id.includes("\u0000"));
          await fc.assert(
            fc.asyncProperty(idArb, async (id) => {
              const r = await owner!.c.call(mod.POST, {
                method: "POST",
                path: `/api/admin/users/x/${name}`,
                params: { id },
                rawBody: body,
                headers: JSON_TYPE,
              });
              expectSafeRejection(r, id);
              expect(r.status).toBe(404);
            }),
            { numRuns: 200 },
          );
          expect(await dbSnapshot(db, ids)).toEqual(before);
        },
      );
    }
  });
});

// The server actions take form data (every value text, or a file where text belongs) or plain
// arguments: the same promise holds for 1,000 generated inputs each, refused by construction.
describe(`fuzzing every server action (${NUM_RUNS} refused inputs each)`, () => {
  async function fuzzAction<I>(
    inputs: fc.Arbitrary<I>,
    run: (input: I) => Promise<ActionCall<unknown>>,
    opts: { mail?: boolean; runs?: number } = {},
  ) {
    const ids = [user.id, victim.id, ...(owner ? [owner.id] : [])];
    const before = await dbSnapshot(db, ids);
    const mailBefore = opts.mail ? await outboxCount() : 0;
    const statuses = new Map<number, number>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        runs += 1;
        const call = await run(input);
        expect(call.redirect, "a refused input never redirects").toBeUndefined();
        const r = call.result as { status: number };
        expectSafeActionRejection(r, JSON.stringify(input) ?? String(input));
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }),
      { numRuns: opts.runs ?? NUM_RUNS },
    );
    expect(runs).toBe(opts.runs ?? NUM_RUNS);
    expect(await dbSnapshot(db, ids)).toEqual(before);
    if (opts.mail) expect(await outboxCount()).toBe(mailBefore);
    return Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
  }
  const only400 = (h: Record<number, number>) => expect(Object.keys(h).map(Number)).toEqual([400]);

  it(
    "requestCode: addresses that are not valid → 400 on the field, no mail, no cookie",
    { timeout: TEST_TIMEOUT },
    async () => {
      const emails = F.posted(F.badEmail.map(F.asText)).filter((v) => !F.mayBeValidEmail(v));
      let client = freshClient();
      only400(
        await fuzzAction(
          emails,
          async (email) => {
            client = freshClient();
            return client.action(requestCodeAction, [{}, F.toFormData({ email })], { scripted: false });
          },
          { mail: true },
        ),
      );
      expect(client.cookies.has("limber.login-email")).toBe(false);
    },
  );

  it(
    "verifyCode (with a pending sign-in): codes that are not 6 digits → 400, the sign-in stays pending",
    { timeout: TEST_TIMEOUT },
    async () => {
      const codes = F.posted(F.badLoginCode.map(F.asText)).filter((v) => !F.mayBeValidLoginCode(v));
      only400(
        await fuzzAction(codes, (code) =>
          pending.action(verifyCodeAction, [{}, F.toFormData({ code })], { scripted: false }),
        ),
      );
      expect(pending.cookies.has("limber.login-email")).toBe(true);
    },
  );

  it("sendTestEmail: addresses that are not valid → 400, no mail", { timeout: TEST_TIMEOUT }, async () => {
    const emails = F.posted(F.badEmail.map(F.asText)).filter((v) => !F.mayBeValidEmail(v));
    only400(
      await fuzzAction(emails, (email) => freshClient().action(sendTestEmail, [{}, F.toFormData({ email })]), {
        mail: true,
      }),
    );
  });

  it(
    "saveSettings: forms with a refused field → 400 with field errors, nothing written",
    { timeout: TEST_TIMEOUT },
    async () => {
      only400(
        await fuzzAction(F.settingsForms(), (fields) =>
          user.c.action(saveSettings, [{}, F.toFormData(fields)], { scripted: false }),
        ),
      );
    },
  );

  it(
    "completeSetup (last step): forms with a refused field → 400, nothing written",
    { timeout: TEST_TIMEOUT },
    async () => {
      only400(
        await fuzzAction(F.setupForms(), (fields) =>
          user.c.action(completeSetup, [{}, F.toFormData(fields)], { scripted: false }),
        ),
      );
    },
  );

  it("unlockConsole (not the owner): any code → 400, 401 or 429, no grant", { timeout: TEST_TIMEOUT }, async () => {
    const codes = F.posted(fc.oneof(F.junkString, F.nearMisses(ADMIN_CODE).map(F.asText)));
    let n = 0;
    try {
      const h = await fuzzAction(codes, async (code) => {
        if (n++ % 4 === 0) await db.rateLimit.deleteMany({ where: { key: { startsWith: "admin-unlock-" } } });
        return user.c.action(unlockConsole, [{}, F.toFormData({ code })], { scripted: false });
      });
      expect(
        Object.keys(h)
          .map(Number)
          .every((s) => [400, 401, 429].includes(s)),
      ).toBe(true);
    } finally {
      await db.rateLimit.deleteMany({ where: { key: { startsWith: "admin-unlock-" } } });
    }
  });

  it(
    "completeBreakFromLink, snoozeBreak, pauseEmails: forged, tampered and junk tokens → 400, nothing written",
    { timeout: TEST_TIMEOUT },
    async () => {
      const existing = new Set((await db.user.findMany({ select: { id: true } })).map((u) => u.id));
      // The JSON bodies' token values, posted as the page's hidden field.
      const tokens = F.doneTokenBodies(SECRET, victim.id, existing)
        .map((text) => {
          const view = F.serverView(text);
          return view.ok && F.isPlainObject(view.value) ? F.own(view.value, "token") : undefined;
        })
        // Never one signed for any of the links' purposes: those are tested where they are valid.
        .filter((t): t is string => typeof t === "string" && !F.signedForAnyPurpose(t, SECRET));
      const actions = [completeBreakFromLink, snoozeBreak, pauseEmails] as const;
      only400(
        await fuzzAction(fc.tuple(F.posted(tokens), fc.nat({ max: 2 })), ([token, i]) =>
          freshClient().action(actions[i]! as (s: object, f: FormData) => Promise<unknown>, [
            {},
            F.toFormData({ token }),
          ]),
        ),
      );
    },
  );

  it("subscribePush: near-valid subscriptions and junk → 400, nothing stored", { timeout: TEST_TIMEOUT }, async () => {
    const rows = await pushRows();
    only400(
      await fuzzAction(
        pushSubscription.filter((v) => !mayBeValidSubscription(v)),
        (input) => user.c.action(subscribePush, [input]),
      ),
    );
    expect(await pushRows()).toBe(rows);
  });

  it(
    "removePushDevice: anything but one of the caller's device ids → 400 or 404, nothing removed",
    { timeout: TEST_TIMEOUT },
    async () => {
      const rows = await pushRows();
      const h = await fuzzAction(fc.oneof(F.junkValue, fc.uuid()), (id) => user.c.action(removePushDevice, [id]));
      expect(
        Object.keys(h)
          .map(Number)
          .every((s) => s === 400 || s === 404),
      ).toBe(true);
      expect(await pushRows()).toBe(rows);
    },
  );

  it(
    "completeBreak / undoBreak: anything but slot 0 or 1 → 400, nothing written",
    { timeout: TEST_TIMEOUT },
    async () => {
      // A slot is "0" or "1", or the numbers 0 and 1; nothing else (objects without toString included).
      const slots = F.junkValue.filter((v) => !(v === "0" || v === "1" || v === 0 || v === 1));
      only400(
        await fuzzAction(fc.tuple(slots, fc.boolean()), ([slot, done]) =>
          done ? user.c.action(completeBreak, [slot]) : user.c.action(undoBreak, [slot]),
        ),
      );
    },
  );

  describe("owner console actions (unlocked owner)", () => {
    it(
      "toggleUserPause / deleteUser without the grant's token → 403; lockConsole with another token → 403",
      { timeout: TEST_TIMEOUT },
      async () => {
        const inputs = fc
          .oneof(
            F.junkValue,
            fc.record({ id: fc.constant(victim.id), csrfToken: F.nearMisses(owner!.csrf) }, { requiredKeys: [] }),
          )
          .filter((v) => !(F.isPlainObject(v) && F.own(v, "csrfToken") === owner!.csrf));
        const h = await fuzzAction(fc.tuple(inputs, fc.nat({ max: 2 })), ([input, i]) =>
          i === 0
            ? owner!.c.action(toggleUserPause, [input])
            : i === 1
              ? owner!.c.action(deleteUser, [input])
              : owner!.c.action(lockConsole, [F.isPlainObject(input) ? F.own(input, "csrfToken") : input]),
        );
        expect(Object.keys(h).map(Number)).toEqual([403]);
        expect(await db.adminGrant.count({ where: { userId: owner!.id } })).toBe(1);
      },
    );

    it(
      "toggleUserPause / deleteUser with the token and ids that name no one → 404",
      { timeout: TEST_TIMEOUT },
      async () => {
        const existing = new Set((await db.user.findMany({ select: { id: true } })).map((u) => u.id));
        const ids = fc
          .oneof(F.junkString, fc.uuid(), fc.constantFrom(victim.id.toUpperCase(), ` ${victim.id}`, `${victim.id}/`))
          .filter((id) => !existing.has(id) && id.length <= 200);
        const h = await fuzzAction(
          fc.tuple(ids, fc.boolean()),
          ([id, toggle]) =>
            toggle
              ? owner!.c.action(toggleUserPause, [{ id, csrfToken: owner!.csrf }])
              : owner!.c.action(deleteUser, [{ id, csrfToken: owner!.csrf }]),
          { runs: 300 },
        );
        expect(Object.keys(h).map(Number)).toEqual([404]);
      },
    );
  });
});

// GET calls take their input from the query string (and the console logout from a header): the
// same promise holds there, 4xx `{ message }` and nothing written.
describe(`fuzzing the owner console's query strings and logout header (${NUM_RUNS} each)`, () => {
  /** What the server will read: URLSearchParams replaces lone surrogates on the way. */
  const roundTrip = (qs: string) => new URLSearchParams(qs);
  const validCursor = (kind: CursorKind, v: string | null) => {
    if (v === null || v === "") return true;
    try {
      decodeCursor(kind, v);
      return true;
    } catch {
      return false;
    }
  };
  const validAction = (v: string | null) => v === null || v === "" || (AUDIT_ACTIONS as readonly string[]).includes(v);

  async function fuzzQuery(
    kind: CursorKind,
    handler: RouteHandler,
    path: string,
    queries: fc.Arbitrary<Record<string, string | undefined>>,
  ) {
    const ids = [user.id, victim.id, owner!.id];
    const before = await dbSnapshot(db, ids);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        const qs = new URLSearchParams(
          Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString();
        const seen = roundTrip(qs);
        const ok = validCursor(kind, seen.get("cursor")) && validAction(seen.get("action"));
        const r = await owner!.c.call(handler, { method: "GET", path: `${path}?${qs}` });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (ok) {
          expect(r.status, qs).toBe(200);
        } else {
          expectSafeRejection(r, qs);
          expect(r.status, qs).toBe(400);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await dbSnapshot(db, ids)).toEqual(before);
    if (process.env.FUZZ_VERBOSE) console.info(`[fuzz] GET ${path}`, Object.fromEntries(statuses));
    return statuses;
  }

  it(
    "GET /api/admin/logs?cursor=…&action=…: junk cursors and unknown actions → 400",
    { timeout: TEST_TIMEOUT },
    async () => {
      const first = await owner!.c.call<{ nextCursor: string | null }>(adminLogs.GET, {
        method: "GET",
        path: "/api/admin/logs",
      });
      const real =
        first.json.nextCursor ??
        Buffer.from(JSON.stringify(["logs", new Date().toISOString(), "x"])).toString("base64url");
      const action = fc.constantFrom(...AUDIT_ACTIONS);
      const statuses = await fuzzQuery(
        "logs",
        adminLogs.GET,
        "/api/admin/logs",
        fc.oneof(
          fc.record({
            cursor: F.badCursors(real),
            action: fc.option(fc.oneof(action, F.badActions(AUDIT_ACTIONS)), { nil: undefined }),
          }),
          fc.record({ cursor: fc.option(fc.constant(real), { nil: undefined }), action: F.badActions(AUDIT_ACTIONS) }),
        ),
      );
      expect(statuses.get(400)).toBeGreaterThan(NUM_RUNS / 2);
    },
  );

  it("GET /api/admin?cursor=…: junk cursors → 400", { timeout: TEST_TIMEOUT }, async () => {
    const real = Buffer.from(JSON.stringify(["users", new Date().toISOString(), owner!.id])).toString("base64url");
    const statuses = await fuzzQuery("users", adminData.GET, "/api/admin", fc.record({ cursor: F.badCursors(real) }));
    expect(statuses.get(400)).toBeGreaterThan(NUM_RUNS / 2);
  });

  it(
    "GET /api/admin/logout: X-CSRF-Token values other than the grant's → 403, the console stays unlocked",
    { timeout: TEST_TIMEOUT },
    async () => {
      const ids = [user.id, victim.id, owner!.id];
      const before = await dbSnapshot(db, ids);
      // Only values a Headers object accepts can be sent at all.
      const sendable = (v: string) => {
        try {
          return new Headers({ "x-csrf-token": v }).get("x-csrf-token") !== owner!.csrf;
        } catch {
          return false;
        }
      };
      const tokens = fc
        .oneof(
          F.nearMisses(owner!.csrf).map((v) => (typeof v === "string" ? v : F.toText(v))),
          F.junkString,
        )
        .filter(sendable);
      await fc.assert(
        fc.asyncProperty(tokens, async (token) => {
          const r = await owner!.c.call(adminLogout.GET, {
            method: "GET",
            path: "/api/admin/logout",
            headers: { "x-csrf-token": token },
          });
          expectSafeRejection(r, token);
          expect(r.status, token).toBe(403);
        }),
        { numRuns: NUM_RUNS },
      );
      expect(await dbSnapshot(db, ids)).toEqual(before);
      expect(await db.adminGrant.count({ where: { userId: owner!.id } })).toBe(1);
    },
  );
});

// Query parameters and the calendar feed's path: 1,000 generated values each that are invalid by
// construction (the oracles follow the documented rules), all answered with the documented 4xx
// `{ message }` and no change to the database.
describe(`fuzzing query parameters and the feed token (${NUM_RUNS} invalid values each)`, () => {
  const ids = () => [user.id, victim.id, ...(owner ? [owner.id] : [])];
  async function fuzzValues(
    values: fc.Arbitrary<string>,
    call: (value: string) => Promise<CallResult>,
    status: number,
  ) {
    const before = await dbSnapshot(db, ids());
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        runs += 1;
        const r = await call(value);
        expectSafeRejection(r, value);
        expect(r.status, JSON.stringify(value)).toBe(status);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(runs).toBe(NUM_RUNS);
    expect(await dbSnapshot(db, ids())).toEqual(before);
  }
  // What a query value decodes to on the server: well-formed text (a lone surrogate cannot be sent).
  const sendable = (v: string) => v.toWellFormed();
  const query = (v: string) => encodeURIComponent(sendable(v));
  const numberish = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
    fc.double().map(String),
    fc.constantFrom(
      "0",
      "000",
      "401",
      "999",
      "1e2",
      "7.0",
      " 7",
      "7 ",
      "+7",
      "-0",
      "0x10",
      "٧",
      "７",
      "1_0",
      "null",
      "365\u0000",
      "365\n",
      "３６５",
    ),
    fc
      .tuple(
        fc.constantFrom("", " ", "+", "-", "0"),
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom("", ".", ".5", "e1", " ", "days"),
      )
      .map(([a, n, b]) => `${a}${n}${b}`),
  );

  it("GET /api/user/history?days=<invalid> → 400", { timeout: TEST_TIMEOUT }, async () => {
    const isValidDays = (v: string) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 400;
    await fuzzValues(
      fc.oneof(F.junkString, numberish).filter((v) => !isValidDays(sendable(v))),
      (v) => user.c.call(historyRoute.GET, { method: "GET", path: `/api/user/history?days=${query(v)}` }),
      400,
    );
  });

  it(
    "GET /api/user/export?format=<invalid> → 400 (before the download limit counts)",
    { timeout: TEST_TIMEOUT },
    async () => {
      const nearFormats = fc.constantFrom(
        "JSON",
        "Json",
        "CSV",
        "json ",
        " csv",
        "jsonp",
        "cs v",
        "json\u0000",
        "csv,json",
        "xml",
        "ics",
        "txt",
        "",
      );
      await fuzzValues(
        fc.oneof(F.junkString, nearFormats).filter((v) => !["json", "csv"].includes(sendable(v))),
        (v) => user.c.call(exportRoute.GET, { method: "GET", path: `/api/user/export?format=${query(v)}` }),
        400,
      );
      expect(await db.rateLimit.count({ where: { key: storedKey(`data-export:${user.id}`) } })).toBe(0);
    },
  );

  it(
    "GET /api/calendar/<invalid, unknown or near-miss token>.ics → 404, the same for all",
    { timeout: TEST_TIMEOUT },
    async () => {
      const url = (
        (await user.c.call(calendarRoute.GET, { method: "GET", path: "/api/user/calendar" })).json as { url: string }
      ).url;
      const real = url.split("/").pop()!; // "<token>.ics"
      const token = real.slice(0, -4);
      const base64url = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");
      const mutated = fc
        .tuple(fc.integer({ min: 0, max: token.length - 1 }), base64url)
        .map(([i, ch]) => `${token.slice(0, i)}${ch}${token.slice(i + 1)}.ics`);
      const segments = fc.oneof(
        F.junkString,
        F.junkString.map((s) => `${s}.ics`),
        fc.array(base64url, { minLength: 22, maxLength: 22 }).map((a) => `${a.join("")}.ics`),
        mutated,
        fc.constantFrom(
          token,
          `${token}.ICS`,
          `${token}.ics.ics`,
          `${token}.ic`,
          ` ${token}.ics`,
          `${token}.ics `,
          `${token.toUpperCase()}.ics`,
          `${token}=.ics`,
          `${token}%00.ics`,
          `../${token}.ics`,
        ),
      );
      await fuzzValues(
        segments.filter((v) => v !== real),
        // a fresh address each time: the guess limit is tested in calendar.test.ts, not here
        (v) => freshClient().call(feedRoute.GET, { method: "GET", path: "/api/calendar/x.ics", params: { token: v } }),
        404,
      );
    },
  );
});

// Bugs the fuzzing found (now fixed): they stay as regression tests.
describe("inputs that once caused 5xx", () => {
  // Both are valid JSON escapes and pass the 200-character rule, but PostgreSQL refuses U+0000
  // ("invalid byte sequence for encoding UTF8: 0x00") and Prisma refuses unpaired surrogates.
  // Expected: a 400 `{ message }` (or the character dropped and a 200), never a 5xx.
  for (const [what, raw] of [
    ["U+0000", '{"movement_prefs":"knee\\u0000"}'],
    ["a lone surrogate", '{"movement_prefs":"knee \\ud800"}'],
  ] as const) {
    it(`PUT /api/user/settings rejects movement_prefs with ${what} with a 400, never 5xx`, async () => {
      const r = await user.c.call(settingsRoute.PUT, {
        method: "PUT",
        path: "/api/user/settings",
        rawBody: raw,
        headers: JSON_TYPE,
      });
      expect(r.status, raw).toBeLessThan(500);
    });
  }

  it("POST /api/admin/users/%00/{toggle-pause,delete} answers 404 (unlocked owner)", async () => {
    const body = JSON.stringify({ csrfToken: owner!.csrf });
    for (const mod of [togglePause, adminDelete]) {
      const r = await owner!.c.call(mod.POST, {
        method: "POST",
        path: "/api/admin/users/%00/x",
        params: { id: "a\u0000" },
        rawBody: body,
        headers: JSON_TYPE,
      });
      expect(r.status).toBe(404);
    }
  });
});
