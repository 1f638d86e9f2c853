// Issue 33: Swap and exercise feedback, through the route handlers and the server actions: sign-in,
// validation, the caller's own rows only, the 3-swap cap, a done break, the plan keeping the swap,
// the export carrying the marks and account deletion erasing them.
import { beforeAll, describe, expect, it } from "vitest";
import * as setupRoute from "@/app/api/user/setup/route";
import * as todayRoute from "@/app/api/user/today/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as swapRoute from "@/app/api/user/breaks/[slot]/swap/route";
import * as feedbackRoute from "@/app/api/user/exercises/feedback/route";
import * as completeRoute from "@/app/api/user/breaks/[slot]/complete/route";
import { swapExercise } from "@/lib/actions/swap-exercise";
import { sendExerciseFeedback } from "@/lib/actions/exercise-feedback";
import { getDb, type Db } from "@/lib/db";
import { FEEDBACK_MESSAGES, MAX_SWAPS_PER_BREAK, SWAP_MESSAGES, type SwapView } from "@/lib/exercises/input";
import { feedbackForPlans, MAX_FEEDBACK_PER_USER } from "@/lib/exercises/feedback";
import { EXERCISES, MIN_MOVING_SHARE, movingShare } from "@/lib/exercises/library";
import type { TodayView } from "@/lib/breaks/types";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, type ActionCall } from "../support/http";
import { expectSafeActionRejection } from "../support/security";

let db: Db;

