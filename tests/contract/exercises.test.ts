// Swap and exercise feedback (issue 33) on the build: the two routes and their two actions, signed
// out and in, bad input, the 3-swap cap per break, a done break, the swap kept in the day's plan
// (GET /api/user/today and the break page show it), and the marks in the data export.
import { beforeAll, describe, expect, test } from "vitest";
import { Client, signedIn } from "./support/client";
import { expectRefusal, expectStatus } from "./support/expect";
import { actionFailure, actionOk, dataExport, exerciseFeedbackView, shaped, swapView, today } from "./support/schemas";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const FEEDBACK = "/api/user/exercises/feedback";
const swapPath = (slot: number | string) => `/api/user/breaks/${slot}/swap`;

async function todayOf(client: Client) {
  const res = await client.call("GET", "/api/user/today");
  expectStatus(res, 200);
  return shaped(today, res.json, "GET /api/user/today");
}

let user: Client;
beforeAll(async () => {
  user = await (
    await signedIn("exercises")
  ).setup({ timezone: "UTC", times: ["00:00", "23:55"], durationPreference: 10, activeDays: EVERY_DAY });
});

describe("POST /api/user/breaks/{slot}/swap", () => {
  test("signed out 401; bad slot or index 400", async () => {
    expectRefusal(await new Client().call("POST", swapPath(0), { json: { index: 0 } }), 401);
    expectRefusal(await user.call("POST", swapPath(2), { json: { index: 0 } }), 400);
    expectRefusal(await user.call("POST", swapPath(0), { json: { index: 5 } }), 400);
    expectRefusal(await user.call("POST", swapPath(0), { json: { index: "first" } }), 400);
  });

  test("swaps one exercise, kept in the plan; the action swaps too; the 4th swap of a break is refused (409)", async () => {
    const before = (await todayOf(user)).breaks.find((b) => b.slot === 0)!;
    const res = await user.call("POST", swapPath(0), { json: { index: 1 } });
    expectStatus(res, 200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const view = shaped(swapView, res.json, "POST swap");
    expect(view.swapsLeft).toBe(2);
    expect(view.exercises[0]).toEqual(before.exercises[0]);
    expect(view.exercises[1]!.name).not.toBe(before.exercises[1]!.name);
    expect(view.exercises[1]!.minutes).toBe(before.exercises[1]!.minutes);
    // Every later read shows it: today's breaks and the guided break's page.
    expect((await todayOf(user)).breaks.find((b) => b.slot === 0)!.exercises).toEqual(view.exercises);
    const page = await user.call("GET", "/break/0");
    expectStatus(page, 200);
    expect(page.text).toContain(view.exercises[1]!.name);

    const viaAction = await user.action("swapExercise", [{ slot: 0, index: 0 }]);
    const acted = shaped(actionOk(swapView), viaAction.result, "swapExercise's result");
    expect(acted.data.swapsLeft).toBe(1);
    expectStatus(await user.call("POST", swapPath(0), { json: { index: 0 } }), 200);
    expectRefusal(
      await user.call("POST", swapPath(0), { json: { index: 0 } }),
      409,
      "You've swapped 3 exercises in this break today. That's the most for one break.",
    );
    const refused = shaped(actionFailure, (await user.action("swapExercise", [{ slot: 0, index: 1 }])).result);
    expect(refused.status).toBe(409);
  });

  test("a done break can't be swapped (409)", async () => {
    expectStatus(await user.call("POST", "/api/user/breaks/1/complete"), 200);
    expectRefusal(
      await user.call("POST", swapPath(1), { json: { index: 0 } }),
      409,
      "This break is already done: its exercises can't be swapped.",
    );
  });
});

describe("POST /api/user/exercises/feedback", () => {
  test("stores a mark (latest wins), removes it with none, refuses bad input; the action and the export", async () => {
    expectRefusal(await new Client().call("POST", FEEDBACK, { json: { name: "Chin Tucks", verdict: "liked" } }), 401);
    expectRefusal(
      await user.call("POST", FEEDBACK, { json: { name: "Chin Tucks", verdict: "liked", reason: "hurts" } }),
      400,
    );
    expectRefusal(await user.call("POST", FEEDBACK, { json: { name: "Chin Tucks", verdict: "maybe" } }), 400);

    const liked = await user.call("POST", FEEDBACK, { json: { name: "Chin Tucks", verdict: "liked" } });
    expectStatus(liked, 200);
    expect(shaped(exerciseFeedbackView, liked.json)).toMatchObject({ verdict: "liked", reason: null });
    const notForMe = await user.call("POST", FEEDBACK, {
      json: { name: "Chin Tucks", verdict: "not-for-me", reason: "too-easy" },
    });
    expect(shaped(exerciseFeedbackView, notForMe.json)).toMatchObject({ verdict: "not-for-me", reason: "too-easy" });

    const viaAction = await user.action("sendExerciseFeedback", [{ name: "Seated March", verdict: "liked" }]);
    expect(shaped(actionOk(exerciseFeedbackView), viaAction.result).data).toMatchObject({ name: "Seated March" });
    const bad = shaped(
      actionFailure,
      (await user.action("sendExerciseFeedback", [{ name: "x", verdict: "liked" }])).result,
    );
    expect(bad.status).toBe(400);

    const exported = shaped(dataExport, (await user.call("GET", "/api/user/export")).json);
    expect(exported.exerciseFeedback.map((f) => [f.name, f.verdict, f.reason]).sort()).toEqual([
      ["Chin Tucks", "not-for-me", "too-easy"],
      ["Seated March", "liked", null],
    ]);

    const removed = await user.call("POST", FEEDBACK, { json: { name: "chin tucks", verdict: "none" } });
    expect(shaped(exerciseFeedbackView, removed.json)).toMatchObject({ verdict: "none", updatedAt: null });
    expect(shaped(dataExport, (await user.call("GET", "/api/user/export")).json).exerciseFeedback).toHaveLength(1);
  });
});
