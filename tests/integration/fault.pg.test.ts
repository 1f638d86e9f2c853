// The database becomes unreachable mid-run: calls answer 503 with a plain message, nothing is
// half-written, and the app recovers by itself when the database is back. PostgreSQL only.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "@/app/api/user/dashboard/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as requestCode from "@/app/api/auth/request-code/route";
import { getDb } from "@/lib/db";
import { signIn, uniqueEmail } from "../support/auth";
import { Client } from "../support/http";

const dbName = new URL(process.env.DATABASE_URL!).pathname.slice(1);

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const cutOff = async () => {
  await admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
  await admin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`,
  );
};
const restore = () => admin(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);

afterAll(restore);

function expectPlain503(r: { status: number; json: Record<string, unknown> }) {
  expect(r.status).toBe(503);
  expect(Object.keys(r.json)).toEqual(["message"]);
  expect(String(r.json.message)).toMatch(/temporarily unavailable/i);
  expect(JSON.stringify(r.json)).not.toMatch(/ECONN|terminat|postgres|prisma|\n\s+at /i);
}

describe("database outage", () => {
  it("answers 503 during the outage, writes nothing, and recovers", async () => {
    const c = await signIn(uniqueEmail("fault"));
    await c.call(setupRoute.POST, { body: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 } });
    const before = (await c.call(settingsRoute.GET)).json;
    expect((await c.call(dashboardRoute.GET)).status).toBe(200);

    await cutOff();
    expectPlain503(await c.call(dashboardRoute.GET));
    expectPlain503(
      await c.call(settingsRoute.PUT, {
        method: "PUT",
        body: { movement_prefs: "written during the outage", times: ["07:00"] },
      }),
    );
    expectPlain503(await new Client().call(requestCode.POST, { body: { email: uniqueEmail("outage") } }));

    await restore();
    // The pool reconnects by itself: the first calls after the outage succeed.
    let dash = await c.call(dashboardRoute.GET);
    for (let i = 0; i < 5 && dash.status !== 200; i++) dash = await c.call(dashboardRoute.GET);
    expect(dash.status).toBe(200);
    expect((await c.call(settingsRoute.GET)).json).toEqual(before);
    const db = await getDb();
    expect(await db.userSettings.count({ where: { movementPrefs: "written during the outage" } })).toBe(0);
  });
});
