// Floods of refusals and of routine repeats write one audit row per key and window (issue 17).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as resetRoute from "@/app/api/user/calendar/reset/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as verifyAdminRoute from "@/app/api/verify-admin/route";
import { resetCalendarLink } from "@/lib/actions/reset-calendar-link";
import { saveSettings } from "@/lib/actions/save-settings";
import { UNLOCK_APP_LIMIT } from "@/lib/admin/unlock";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, formData } from "../support/http";

type Env = { adminCode?: string; adminEmail?: string };
const config = () => env() as Env;
let saved: Env;
let db: Db;

beforeAll(async () => {
  saved = { adminCode: config().adminCode, adminEmail: config().adminEmail };
  config().adminCode = "flood-admin-code-0123456789";
  config().adminEmail = undefined;
  db = await getDb();
  await db.rateLimit.deleteMany({ where: { key: UNLOCK_APP_LIMIT.key } });
});

afterAll(() => {
  Object.assign(config(), saved);
});

async function person(prefix: string, ip: string) {
  const email = uniqueEmail(prefix);
  const c = await signIn(email, new Client(ip));
  const r = await c.call(setupRoute.POST, {
    path: "/api/user/setup",
    body: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
  });
  expect(r.status).toBe(200);
  const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
  return { c, userId };
}

const settingsForm = (prefs: string) =>
  formData({
    count: "2",
    "times.0": "09:00",
    "times.1": "16:00",
    active_days: ["1", "3", "5"],
    duration_preference: "10",
    intensity_level: "low",
    movement_prefs: prefs,
    timezone: "UTC",
    channels: "email",
  });

describe("audit rows under floods", () => {
  it("30 refused console unlocks: each wrong code once, then one rate-limit row per key and window", async () => {
    const { c, userId } = await person("unlock-flood", "192.0.2.77");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await c.call(verifyAdminRoute.POST, { path: "/api/verify-admin", body: { code: `wrong-${i}` } })).status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const rows = await db.auditLog.findMany({ where: { userId, action: "admin_unlock_failed" } });
    const reasons = rows.map((r) => (r.details as { reason: string }).reason);
    expect(reasons.filter((r) => r === "wrong_code")).toHaveLength(5);
    // the per-account and the per-address limit each refused once for the first time
    const limited = rows.filter((r) => (r.details as { reason: string }).reason === "rate_limited");
    expect(limited.length).toBeLessThanOrEqual(2);
    expect(limited.length).toBeGreaterThanOrEqual(1);
  });

  it("settings saves (route and action alike): one row per user per 10 minutes with a count, then 429", async () => {
    const { c, userId } = await person("settings-flood", "192.0.2.78");
    for (let i = 0; i < 30; i++) {
      const r = await c.call(settingsRoute.PUT, {
        path: "/api/user/settings",
        method: "PUT",
        body: { movement_prefs: `route ${i}` },
      });
      expect(r.status).toBe(200);
    }
    for (let i = 0; i < 20; i++) {
      const r = await c.action(saveSettings, [{}, settingsForm(`action ${i}`)]);
      expect(r.result?.ok).toBe(true);
    }
    const rows = await db.auditLog.findMany({ where: { userId, action: "settings_updated" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ count: 50 });
    expect((rows[0]!.details as { fields: string[] }).fields).toEqual(
      expect.arrayContaining(["movementPrefs", "times", "activeDays"]),
    );

    // the limit is the user's, shared by the route and the action: 120 saves per 10 minutes
    for (let i = 50; i < 120; i++) {
      const r = await c.call(settingsRoute.PUT, {
        path: "/api/user/settings",
        method: "PUT",
        body: { movement_prefs: `more ${i}` },
      });
      expect(r.status).toBe(200);
    }
    const refused = await c.call(settingsRoute.PUT, {
      path: "/api/user/settings",
      method: "PUT",
      body: { movement_prefs: "one too many" },
    });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: "Too many changes in a short time. Please wait a few minutes and try again.",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const action = await c.action(saveSettings, [{}, settingsForm("action refused")]);
    expect(action.result).toMatchObject({
      ok: false,
      status: 429,
      message: "Too many changes in a short time. Please wait a few minutes and try again.",
    });
    expect((await db.userSettings.findUniqueOrThrow({ where: { userId } })).movementPrefs).toBe("more 119");
    expect(await db.auditLog.count({ where: { userId, action: "settings_updated" } })).toBe(1);
    expect(await db.auditLog.count({ where: { userId, action: "settings_rate_limited" } })).toBe(1);
  });

  it("calendar-link resets (route and action alike): one row per user per 10 minutes with a count, then 429", async () => {
    const { c, userId } = await person("reset-flood", "192.0.2.79");
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push((await c.call(resetRoute.POST, { path: "/api/user/calendar/reset", body: {} })).status);
    const actions = [];
    for (let i = 0; i < 25; i++) actions.push(await c.action(resetCalendarLink, []));
    expect(answers.filter((s) => s === 200)).toHaveLength(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
    expect(actions.every((a) => a.result?.ok === false && a.result.status === 429)).toBe(true);
    expect(actions[0]!.result).toMatchObject({
      message: "Too many link resets. Please wait a few minutes and try again.",
    });
    const rows = await db.auditLog.findMany({ where: { userId, action: "calendar_link_reset" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ count: 10, reason: "user" });
    expect(await db.auditLog.count({ where: { userId, action: "calendar_reset_rate_limited" } })).toBe(1);
  });
});
