// Issue "The break itself, in the app": one daily plan for the dashboard and the e-mail, the
// today / complete / undo calls, and snoozing from the e-mail.
import { MockLanguageModelV4 } from "ai/test";
import { beforeAll, describe, expect, it } from "vitest";
import * as snoozeRoute from "@/app/api/breaks/snooze/route";
import * as completeLinkRoute from "@/app/api/breaks/complete/route";
import * as slotCompleteRoute from "@/app/api/user/breaks/[slot]/complete/route";
import * as dashboardRoute from "@/app/api/user/dashboard/route";
import * as setupRoute from "@/app/api/user/setup/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as todayRoute from "@/app/api/user/today/route";
import { deriveKey } from "@/lib/platform/secret";
import { ensurePlans } from "@/lib/breaks/plan";
import { getToday } from "@/lib/breaks/today";
import type { CompletionView, TodayView } from "@/lib/breaks/types";
import { getDb, type Db } from "@/lib/db";
import type { Suggestion } from "@/lib/exercises/library";
import { dispatch } from "@/lib/reminders/dispatch";
import { checkSnooze, snoozeBreak } from "@/lib/reminders/snooze";
import { createSuggester } from "@/lib/exercises/suggest";
import { createBreakToken } from "@/lib/platform/link-tokens";
import { rescheduleUser } from "@/lib/reminders/slots";
import { localDate, localTime, localWeekday } from "@/lib/schedule/time";
import { applySettingsPatch } from "@/lib/users/settings-store";
import { signIn, uniqueEmail } from "../support/auth";
import { Client } from "../support/http";
import { createUser, memoryTransport } from "../support/reminders";

const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");
const config = { appUrl: "http://localhost:3000", secret: SECRET };
const library = createSuggester({ model: null });
let db: Db;
beforeAll(async () => {
  db = await getDb();
});

// Far-apart fixed dates per test, so the shared database's due rows never overlap.
let day = 0;
function nextDay() {
  day += 3;
  return new Date(Date.UTC(2032, 2, 1) + day * 86_400_000).toISOString().slice(0, 10);
}
const at = (s: string) => new Date(s);

