// The owner console on the build: the ADMIN_EMAIL account unlocks it with ADMIN_CODE, lists users
// and the audit log, pauses and deletes other accounts with the grant's CSRF token, and locks it
// again, by route and by the console's actions.
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { Client, formData, signedIn, type CallResult } from "./support/client";
import { contract } from "./support/context";
import { expectFeed, expectRefusal, expectStatus } from "./support/expect";
import {
  actionDone,
  actionFailure,
  actionOk,
  adminData,
  adminLogs,
  failureMessage,
  settings,
  shaped,
  successMessage,
} from "./support/schemas";
import { localNow } from "./support/time";

let owner: Client;
let pausable: Client; // paused and re-enabled by the owner, then deleted by route
let doomed: Client; // deleted by the console's action
let bystander: Client; // a signed-in user who knows the code but is not the owner

async function consoleData(): Promise<z.output<typeof adminData>> {
  const res = await owner.call("GET", "/api/admin");
  expectStatus(res, 200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return shaped(adminData, res.json, "GET /api/admin");
}

/** A user's console row, following the pages (other files add users meanwhile). */
async function rowOf(email: string) {
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res: CallResult = await owner.call(
      "GET",
      `/api/admin${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expectStatus(res, 200);
    const data: z.output<typeof adminData> = shaped(adminData, res.json);
    const row = data.users.find((u) => u.email === email);
    if (row) return row;
    cursor = data.nextCursor;
    if (!cursor) break;
  }
  throw new Error(`${email} is not in the console's list`);
}

beforeAll(async () => {
  owner = await new Client().signIn(contract().adminEmail);
  [pausable, doomed, bystander] = await Promise.all([signedIn("pausable"), signedIn("doomed"), signedIn("bystander")]);
  // The accounts deleted here have their breaks at midday three days from now, so the reminder
  // dispatch that reminders.test.ts runs meanwhile never has one of them due.
  const restDay = (zone: string) => [(localNow(zone).weekday + 3) % 7];
  await Promise.all([
    owner.setup({ timezone: "Asia/Kolkata", times: ["10:00", "16:30"], durationPreference: 10 }),
    pausable.setup({
      timezone: "Europe/London",
      times: ["12:00", "12:30"],
      durationPreference: 5,
      activeDays: restDay("Europe/London"),
    }),
    doomed.setup({
      timezone: "America/New_York",
      times: ["12:00", "12:30"],
      durationPreference: 5,
      activeDays: restDay("America/New_York"),
    }),
  ]);
});

describe("unlocking the console", () => {
  test("locked until the owner gives the code; anyone else gets a wrong code's answer", async () => {
    expectRefusal(await owner.call("GET", "/api/admin-status"), 401, "Owner console is locked");
    expectRefusal(await owner.call("GET", "/api/admin"), 401);

    const impostor = await bystander.call("POST", "/api/verify-admin", { json: { code: contract().adminCode } });
    expectStatus(impostor, 401);
    expect(shaped(failureMessage, impostor.json).message).toBe("Invalid admin code");
    expectRefusal(await bystander.call("GET", "/api/admin-status"), 401);

    const wrong = await owner.call("POST", "/api/verify-admin", { json: { code: "not-the-code" } });
    expectStatus(wrong, 401);
    expect(shaped(failureMessage, wrong.json).message).toBe("Invalid admin code");
    const empty = await owner.call("POST", "/api/verify-admin", { json: { code: "" } });
    expectStatus(empty, 400);
    expect(shaped(failureMessage, empty.json).message).toBe("Please enter the admin code");

    const right = await owner.call("POST", "/api/verify-admin", { json: { code: contract().adminCode } });
    expectStatus(right, 200);
    shaped(successMessage, right.json);
    const status = await owner.call("GET", "/api/admin-status");
    expectStatus(status, 200);
    expect(status.json).toEqual({ unlocked: true });
  });

  test("the owner's own breaks go on like anyone's (feed in Asia/Kolkata)", async () => {
    await expectFeed(owner, { events: 2, ended: 0, byday: "MO,TU,WE,TH,FR", timezone: "Asia/Kolkata" });
  });
});

describe("the unlocked console", () => {
  test("users and counts, with the owner's account marked by its e-mail only", async () => {
    const data = await consoleData();
    expect(data.totalUsers).toBeGreaterThanOrEqual(4);
    expect(data.activeUsers).toBeLessThanOrEqual(data.totalUsers);
    const row = await rowOf(pausable.email!);
    expect(row).toMatchObject({ timezone: "Europe/London", pauseEmails: false });
    expect((await rowOf(contract().adminEmail)).email).toBe(contract().adminEmail);
    expectRefusal(await owner.call("GET", "/api/admin?cursor=%%%"), 400);
  });

  test("the audit log, filtered by action, and the people it names (readAuditPeople)", async () => {
    const res = await owner.call("GET", "/api/admin/logs");
    expectStatus(res, 200);
    const { logs } = shaped(adminLogs, res.json, "GET /api/admin/logs");
    expect(logs.length).toBeGreaterThan(0);
    for (let i = 1; i < logs.length; i++) expect(logs[i - 1]!.timestamp >= logs[i]!.timestamp).toBe(true);

    // Every page, by its nextCursor: newest first across pages, no entry twice.
    const seen = new Set<string>();
    let previous = "9999";
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const next: CallResult = await owner.call(
        "GET",
        `/api/admin/logs${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expectStatus(next, 200);
      const body: z.output<typeof adminLogs> = shaped(adminLogs, next.json);
      expect(body.logs.length).toBeLessThanOrEqual(50);
      for (const entry of body.logs) {
        expect(seen.has(entry.id)).toBe(false);
        seen.add(entry.id);
        expect(entry.timestamp <= previous).toBe(true);
        previous = entry.timestamp;
      }
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen.size).toBeGreaterThanOrEqual(logs.length);

    const unlocks = shaped(adminLogs, (await owner.call("GET", "/api/admin/logs?action=admin_unlock_success")).json);
    expect(unlocks.logs.length).toBeGreaterThanOrEqual(1);
    expect(unlocks.logs.every((l) => l.action === "admin_unlock_success")).toBe(true);
    expectRefusal(await owner.call("GET", "/api/admin/logs?action=no_such_action"), 400);

    const ownerId = unlocks.logs[0]!.userId!;
    const { csrfToken } = await consoleData();
    const people = await owner.action("readAuditPeople", [{ ids: [ownerId], csrfToken }]);
    const read = shaped(
      actionOk(z.object({ people: z.record(z.string(), z.email()), total: z.number().int().positive() })),
      people.result,
    );
    expect(read.data.people).toEqual({ [ownerId]: contract().adminEmail });
    const forged = await owner.action("readAuditPeople", [{ ids: [ownerId], csrfToken: "forged" }]);
    expect(shaped(actionFailure, forged.result).status).toBe(403);
  });

  test("pause and enable a user: route and action, each only with the CSRF token", async () => {
    const { csrfToken } = await consoleData();
    const { id } = await rowOf(pausable.email!);
    const path = `/api/admin/users/${id}/toggle-pause`;
    expectRefusal(await owner.call("POST", path, { json: {} }), 403, "Invalid or missing CSRF token");
    expectRefusal(await owner.call("POST", path, { json: { csrfToken: "forged" } }), 403);
    expect(shaped(settings, (await pausable.call("GET", "/api/user/settings")).json).pauseEmails).toBe(false);

    const res = await owner.call("POST", path, { json: { csrfToken } });
    expectStatus(res, 200);
    expect(res.json).toEqual({ success: true, pauseEmails: true });
    expect(shaped(settings, (await pausable.call("GET", "/api/user/settings")).json).pauseEmails).toBe(true);
    expect((await rowOf(pausable.email!)).pauseEmails).toBe(true);

    const viaAction = await owner.action("toggleUserPause", [{ id, csrfToken }]);
    expect(shaped(actionOk(z.object({ pauseEmails: z.boolean() })), viaAction.result).data).toEqual({
      pauseEmails: false,
    });
    expect(shaped(settings, (await pausable.call("GET", "/api/user/settings")).json).pauseEmails).toBe(false);
    expectRefusal(await owner.call("POST", "/api/admin/users/no-such-user/toggle-pause", { json: { csrfToken } }), 404);
  });

  test("delete users by route and by action; the owner's account cannot be deleted", async () => {
    const { csrfToken } = await consoleData();
    const self = await rowOf(contract().adminEmail);
    const protectedRes = await owner.call("POST", `/api/admin/users/${self.id}/delete`, { json: { csrfToken } });
    expectRefusal(protectedRes, 403, /admin account/i);
    expectStatus(await owner.call("GET", "/api/auth/user"), 200);

    const target = await rowOf(pausable.email!);
    expectRefusal(await owner.call("POST", `/api/admin/users/${target.id}/delete`, { json: {} }), 403);
    const res = await owner.call("POST", `/api/admin/users/${target.id}/delete`, { json: { csrfToken } });
    expectStatus(res, 200);
    expect(res.json).toEqual({ success: true });
    expectRefusal(await pausable.call("GET", "/api/auth/user"), 401);
    expectRefusal(await owner.call("POST", `/api/admin/users/${target.id}/delete`, { json: { csrfToken } }), 404);

    const victim = await rowOf(doomed.email!);
    const viaAction = await owner.action("deleteUser", [{ id: victim.id, csrfToken }]);
    shaped(actionDone, viaAction.result);
    expectRefusal(await doomed.call("GET", "/api/auth/user"), 401);
  });
});

describe("locking the console", () => {
  test("Log Out needs the CSRF token in X-CSRF-Token; then the console is locked", async () => {
    const { csrfToken } = await consoleData();
    expectRefusal(await owner.call("GET", "/api/admin/logout"), 403);
    expectStatus(await owner.call("GET", "/api/admin-status"), 200);

    const res = await owner.call("GET", "/api/admin/logout", { headers: { "X-CSRF-Token": csrfToken } });
    expectStatus(res, 200);
    expect(res.json).toEqual({ success: true });
    expectRefusal(await owner.call("GET", "/api/admin-status"), 401);
    expectRefusal(await owner.call("GET", "/api/admin/logs"), 401);
    // The session itself goes on.
    expectStatus(await owner.call("GET", "/api/auth/user"), 200);
  });

  test("the unlock form's action and the console's lock action", async () => {
    const wrong = await owner.action("unlockConsole", [{}, formData({ code: "still-not-the-code" })]);
    expect(shaped(actionFailure, wrong.result)).toMatchObject({
      status: 401,
      fieldErrors: { code: "Invalid admin code" },
    });

    const unlocked = await owner.action("unlockConsole", [{}, formData({ code: contract().adminCode })]);
    expect(unlocked.redirect).toBeNull();
    shaped(actionDone, unlocked.result);
    expect((unlocked.result as { values: { code: string } }).values).toEqual({ code: "" });
    expectStatus(await owner.call("GET", "/api/admin-status"), 200);

    const { csrfToken } = await consoleData();
    const badLock = await owner.action("lockConsole", ["forged"]);
    expect(shaped(actionFailure, badLock.result).status).toBe(403);
    expectStatus(await owner.call("GET", "/api/admin-status"), 200);
    const locked = await owner.action("lockConsole", [csrfToken]);
    shaped(actionDone, locked.result);
    expectRefusal(await owner.call("GET", "/api/admin-status"), 401);
  });
});
