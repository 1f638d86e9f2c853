// Issue 33 on the production build: a user who signs up in the evening starts without failure
// (their first day's earlier breaks are "before-start", not missed, and not counted; doing one
// anyway counts), and the dashboard, today, history and export carry the streak-freeze fields.
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { Client, signedIn } from "./support/client";
import { expectStatus } from "./support/expect";
import { actionOk, completion, counted, dashboard, dataExport, history, shaped, today } from "./support/schemas";
import { localNow, zoneWithLocalMinutes } from "./support/time";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

async function json<T extends z.ZodType>(client: Client, path: string, schema: T): Promise<z.output<T>> {
  const res = await client.call("GET", path);
  expectStatus(res, 200);
  return shaped(schema, res.json, `GET ${path}`);
}

let zone: string;
let evening: Client;

beforeAll(async () => {
  // A zone where it is evening now (16:00-23:30): both breaks, 10:30 and 15:00, were due before the sign-up.
  zone = zoneWithLocalMinutes(16 * 60, 23 * 60 + 30);
  evening = await (
    await signedIn("evening")
  ).setup({ timezone: zone, times: ["10:30", "15:00"], durationPreference: 5, activeDays: EVERY_DAY });
});

describe("an evening sign-up's first day", () => {
  test("no missed break: both are before-start, nothing counted, no streak, no freezes", async () => {
    const board = await json(evening, "/api/user/dashboard", dashboard);
    expect(board.localDate).toBe(localNow(zone).date);
    expect(board.schedule.map((b) => [b.time, b.status, b.past])).toEqual([
      ["10:30", "before-start", true],
      ["15:00", "before-start", true],
    ]);
    expect(board).toMatchObject({
      streakCount: 0,
      completedToday: 0,
      totalToday: 0,
      streakFreezes: 0,
      lastFrozenDate: null,
    });
    const day = await json(evening, "/api/user/today", today);
    expect(day.breaks.map((b) => [b.slot, b.status])).toEqual([
      [0, "before-start"],
      [1, "before-start"],
    ]);
    const h = await json(evening, "/api/user/history?days=7", history);
    expect(h.days).toEqual([{ date: board.localDate, scheduled: 0, completed: 0, status: "rest" }]);
  });

  test("the first win: doing slot 0 anyway makes it 1 of 1 and starts the streak", async () => {
    const done = await evening.call("POST", "/api/user/breaks/0/complete");
    expectStatus(done, 200);
    // The user's first break ever: its answer names the trophy it earned.
    expect(shaped(counted, done.json)).toEqual({
      completedToday: 1,
      totalToday: 1,
      streakCount: 1,
      trophy: "First Break",
    });
    const board = await json(evening, "/api/user/dashboard", dashboard);
    expect(board.schedule.map((b) => b.status)).toEqual(["done", "before-start"]);
    expect(board).toMatchObject({ completedToday: 1, totalToday: 1, streakCount: 1, streakFreezes: 0 });
    // Undone by the dashboard's action, then done again by it: the counts follow.
    const undone = await evening.action("undoBreak", [0]);
    expect(shaped(actionOk(completion), undone.result).data).toEqual({
      completedToday: 0,
      totalToday: 0,
      streakCount: 0,
    });
    const again = await evening.action("completeBreak", [0]);
    // Counted again after an Undo: the trophy was named once, and is not again.
    expect(shaped(actionOk(counted), again.result).data).toEqual({
      completedToday: 1,
      totalToday: 1,
      streakCount: 1,
      trophy: null,
    });
    const h = await json(evening, "/api/user/history?days=7", history);
    expect(h.days.at(-1)).toEqual({ date: board.localDate, scheduled: 1, completed: 1, status: "complete" });
    expect(h.currentStreak).toBe(1);
    const exported = shaped(dataExport, (await evening.call("GET", "/api/user/export")).json);
    expect(exported.streak).toEqual({ count: 0, asOf: null, freezes: 0, frozenDays: [] });
  });
});