/** A model that answers two sets (one exercise each, named by `tag`) and counts its calls. */
function countingModel(tag: string, delayMs = 0) {
  const set = (n: number) => ({
    exercises: [{ name: `${tag} move ${n}`, minutes: 5, steps: ["Stand up tall.", "Breathe in and out slowly."] }],
  });
  return new MockLanguageModelV4({
    doGenerate: async () => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      return {
        content: [{ type: "text", text: JSON.stringify({ sets: [set(1), set(2)] }) }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

/** A zone where it is now between 08:00 and 20:00, so "today" tests never meet midnight. */
function daytimeZone(now = new Date()) {
  const zones = [
    "UTC",
    "Asia/Tokyo",
    "America/New_York",
    "Europe/Berlin",
    "Asia/Kolkata",
    "America/Los_Angeles",
    "Australia/Sydney",
    "Asia/Dubai",
    "America/Sao_Paulo",
    "Pacific/Auckland",
    "Pacific/Honolulu",
  ];
  return zones.find((z) => {
    const h = Number(localTime(now, z).slice(0, 2));
    return h >= 8 && h < 20;
  })!;
}

/** A signed-in, onboarded user whose breaks are every day at 00:05 and 23:55 (local), in a daytime zone. */
async function signedInUser(opts: { activeDays?: number[]; times?: string[] } = {}) {
  const email = uniqueEmail("break");
  const c = await signIn(email);
  const timezone = daytimeZone();
  const times = opts.times ?? ["00:05", "23:55"];
  const r = await c.call(setupRoute.POST, {
    path: "/api/user/setup",
    body: { timezone, times: ["00:05", "23:55"], durationPreference: 10 },
  });
  expect(r.status).toBe(200);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  await db.userSettings.update({
    where: { userId: user.id },
    data: { times, activeDays: opts.activeDays ?? [0, 1, 2, 3, 4, 5, 6] },
  });
  await rescheduleUser(db, user.id);
  return { c, id: user.id, email, timezone, today: localDate(new Date(), timezone) };
}

const today = (c: Client) => c.call<TodayView>(todayRoute.GET, { path: "/api/user/today" });
const complete = (c: Client, slot: string, method: "POST" | "DELETE" = "POST") =>
  c.call<CompletionView>(
    (method === "POST" ? slotCompleteRoute.POST : slotCompleteRoute.DELETE) as Parameters<Client["call"]>[0],
    {
      method,
      path: `/api/user/breaks/${slot}/complete`,
      params: { slot },
    },
  );

describe("GET /api/user/today", () => {
  it("lists today's breaks with their exercises, times and completion, and says when the next one comes", async () => {
    const u = await signedInUser();
    const r = await today(u.c);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.json.localDate).toBe(u.today);
    expect(r.json.reason).toBeNull();
    expect(
      r.json.breaks.map((b) => [b.slot, b.time, b.timeDisplay, b.minutes, b.completed, b.completedAt, b.past]),
    ).toEqual([
      [0, "00:05", "12:05 AM", 10, false, null, true],
      [1, "23:55", "11:55 PM", 10, false, null, false],
    ]);
    for (const b of r.json.breaks) {
      expect(b.exercises).toHaveLength(2); // 10 minutes: two exercises
      expect(b.exercises.reduce((a, e) => a + e.minutes, 0)).toBe(10);
      for (const e of b.exercises) expect(e.steps.length).toBeGreaterThanOrEqual(2);
    }
    expect(r.json.nextBreak).toMatchObject({ slot: 1, time: "23:55", localDate: u.today, label: "today at 11:55 PM" });
    // Asked again: the same plan, not a new one.
    expect((await today(u.c)).json.breaks).toEqual(r.json.breaks);
    expect(await db.dailyPlan.count({ where: { userId: u.id } })).toBe(1);
  });

  it("is empty on a rest day, with the reason and the next break's weekday", async () => {
    const weekday = localWeekday(localDate(new Date(), daytimeZone()));
    const u = await signedInUser({ activeDays: [(weekday + 2) % 7] });
    const r = await today(u.c);
    expect(r.json).toMatchObject({ breaks: [], reason: "rest-day" });
    const names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    expect(r.json.nextBreak?.label).toBe(`${names[(weekday + 2) % 7]} at 12:05 AM`);
    expect(await db.dailyPlan.count({ where: { userId: u.id } })).toBe(0);
  });

  it("keeps today's breaks, their plan and the next break while e-mails are paused (pausing stops e-mails only)", async () => {
    const u = await signedInUser();
    const before = (await today(u.c)).json;
    await applySettingsPatch(db, u.id, { pauseEmails: true });
    const r = await today(u.c);
    expect(r.json).toMatchObject({ reason: null, emailsPaused: true, nextBreak: { slot: 1, time: "23:55" } });
    expect(r.json.breaks.map((b) => [b.slot, b.time])).toEqual([
      [0, "00:05"],
      [1, "23:55"],
    ]);
    expect(r.json.breaks.map((b) => b.exercises)).toEqual(before.breaks.map((b) => b.exercises));
    expect(before.emailsPaused).toBe(false);
  });

  it("answers 401 signed out", async () => {
    expect((await today(new Client())).status).toBe(401);
  });
});

describe("POST and DELETE /api/user/breaks/{slot}/complete", () => {
  it("marks a break done and undone, idempotently, counting like the e-mail's I-did-it", async () => {
    const u = await signedInUser();
    const first = await complete(u.c, "0");
    expect(first.status).toBe(200);
    // The user's first break ever names its trophy, once: the repeated call counts nothing new.
    expect(first.json).toEqual({ completedToday: 1, totalToday: 2, streakCount: 0, trophy: "First Break" });
    expect((await complete(u.c, "0")).json).toEqual({ ...first.json, trophy: null });
    const dash = await u.c.call<{ completedToday: number; schedule: { completed: boolean }[] }>(dashboardRoute.GET, {
      path: "/api/user/dashboard",
    });
    expect(dash.json.completedToday).toBe(1);
    expect((await today(u.c)).json.breaks[0]!.completed).toBe(true);
    expect((await today(u.c)).json.breaks[0]!.completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Both slots done: the day counts toward the streak at once.
    expect((await complete(u.c, "1")).json).toEqual({ completedToday: 2, totalToday: 2, streakCount: 1, trophy: null });
    const undone = await complete(u.c, "1", "DELETE");
    expect(undone.status).toBe(200);
    expect(undone.json).toEqual({ completedToday: 1, totalToday: 2, streakCount: 0 });
    expect((await complete(u.c, "1", "DELETE")).json).toEqual(undone.json);

    // The e-mail's link and the app share one record: undo in the app, redo by the link.
    await complete(u.c, "0", "DELETE");
    const token = createBreakToken("done", { userId: u.id, localDate: u.today, slot: 0 }, new Date(), SECRET);
    const link = await new Client().call(completeLinkRoute.POST, { path: "/api/breaks/complete", body: { token } });
    expect(link.json).toMatchObject({ alreadyCompleted: false, completedToday: 1 });
    expect((await complete(u.c, "0")).json.completedToday).toBe(1);
  });

  it("400 for a slot that is not today's, 404 on a day without breaks", async () => {
    const one = await signedInUser({ times: ["00:05"] });
    for (const slot of ["1", "2", "-1", "x", "01"]) {
      const r = await complete(one.c, slot);
      expect(r.status, slot).toBe(400);
      expect(r.json).toEqual({ message: "This break is not on today's schedule." });
    }
    const weekday = localWeekday(localDate(new Date(), daytimeZone()));
    const rest = await signedInUser({ activeDays: [(weekday + 3) % 7] });
    for (const method of ["POST", "DELETE"] as const) {
      const r = await complete(rest.c, "0", method);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ message: "There are no breaks scheduled today." });
    }
    expect(await db.breakRecord.count({ where: { userId: { in: [one.id, rest.id] } } })).toBe(0);
  });

  it("answers 401 signed out and never touches another user's breaks", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    expect((await complete(new Client(), "0")).status).toBe(401);
    await complete(a.c, "0");
    expect(await db.breakRecord.count({ where: { userId: b.id } })).toBe(0);
  });
});

describe("one plan, two surfaces", () => {
  it("the e-mail carries exactly the exercises /api/user/today shows for that slot", async () => {
    const d = nextDay();
    const u = await createUser(
      db,
      { times: ["10:00", "15:00"], duration: 15, prefs: "sore knee" },
      at(`${d}T08:00:00Z`),
    );
    const view = await getToday({ db, suggest: library, now: at(`${d}T09:00:00Z`) }, u.id);
    const transport = memoryTransport();
    await dispatch({ now: at(`${d}T10:02:00Z`), db, mail: transport.transport, suggest: library, config });
    const mail = transport.sent.find((m) => m.to === u.email)!;
    for (const e of view.breaks[0]!.exercises) {
      expect(mail.text).toContain(e.name);
      for (const step of e.steps) expect(mail.text).toContain(step);
    }
    const delivery = await db.delivery.findFirstOrThrow({ where: { userId: u.id, slot: 0 } });
    expect((delivery.suggestion as Suggestion).exercises).toEqual(view.breaks[0]!.exercises);
  });

  it("two concurrent first views (two processes) make one plan with one model call", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00", "15:00"], prefs: "standing desk" }, at(`${d}T08:00:00Z`));
    const model = countingModel("shared", 150);
    const [a, b] = await Promise.all([
      getToday({ db, suggest: createSuggester({ model }), now: at(`${d}T09:00:00Z`) }, u.id),
      getToday({ db, suggest: createSuggester({ model }), now: at(`${d}T09:00:00Z`) }, u.id),
    ]);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(a.breaks).toEqual(b.breaks);
    expect(a.breaks[0]!.exercises[0]!.name).toBe("shared move 1");
    // The dispatch then uses that plan too: still one call.
    const transport = memoryTransport();
    await dispatch({
      now: at(`${d}T10:01:00Z`),
      db,
      mail: transport.transport,
      suggest: createSuggester({ model }),
      config,
    });
    expect(transport.sent.find((m) => m.to === u.email)!.text).toContain("shared move 1");
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("a failed model call gives the library, kept for the day: not asked again", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00", "15:00"], prefs: "tight neck" }, at(`${d}T08:00:00Z`));
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("down");
      },
    });
    const suggest = createSuggester({ model, log: () => {} });
    const first = await getToday({ db, suggest, now: at(`${d}T09:00:00Z`) }, u.id);
    const again = await getToday(
      { db, suggest: createSuggester({ model, log: () => {} }), now: at(`${d}T11:00:00Z`) },
      u.id,
    );
    expect(again.breaks.map((b) => b.exercises)).toEqual(first.breaks.map((b) => b.exercises));
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("a settings change remakes the breaks not yet sent or done, and keeps the ones that were", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00", "15:00"], duration: 5, prefs: "" }, at(`${d}T08:00:00Z`));
    const before = await getToday({ db, suggest: library, now: at(`${d}T09:00:00Z`) }, u.id);
    await dispatch({ now: at(`${d}T10:02:00Z`), db, mail: memoryTransport().transport, suggest: library, config });
    await applySettingsPatch(db, u.id, { durationPreference: 15, intensityLevel: "high" }, at(`${d}T10:30:00Z`));
    const after = await getToday({ db, suggest: library, now: at(`${d}T10:31:00Z`) }, u.id);
    expect(after.breaks[0]!.exercises).toEqual(before.breaks[0]!.exercises); // e-mailed at 10:00: kept
    expect(after.breaks[1]!.exercises).toHaveLength(3); // 15 minutes now: remade
    expect(after.breaks[1]!.exercises).not.toEqual(before.breaks[1]!.exercises);
    // The afternoon e-mail carries the new plan.
    const transport = memoryTransport();
    await dispatch({ now: at(`${d}T15:01:00Z`), db, mail: transport.transport, suggest: library, config });
    const mail = transport.sent.find((m) => m.to === u.email)!;
    for (const e of after.breaks[1]!.exercises) expect(mail.text).toContain(e.name);
  });

  it("ensurePlans makes a whole batch in one claim and reuses it", async () => {
    const d = nextDay();
    const users = await Promise.all(
      Array.from({ length: 5 }, () => createUser(db, { times: ["10:00"] }, at(`${d}T08:00:00Z`))),
    );
    let calls = 0;
    const suggest: typeof library = async (i) => {
      calls += 1;
      return library(i);
    };
    const req = users.map((u) => ({
      userId: u.id,
      localDate: d,
      settings: { prefs: "", intensity: "medium" as const, durationMinutes: 5 as const },
    }));
    const first = await ensurePlans({ db, suggest }, req);
    const second = await ensurePlans({ db, suggest }, req);
    expect(calls).toBe(5);
    expect([...second.entries()]).toEqual([...first.entries()]);
  });
});

