// GET /api/user/export: everything of the signed-in user (account, settings, breaks, reminder
// e-mails with their exercises, pauses, audit entries about them), nothing of anyone else's; CSV of
// the breaks; validation; the hourly limit (audited once) and the audit entry of each download.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { storedKey } from "@/lib/platform/rate-limit";
import * as accountRoute from "@/app/api/user/account/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import { getDb, type Db } from "@/lib/db";
import { EXPORT_MAX_PER_HOUR, exportLimit, type DataExport } from "@/lib/users/export";
import { signIn, uniqueEmail } from "../support/auth";
import { Client } from "../support/http";
import { seedBreaks, seedPause } from "../support/history";

let db: Db;

interface Person {
  c: Client;
  id: string;
  email: string;
  marker: string;
  exercise: string;
}

async function person(prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  const c = await signIn(email);
  expect(
    (
      await c.call(setupRoute.POST, {
        path: "/api/user/setup",
        body: { timezone: "Europe/London", times: ["09:00", "16:30"], durationPreference: 10 },
      })
    ).status,
  ).toBe(200);
  const marker = `prefs-${prefix}-${randomUUID()}`;
  expect(
    (await c.call(settingsRoute.PUT, { method: "PUT", path: "/api/user/settings", body: { movement_prefs: marker } }))
      .status,
  ).toBe(200);
  const id = (await db.user.findUniqueOrThrow({ where: { email } })).id;
  const exercise = `Exercise of ${prefix} ${randomUUID()}`;
  await seedBreaks(db, id, [
    { date: "2026-03-02", slot: 0, completedAt: new Date("2026-03-02T09:04:00Z") },
    { date: "2026-03-02", slot: 1, completedAt: new Date("2026-03-02T16:40:00Z") },
    { date: "2026-03-03", slot: 0, completedAt: new Date("2026-03-03T09:10:00Z") },
  ]);
  await db.delivery.create({
    data: {
      userId: id,
      localDate: "2026-03-02",
      slot: 0,
      scheduledAt: new Date("2026-03-02T09:00:00Z"),
      status: "sent",
      sentAt: new Date("2026-03-02T09:00:05Z"),
      providerId: `provider-${randomUUID()}`,
      lastError: null,
      suggestion: {
        source: "library",
        exercises: [{ name: exercise, minutes: 3, steps: ["Stand up.", "Reach high."] }],
      },
    },
  });
  // Reminders by both channels: the export says which one each went by (issue 30).
  await db.userSettings.update({ where: { userId: id }, data: { channels: ["email", "push"] } });
  await db.delivery.create({
    data: {
      userId: id,
      localDate: "2026-03-03",
      slot: 1,
      channel: "push",
      scheduledAt: new Date("2026-03-03T16:30:00Z"),
      status: "failed",
      lastError: `provider said: internal-${prefix}`,
    },
  });
  await seedPause(db, id, new Date("2026-02-10T08:00:00Z"), new Date("2026-02-12T08:00:00Z"));
  return { c, id, email, marker, exercise };
}

const download = (c: Client, query = "") =>
  c.call<DataExport & { message?: string }>(exportRoute.GET, { method: "GET", path: `/api/user/export${query}` });

let A: Person;
let B: Person;
const OWNER_ID = `owner-${randomUUID()}`;
const OWNER_IP = "198.51.100.77";

beforeAll(async () => {
  db = await getDb();
  A = await person("export-a");
  B = await person("export-b");
  // The owner paused A from the console: an entry about A written by another account.
  await db.auditLog.create({
    data: {
      action: "admin_user_paused",
      userId: OWNER_ID,
      targetId: A.id,
      ipAddress: OWNER_IP,
      details: { pauseEmails: true },
    },
  });
  // The owner paused B too: nothing of it belongs in A's download.
  await db.auditLog.create({
    data: {
      action: "admin_user_paused",
      userId: OWNER_ID,
      targetId: B.id,
      ipAddress: OWNER_IP,
      details: { pauseEmails: true },
    },
  });
});