/** A zone where it is noon now, so both breaks (14:00, 16:00) are ahead whatever the hour. */
function noonZone() {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

async function person(prefix: string, movementPrefs = "") {
  const email = uniqueEmail(prefix);
  const c = await signIn(email);
  const setup = await c.call(setupRoute.POST, {
    path: "/api/user/setup",
    body: {
      timezone: noonZone(),
      times: ["14:00", "16:00"],
      durationPreference: 10,
      activeDays: [0, 1, 2, 3, 4, 5, 6],
      ...(movementPrefs && { movementPrefs }),
    },
  });
  expect(setup.status, JSON.stringify(setup.json)).toBe(200);
  return { c, email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };
}

type AnyHandler = Parameters<Client["call"]>[0];
const swap = (c: Client, slot: string, body: unknown) =>
  c.call<SwapView & { message?: string }>(swapRoute.POST as unknown as AnyHandler, {
    path: `/api/user/breaks/${slot}/swap`,
    params: { slot },
    body,
  });
const feedback = (c: Client, body: unknown) =>
  c.call<Record<string, unknown>>(feedbackRoute.POST, { path: "/api/user/exercises/feedback", body });
const today = async (c: Client) => (await c.call<TodayView>(todayRoute.GET, { path: "/api/user/today" })).json;
const names = (list: { name: string }[]) => list.map((e) => e.name);

function resultOf<R>(call: ActionCall<R>): R {
  expect(call.redirect).toBeUndefined();
  return call.result as R;
}
function refused(call: ActionCall<unknown>, status: number) {
  const r = resultOf(call) as { ok: boolean; status: number; message: string };
  expectSafeActionRejection(r, "");
  expect(r.status, JSON.stringify(r)).toBe(status);
  return r;
}

beforeAll(async () => {
  db = await getDb();
});

describe("POST /api/user/breaks/{slot}/swap", () => {
  it("replaces one exercise with a different one of the same minutes, kept in the plan; 3 per break, then 409", async () => {
    const A = await person("swap-a", "seated only, bad knees");
    const B = await person("swap-b");
    const before = (await today(A.c)).breaks.find((b) => b.slot === 0)!;
    const beforeB = (await today(B.c)).breaks.map((b) => names(b.exercises));
    expect(before.exercises).toHaveLength(2);

    const first = await swap(A.c, "0", { index: 0 });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.slot).toBe(0);
    expect(first.json.swapsLeft).toBe(MAX_SWAPS_PER_BREAK - 1);
    const [swapped, kept] = first.json.exercises;
    expect(swapped!.name).not.toBe(before.exercises[0]!.name);
    expect(swapped!.name).not.toBe(before.exercises[1]!.name);
    expect(swapped!.minutes).toBe(before.exercises[0]!.minutes);
    expect(kept).toEqual(before.exercises[1]);
    // It fits the preferences (seated, nothing that strains knees) and the break stays mostly movement.
    const lib = EXERCISES.find((e) => e.name === swapped!.name)!;
    expect(lib.seated).toBe(true);
    expect(lib.avoidFor).not.toContain("knees");
    expect(movingShare(first.json.exercises)).toBeGreaterThanOrEqual(MIN_MOVING_SHARE);

    // Kept: later reads (the dashboard, the break page) show it; the other slot and B are untouched.
    const after = await today(A.c);
    expect(after.breaks.find((b) => b.slot === 0)!.exercises).toEqual(first.json.exercises);
    expect((await today(B.c)).breaks.map((b) => names(b.exercises))).toEqual(beforeB);

    // Bad input: 400, nothing changes.
    for (const [slot, body] of [
      ["2", { index: 0 }],
      ["x", { index: 0 }],
      ["0", { index: 2 }],
      ["0", { index: -1 }],
      ["0", { index: "0" }],
      ["0", {}],
    ] as const) {
      const r = await swap(A.c, slot, body);
      expect(r.status, `${slot} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof r.json.message).toBe("string");
    }
    expect((await today(A.c)).breaks.find((b) => b.slot === 0)!.exercises).toEqual(first.json.exercises);

    // Two more through the route and the action, then the cap. The same exercise each time: its
    // earlier choices fit again, so a replacement always exists (swapping the other one could leave
    // this one needing a longer moving exercise than a seated, knee-safe library has).
    expect((await swap(A.c, "0", { index: 0 })).status).toBe(200);
    const third = resultOf(await A.c.action(swapExercise, [{ slot: 0, index: 0 }])) as {
      ok: true;
      data: SwapView;
    };
    expect(third).toMatchObject({ ok: true, data: { slot: 0, swapsLeft: 0 } });
    const fourth = await swap(A.c, "0", { index: 0 });
    expect(fourth.status).toBe(409);
    expect(fourth.json.message).toBe(SWAP_MESSAGES.limit);
    expect(refused(await A.c.action(swapExercise, [{ slot: 0, index: 1 }]), 409).message).toBe(SWAP_MESSAGES.limit);
    expect((await today(A.c)).breaks.find((b) => b.slot === 0)!.exercises).toEqual(third.data.exercises);
    // The cap is per break: the other one can still be swapped.
    expect((await swap(A.c, "1", { index: 0 })).status).toBe(200);
  });

  it("a done break can't be swapped (409); signed out 401; the action refuses bad input", async () => {
    const C = await person("swap-c");
    const done = await C.c.call(completeRoute.POST as unknown as AnyHandler, {
      path: "/api/user/breaks/1/complete",
      params: { slot: "1" },
    });
    expect(done.status).toBe(200);
    const r = await swap(C.c, "1", { index: 0 });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(SWAP_MESSAGES.done);
    expect(refused(await C.c.action(swapExercise, [{ slot: 1, index: 0 }]), 409).message).toBe(SWAP_MESSAGES.done);
    refused(await C.c.action(swapExercise, [{ slot: 3, index: 0 }]), 400);
    refused(await C.c.action(swapExercise, [{ slot: 0, index: 7 }]), 400);
    refused(await C.c.action(swapExercise, ["0"]), 400);

    const anon = new Client();
    expect((await swap(anon, "0", { index: 0 })).status).toBe(401);
    refused(await anon.action(swapExercise, [{ slot: 0, index: 0 }]), 401);
  });

  it("never swaps in an exercise marked not for me", async () => {
    const D = await person("swap-d", "seated only");
    const seatedLow = EXERCISES.filter((e) => e.seated && e.moving).map((e) => e.name);
    // Everything seated and moving but three is marked "not for me".
    const allowed = new Set(seatedLow.slice(0, 3));
    for (const name of seatedLow.filter((n) => !allowed.has(n)))
      expect((await feedback(D.c, { name, verdict: "not-for-me", reason: "hurts" })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const r = await swap(D.c, "1", { index: 0 });
      if (r.status === 409) {
        expect(r.json.message).toBe(SWAP_MESSAGES.none);
        break;
      }
      expect(r.status).toBe(200);
      const lib = EXERCISES.find((e) => e.name === r.json.exercises[0]!.name)!;
      // A still exercise may come in only when the rest keeps the break moving; a moving one is one of the allowed.
      if (lib.moving) expect(allowed.has(lib.name), lib.name).toBe(true);
    }
  });
});

describe("POST /api/user/exercises/feedback", () => {
  it("stores one mark per user and name, the latest winning; none removes it; only the caller's", async () => {
    const A = await person("fb-a");
    const B = await person("fb-b");
    const liked = await feedback(A.c, { name: "Chin Tucks", verdict: "liked" });
    expect(liked.status).toBe(200);
    expect(liked.json).toMatchObject({ name: "Chin Tucks", verdict: "liked", reason: null });
    const changed = await feedback(A.c, { name: "chin tucks ", verdict: "not-for-me", reason: "too-easy" });
    expect(changed.json).toMatchObject({ verdict: "not-for-me", reason: "too-easy" });
    const rows = await db.exerciseFeedback.findMany({ where: { userId: A.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ verdict: "not-for-me", reason: "too-easy", nameKey: "chin tucks" });
    expect(await db.exerciseFeedback.count({ where: { userId: B.id } })).toBe(0);

    // The action does the same.
    expect(
      resultOf(await B.c.action(sendExerciseFeedback, [{ name: "Seated March", verdict: "liked" }])),
    ).toMatchObject({ ok: true, data: { name: "Seated March", verdict: "liked" } });
    expect(await db.exerciseFeedback.count({ where: { userId: B.id } })).toBe(1);
    expect(await db.exerciseFeedback.count({ where: { userId: A.id } })).toBe(1);

    // Plans read them: avoid and favour, per user.
    const forPlans = await feedbackForPlans(db, [A.id, B.id]);
    expect(forPlans.get(A.id)).toEqual({ avoid: ["chin tucks"], favour: [] });
    expect(forPlans.get(B.id)).toEqual({ avoid: [], favour: ["Seated March"] });

    // Bad input: 400 with the field's message; nothing written.
    for (const body of [
      { name: "Chin Tucks", verdict: "liked", reason: "hurts" },
      { name: "Chin Tucks", verdict: "meh" },
      { name: "Chin Tucks", verdict: "not-for-me", reason: "boring" },
      { name: "x", verdict: "liked" },
      { name: "y".repeat(61), verdict: "liked" },
      { verdict: "liked" },
    ]) {
      const r = await feedback(A.c, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await feedback(A.c, { name: "Chin Tucks", verdict: "liked", reason: "hurts" })).json.message).toBe(
      FEEDBACK_MESSAGES.reasonOnlyNotForMe,
    );
    refused(await A.c.action(sendExerciseFeedback, [{ name: "Chin Tucks", verdict: "liked", reason: "hurts" }]), 400);
    expect(await db.exerciseFeedback.count({ where: { userId: A.id, verdict: "not-for-me" } })).toBe(1);

    // "none" removes A's mark, not B's.
    expect((await feedback(A.c, { name: "CHIN TUCKS", verdict: "none" })).json).toMatchObject({ verdict: "none" });
    expect(await db.exerciseFeedback.count({ where: { userId: A.id } })).toBe(0);
    expect(await db.exerciseFeedback.count({ where: { userId: B.id } })).toBe(1);

    const anon = new Client();
    expect((await feedback(anon, { name: "Chin Tucks", verdict: "liked" })).status).toBe(401);
    refused(await anon.action(sendExerciseFeedback, [{ name: "Chin Tucks", verdict: "liked" }]), 401);
  });

  it("caps the marks a user keeps (409), though changing one always works", async () => {
    const E = await person("fb-cap");
    await db.exerciseFeedback.createMany({
      data: Array.from({ length: MAX_FEEDBACK_PER_USER }, (_, i) => ({
        userId: E.id,
        nameKey: `move ${i}`,
        name: `Move ${i}`,
        verdict: "liked",
      })),
    });
    const r = await feedback(E.c, { name: "One More", verdict: "liked" });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(FEEDBACK_MESSAGES.tooMany);
    expect((await feedback(E.c, { name: "Move 3", verdict: "not-for-me" })).status).toBe(200);
  });

  it("is in the data export and erased with the account", async () => {
    const F = await person("fb-export");
    expect((await feedback(F.c, { name: "Shoulder Rolls", verdict: "not-for-me", reason: "hurts" })).status).toBe(200);
    const exported = await F.c.call<{ exerciseFeedback: unknown[] }>(exportRoute.GET, { path: "/api/user/export" });
    expect(exported.status).toBe(200);
    expect(exported.json.exerciseFeedback).toEqual([
      expect.objectContaining({ name: "Shoulder Rolls", verdict: "not-for-me", reason: "hurts" }),
    ]);
    await db.user.delete({ where: { id: F.id } });
    expect(await db.exerciseFeedback.count({ where: { userId: F.id } })).toBe(0);
  });
});