describe("snooze from the e-mail", () => {
  const tokenFor = (userId: string, localDate: string, slot = 0) =>
    createBreakToken("snooze", { userId, localDate, slot }, at(`${localDate}T10:00:00Z`), SECRET);

  it("e-mails the same slot again 15 minutes later, once, with the same exercises; at most twice", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00", "15:00"], duration: 10 }, at(`${d}T08:00:00Z`));
    const first = memoryTransport();
    await dispatch({ now: at(`${d}T10:01:00Z`), db, mail: first.transport, suggest: library, config });
    const original = first.sent.find((m) => m.to === u.email)!;
    const snoozeUrl = original.text.match(/http:\/\/localhost:3000\/snooze\?t=[^\s)\]]+/)?.[0];
    expect(snoozeUrl).toBeDefined();
    expect(original.text).toContain("Remind Me in 15 Minutes");
    const token = decodeURIComponent(new URL(snoozeUrl!).searchParams.get("t")!);

    // The page's GET changes nothing; the button's POST (two tabs at once) makes one snooze.
    await checkSnooze(db, token, SECRET, at(`${d}T10:03:00Z`));
    expect(await db.snooze.count({ where: { userId: u.id } })).toBe(0);
    const [a, b] = await Promise.all([
      snoozeBreak(db, token, SECRET, at(`${d}T10:03:00Z`)),
      snoozeBreak(db, token, SECRET, at(`${d}T10:03:00Z`)),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ timeDisplay: "10:00 AM", remindAtDisplay: "10:18 AM", remaining: 1 });
    expect(await db.snooze.count({ where: { userId: u.id } })).toBe(1);

    // Not before its time; then once, even with three runs at the same moment.
    const early = memoryTransport();
    await dispatch({ now: at(`${d}T10:17:00Z`), db, mail: early.transport, suggest: library, config });
    expect(early.sent.filter((m) => m.to === u.email)).toHaveLength(0);
    const runs = [memoryTransport(), memoryTransport(), memoryTransport()];
    await Promise.all(
      runs.map((t) => dispatch({ now: at(`${d}T10:18:30Z`), db, mail: t.transport, suggest: library, config })),
    );
    const again = runs.flatMap((t) => t.sent).filter((m) => m.to === u.email);
    expect(again).toHaveLength(1);
    expect(again[0]!.subject).toBe("Reminder: your 10-minute break");
    expect(again[0]!.idempotencyKey).toBe(`reminder-${u.id}-${d}-0-r1`);
    // The exercises run from their heading (after the buttons) to the footer's rule.
    const exercisesOf = (text: string) => text.split("Your exercises")[1]!.split("\n----")[0];
    expect(exercisesOf(original.text)).toMatch(/\n 1\. /);
    expect(exercisesOf(again[0]!.text)).toBe(exercisesOf(original.text));
    expect(again[0]!.text).toContain("Remind Me in 15 Minutes");

    // A second snooze is allowed, and its e-mail offers no third.
    await snoozeBreak(db, token, SECRET, at(`${d}T10:20:00Z`));
    const second = memoryTransport();
    await dispatch({ now: at(`${d}T10:36:00Z`), db, mail: second.transport, suggest: library, config });
    const last = second.sent.find((m) => m.to === u.email)!;
    expect(last.idempotencyKey).toBe(`reminder-${u.id}-${d}-0-r2`);
    expect(last.text).not.toContain("Remind Me in 15 Minutes");
    await expect(snoozeBreak(db, token, SECRET, at(`${d}T10:40:00Z`))).rejects.toMatchObject({
      status: 400,
      publicMessage: "This break has already been snoozed twice.",
    });
    expect(await db.delivery.count({ where: { userId: u.id, slot: 0 } })).toBe(3);
  });

  it("never after local midnight, not once the break is done, not on another day, not while paused", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["23:30", "15:00"] }, at(`${d}T08:00:00Z`));
    const late = tokenFor(u.id, d);
    await expect(snoozeBreak(db, late, SECRET, at(`${d}T23:50:00Z`))).rejects.toMatchObject({
      publicMessage: "It's too late today to snooze this break.",
    });
    await expect(
      snoozeBreak(db, late, SECRET, new Date(at(`${d}T23:50:00Z`).getTime() + 20 * 60_000)),
    ).rejects.toMatchObject({
      publicMessage: "This break was on another day: it can no longer be snoozed.",
    });
    const ok = tokenFor(u.id, d, 1);
    await db.breakRecord.create({ data: { userId: u.id, localDate: d, slot: 1, completedAt: at(`${d}T15:05:00Z`) } });
    await expect(snoozeBreak(db, ok, SECRET, at(`${d}T15:10:00Z`))).rejects.toMatchObject({
      publicMessage: "You've already done this break. Nice work!",
    });
    await applySettingsPatch(db, u.id, { pauseEmails: true });
    await expect(snoozeBreak(db, tokenFor(u.id, d, 0), SECRET, at(`${d}T16:00:00Z`))).rejects.toMatchObject({
      publicMessage:
        "Your reminder e-mails are paused, so there is nothing to send. You can turn them back on in Settings.",
    });
    // A done token is not a snooze token.
    const done = createBreakToken("done", { userId: u.id, localDate: d, slot: 0 }, at(`${d}T10:00:00Z`), SECRET);
    await expect(snoozeBreak(db, done, SECRET, at(`${d}T16:00:00Z`))).rejects.toMatchObject({ status: 400 });
  });

  it("cancels a waiting snooze when the break is done meanwhile", async () => {
    const d = nextDay();
    const u = await createUser(db, { times: ["10:00", "15:00"] }, at(`${d}T08:00:00Z`));
    await snoozeBreak(db, tokenFor(u.id, d), SECRET, at(`${d}T10:05:00Z`));
    await db.breakRecord.create({ data: { userId: u.id, localDate: d, slot: 0, completedAt: at(`${d}T10:10:00Z`) } });
    const t = memoryTransport();
    await dispatch({ now: at(`${d}T10:21:00Z`), db, mail: t.transport, suggest: library, config });
    // Done before its e-mail went out: neither the reminder nor the snooze is sent.
    expect(t.sent.filter((m) => m.to === u.email)).toHaveLength(0);
    expect((await db.snooze.findFirstOrThrow({ where: { userId: u.id } })).status).toBe("cancelled");
  });

  it("POST /api/breaks/snooze: the signed token is the only credential; bad tokens are 400 and change nothing", async () => {
    const u = await signedInUser();
    const token = createBreakToken("snooze", { userId: u.id, localDate: u.today, slot: 1 }, new Date(), SECRET);
    const r = await new Client().call(snoozeRoute.POST, { path: "/api/breaks/snooze", body: { token } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ timeDisplay: "11:55 PM", remaining: 1 });
    expect(r.headers.getSetCookie()).toEqual([]);
    for (const body of [{ token: `${token}x` }, { token: "short" }, {}, { token: 42 }]) {
      const bad = await new Client().call(snoozeRoute.POST, { path: "/api/breaks/snooze", body });
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual({ message: "This link is not valid. Open the latest reminder e-mail and try again." });
    }
    expect(await db.snooze.count({ where: { userId: u.id } })).toBe(1);
  });

  it("settings changes in the app keep the dashboard's and the next e-mail's exercises the same", async () => {
    const u = await signedInUser({ times: ["23:55"] });
    const put = await u.c.call(settingsRoute.PUT, {
      method: "PUT",
      path: "/api/user/settings",
      body: { movement_prefs: "bad wrists", duration_preference: 15 },
    });
    expect(put.status).toBe(200);
    const r = await today(u.c);
    expect(r.json.breaks[0]!.exercises).toHaveLength(3);
  });
});