describe("GET /api/user/export (JSON)", () => {
  let r: Awaited<ReturnType<typeof download>>;
  beforeAll(async () => {
    r = await download(A.c);
  });

  it("is a JSON attachment that is not cached", () => {
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(r.headers.get("content-disposition")).toMatch(
      /^attachment; filename="limber-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("holds the account, settings, every break, reminder e-mail with its exercises, pause and audit entry", () => {
    const d = r.json;
    expect(d.format).toBe("limber-export");
    expect(d.account.email).toBe(A.email);
    expect(Date.parse(d.account.createdAt)).toBeGreaterThan(0);
    expect(d.settings).toMatchObject({
      times: ["09:00", "16:30"],
      durationPreference: 10,
      timezone: "Europe/London",
      movementPrefs: A.marker,
      channels: ["email", "push"],
      onboardingCompleted: true,
    });
    expect(d.breaks).toEqual([
      { date: "2026-03-02", slot: 0, completedAt: "2026-03-02T09:04:00.000Z" },
      { date: "2026-03-02", slot: 1, completedAt: "2026-03-02T16:40:00.000Z" },
      { date: "2026-03-03", slot: 0, completedAt: "2026-03-03T09:10:00.000Z" },
    ]);
    expect(d.reminders).toEqual([
      {
        date: "2026-03-02",
        slot: 0,
        channel: "email",
        status: "sent",
        scheduledAt: "2026-03-02T09:00:00.000Z",
        sentAt: "2026-03-02T09:00:05.000Z",
        exercises: [{ name: A.exercise, minutes: 3, steps: ["Stand up.", "Reach high."] }],
      },
      {
        date: "2026-03-03",
        slot: 1,
        channel: "push",
        status: "failed",
        scheduledAt: "2026-03-03T16:30:00.000Z",
        sentAt: null,
        exercises: [],
      },
    ]);
    expect(d.pausePeriods).toEqual([{ startedAt: "2026-02-10T08:00:00.000Z", endedAt: "2026-02-12T08:00:00.000Z" }]);
    const actions = d.auditLog.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["login_success", "onboarding_completed", "settings_updated", "admin_user_paused"]),
    );
    const own = d.auditLog.find((e) => e.action === "settings_updated")!;
    expect(own).toMatchObject({ byYou: true, ipAddress: A.c.ip, details: { fields: ["movementPrefs"] } });
    // written by the owner about A: the action and time, not the owner's address or id
    expect(d.auditLog.filter((e) => e.action === "admin_user_paused")).toEqual([
      { timestamp: expect.any(String), action: "admin_user_paused", byYou: false, ipAddress: null, details: {} },
    ]);
  });

  it("carries nothing of anyone else, and no internals", () => {
    const text = JSON.stringify(r.json);
    for (const foreign of [B.email, B.id, B.marker, B.exercise, OWNER_ID, OWNER_IP, "provider said", "provider-"])
      expect(text).not.toContain(foreign);
    // each user gets their own
    expect(text).toContain(A.exercise);
  });

  it("B's download is B's", async () => {
    const b = await download(B.c);
    expect(b.json.account.email).toBe(B.email);
    expect(b.json.settings?.movementPrefs).toBe(B.marker);
    const text = JSON.stringify(b.json);
    for (const foreign of [A.email, A.id, A.marker, A.exercise]) expect(text).not.toContain(foreign);
  });
});

describe("GET /api/user/export?format=csv", () => {
  it("is the breaks as RFC 4180 CSV with a header row", async () => {
    const r = await download(A.c, "?format=csv");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(r.headers.get("content-disposition")).toMatch(
      /^attachment; filename="limber-breaks-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(r.json).toBe(
      "date,slot,break,completed_at,skipped\r\n" +
        "2026-03-02,0,first,2026-03-02T09:04:00.000Z,\r\n" +
        "2026-03-02,1,second,2026-03-02T16:40:00.000Z,\r\n" +
        "2026-03-03,0,first,2026-03-03T09:10:00.000Z,\r\n",
    );
  });
});

describe("validation, limits and audit", () => {
  it.each(["xml", "JSON", "", "csv%20", "json,csv", "%00"])(
    "format=%s → 400, counts nothing and audits nothing",
    async (bad) => {
      const before = await db.auditLog.count({ where: { userId: B.id } });
      const counter = await db.rateLimit.findUnique({ where: { key: storedKey(exportLimit(B.id).key) } });
      const r = await download(B.c, `?format=${bad}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ message: "format must be json or csv" });
      expect(await db.auditLog.count({ where: { userId: B.id } })).toBe(before);
      expect(await db.rateLimit.findUnique({ where: { key: storedKey(exportLimit(B.id).key) } })).toEqual(counter);
    },
  );

  it(`each download is audited; past ${EXPORT_MAX_PER_HOUR} an hour → 429, audited once`, async () => {
    const p = await person("export-limit");
    const statuses: number[] = [];
    for (let i = 0; i < EXPORT_MAX_PER_HOUR + 2; i++)
      statuses.push((await download(p.c, i % 2 ? "?format=csv" : "")).status);
    expect(statuses).toEqual([...Array(EXPORT_MAX_PER_HOUR).fill(200), 429, 429]);
    const last = await download(p.c);
    expect(last.json).toEqual({
      message: `You can download your data ${EXPORT_MAX_PER_HOUR} times an hour. Please try again later.`,
    });
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    const exported = await db.auditLog.findMany({
      where: { userId: p.id, action: "data_exported" },
      select: { details: true, ipAddress: true },
    });
    expect(exported).toHaveLength(EXPORT_MAX_PER_HOUR);
    expect(exported.map((e) => (e.details as { format: string }).format).sort()).toEqual([
      ...Array(5).fill("csv"),
      ...Array(5).fill("json"),
    ]);
    expect(exported[0]!.ipAddress).toBe(p.c.ip);
    expect(await db.auditLog.count({ where: { userId: p.id, action: "data_export_rate_limited" } })).toBe(1);
    // another user is not affected by p's limit
    expect((await download(B.c, "?format=csv")).status).toBe(200);
    // deleting the account removes its counter (exact key)
    expect(await db.rateLimit.count({ where: { key: storedKey(exportLimit(p.id).key) } })).toBe(1);
    expect((await p.c.call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" })).status).toBe(200);
    expect(await db.rateLimit.count({ where: { key: storedKey(exportLimit(p.id).key) } })).toBe(0);
  });

  it("signed out → 401", async () => {
    const r = await download(new Client());
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ message: "Not authenticated" });
  });
});
