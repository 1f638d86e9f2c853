// Issue 33: the weekly recap e-mail (once per user and week under concurrent runs, opt-out, paused,
// nothing to recap, one user's failure isolated), its unsubscribe, GET /api/user/recap and the
// trophies on GET /api/user/history.
import { beforeAll, describe, expect, it } from "vitest";
import * as historyRoute from "@/app/api/user/history/route";
import * as recapRoute from "@/app/api/user/recap/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as cronRecapRoute from "@/app/api/cron/recap/route";
import { getDb, type Db } from "@/lib/db";
import { completeFromToken, completeTodayBreak, undoTodayBreak } from "@/lib/breaks/completion";
import { createDoneToken, createUnsubscribeToken, readRecapUnsubscribeToken } from "@/lib/platform/link-tokens";
import { purposeKey } from "@/lib/platform/secret";
import { dispatchRecaps, type RecapDeps } from "@/lib/recap/send";
import { getRecap } from "@/lib/recap/read";
import { resubscribeFromLink, unsubscribeFromLink } from "@/lib/users/unsubscribe";
import { signIn, uniqueEmail } from "../support/auth";
import { Client } from "../support/http";
import { seedBreaks } from "../support/history";
import { createUser, memoryTransport } from "../support/reminders";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

// Monday 2026-11-30, 10:00 in London (UTC in winter): the recap of 23-29 November is due for a
// user whose first break is at 09:30.
const MONDAY = new Date("2026-11-30T10:00:00Z");
const SECRET = purposeKey("email-links");

async function recapUser(opts: { done?: { date: string; slot: number }[]; paused?: boolean; email?: string } = {}) {
  const user = await createUser(
    db,
    { timezone: "Europe/London", times: ["09:30", "14:00"], paused: opts.paused, email: opts.email },
    MONDAY,
  );
  await db.userSettings.update({ where: { userId: user.id }, data: { createdAt: new Date("2026-11-01T12:00:00Z") } });
  if (opts.done?.length) await seedBreaks(db, user.id, opts.done);
  return user;
}

const deps = (mail: RecapDeps["mail"], now = MONDAY): RecapDeps => ({
  db,
  mail,
  appUrl: "https://limber.test",
  secret: SECRET,
  now,
});

/** Only this test's users: the run covers everyone in the database. */
const to = <T extends { to: string }>(sent: T[], email: string) => sent.filter((m) => m.to === email);

describe("weekly recap e-mail", () => {
  it("is sent once per user and week, even by two runs at the same time", async () => {
    const user = await recapUser({
      done: [
        { date: "2026-11-24", slot: 0 },
        { date: "2026-11-24", slot: 1 },
        { date: "2026-11-26", slot: 0 },
        { date: "2026-11-17", slot: 0 },
      ],
    });
    const mail = memoryTransport();
    await Promise.all([dispatchRecaps(deps(mail.transport)), dispatchRecaps(deps(mail.transport))]);
    await dispatchRecaps(deps(mail.transport, new Date("2026-11-30T12:00:00Z"))); // a later run that Monday
    const mine = to(mail.sent, user.email);
    expect(mine).toHaveLength(1);
    const m = mine[0]!;
    expect(m.subject).toBe("Your week: 3 movement breaks done");
    expect(m.text).toContain("Nov 23 – Nov 29");
    expect(m.text).toMatch(/\b15\s+minutes moved/);
    expect(m.text).toMatch(/\b3\s+breaks done/);
    expect(m.text).toContain("Best day: Tuesday, Nov 24 (2 breaks)");
    expect(m.text).toContain("Compared with last week: 2 more breaks");
    expect(m.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<https:\/\/limber\.test\/api\/unsubscribe\?t=([^>]+)>/.exec(m.headers?.["List-Unsubscribe"] ?? "");
    expect(readRecapUnsubscribeToken(decodeURIComponent(link![1]!), SECRET)).toBe(user.id);
    const rows = await db.recapSend.findMany({ where: { userId: user.id } });
    expect(rows).toMatchObject([{ weekStart: "2026-11-23", status: "sent" }]);
  });

  it("waits for the first break time on Monday, and is not sent on other days", async () => {
    const user = await recapUser({ done: [{ date: "2026-11-25", slot: 0 }] });
    const mail = memoryTransport();
    await dispatchRecaps(deps(mail.transport, new Date("2026-11-30T09:29:00Z")));
    await dispatchRecaps(deps(mail.transport, new Date("2026-11-29T18:00:00Z"))); // Sunday
    expect(to(mail.sent, user.email)).toHaveLength(0);
    await dispatchRecaps(deps(mail.transport, new Date("2026-11-30T09:30:00Z")));
    expect(to(mail.sent, user.email)).toHaveLength(1);
  });

  it("is not sent with no breaks that week nor the week before, when turned off, or while paused", async () => {
    const idle = await recapUser({ done: [{ date: "2026-11-10", slot: 0 }] });
    const off = await recapUser({ done: [{ date: "2026-11-25", slot: 0 }] });
    await db.userSettings.update({ where: { userId: off.id }, data: { weeklyRecapEmail: false } });
    const paused = await recapUser({ done: [{ date: "2026-11-25", slot: 0 }], paused: true });
    const quietLastWeek = await recapUser({ done: [{ date: "2026-11-18", slot: 0 }] });
    const mail = memoryTransport();
    await dispatchRecaps(deps(mail.transport));
    expect(to(mail.sent, idle.email)).toHaveLength(0);
    expect(to(mail.sent, off.email)).toHaveLength(0);
    expect(to(mail.sent, paused.email)).toHaveLength(0);
    // Nothing last week but breaks the week before: the recap goes (0 done, 1 fewer).
    expect(to(mail.sent, quietLastWeek.email)).toHaveLength(1);
    expect(to(mail.sent, quietLastWeek.email)[0]!.text).toContain("1 fewer break");
    expect(await db.recapSend.findMany({ where: { userId: idle.id } })).toMatchObject([{ status: "skipped" }]);
  });

  it("records one user's failure and still sends the others'", async () => {
    const failing = await recapUser({ done: [{ date: "2026-11-25", slot: 0 }] });
    const fine = await recapUser({ done: [{ date: "2026-11-25", slot: 0 }] });
    const mail = memoryTransport((m) => (m.to === failing.email ? "mailbox unavailable" : null));
    const result = await dispatchRecaps(deps(mail.transport));
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(to(mail.sent, fine.email)).toHaveLength(1);
    expect(
      await db.recapSend.findUnique({ where: { userId_weekStart: { userId: failing.id, weekStart: "2026-11-23" } } }),
    ).toMatchObject({
      status: "failed",
      lastError: "mailbox unavailable",
    });
    // A retry does not send the failed one again (at most once), nor the sent one.
    const again = memoryTransport();
    await dispatchRecaps(deps(again.transport, new Date("2026-11-30T11:00:00Z")));
    expect(to(again.attempts, failing.email)).toHaveLength(0);
    expect(to(again.attempts, fine.email)).toHaveLength(0);
  });

  it("its unsubscribe link turns off the recap only, never the reminders", async () => {
    // A break in the week of 16 November: recapped on the 23rd, and (as the week before) on the 30th.
    const user = await recapUser({ done: [{ date: "2026-11-18", slot: 0 }] });
    const mail = memoryTransport();
    await dispatchRecaps(deps(mail.transport, new Date("2026-11-23T10:00:00Z")));
    const m = to(mail.sent, user.email)[0]!;
    const token = decodeURIComponent(/unsubscribe\?t=([^\s"<>&]+)/.exec(m.text)![1]!);
    expect(await unsubscribeFromLink(db, token, "198.51.100.7")).toMatch(/weekly recap e-mail is off/);
    const settings = await db.userSettings.findUnique({ where: { userId: user.id } });
    expect(settings).toMatchObject({ weeklyRecapEmail: false, pauseEmails: false });
    const next = memoryTransport();
    await dispatchRecaps(deps(next.transport));
    expect(to(next.sent, user.email)).toHaveLength(0);

    // The page's Undo, with the same link: the recap is back on, the reminders untouched.
    expect(await resubscribeFromLink(db, token, "198.51.100.7")).toBe("The weekly recap e-mail is back on.");
    expect(await db.userSettings.findUnique({ where: { userId: user.id } })).toMatchObject({
      weeklyRecapEmail: true,
      pauseEmails: false,
    });
  });

  it("the reminders' unsubscribe link pauses them and its Undo turns them back on; a bad token changes nothing", async () => {
    const user = await recapUser({ done: [] });
    const token = createUnsubscribeToken(user.id, purposeKey("email-links"));
    await unsubscribeFromLink(db, token, "198.51.100.8");
    expect(await db.userSettings.findUnique({ where: { userId: user.id } })).toMatchObject({ pauseEmails: true });
    await expect(resubscribeFromLink(db, `${token.split(".")[0]}.forged`, "198.51.100.8")).rejects.toMatchObject({
      status: 400,
      publicMessage: "This unsubscribe link is not valid.",
    });
    expect(await db.userSettings.findUnique({ where: { userId: user.id } })).toMatchObject({ pauseEmails: true });
    expect(await resubscribeFromLink(db, token, "198.51.100.8")).toBe("Reminder e-mails are back on.");
    expect(await db.userSettings.findUnique({ where: { userId: user.id } })).toMatchObject({
      pauseEmails: false,
      weeklyRecapEmail: true,
    });
    expect(await db.auditLog.count({ where: { userId: user.id, action: "emails_resumed" } })).toBe(1);
  });
});

describe("GET /api/user/recap and the settings field", () => {
  it("answers 401 signed out, and the signed-in user's own recap", async () => {
    expect((await new Client().call(recapRoute.GET, { path: "/api/user/recap" })).status).toBe(401);
    expect((await new Client().call(cronRecapRoute.GET, { path: "/api/cron/recap" })).status).not.toBe(200);
    const email = uniqueEmail("recap");
    const client = await signIn(email);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await db.userSettings.upsert({
      where: { userId: user.id },
      create: { userId: user.id, onboardingCompleted: true, createdAt: new Date("2026-01-01T00:00:00Z") },
      update: { createdAt: new Date("2026-01-01T00:00:00Z") },
    });
    const recap = await getRecap(db, user.id);
    const res = await client.call<{ weekStart: string; breaksDone: number; today: string }>(recapRoute.GET, {
      path: "/api/user/recap",
    });
    expect(res.status).toBe(200);
    expect(res.json.weekStart).toBe(recap.weekStart);
    await seedBreaks(db, user.id, [{ date: recap.weekStart, slot: 0 }]);
    const withBreak = await client.call<{ breaksDone: number; bestDay: { date: string } }>(recapRoute.GET, {
      path: `/api/user/recap?week=${recap.weekStart}`,
    });
    expect(withBreak.json).toMatchObject({ breaksDone: 1, bestDay: { date: recap.weekStart } });
    for (const bad of ["2026-11-24", "monday", "2026-13-01", "9999-12-27"]) {
      const r = await client.call<{ message: string }>(recapRoute.GET, { path: `/api/user/recap?week=${bad}` });
      expect(r.status, bad).toBe(400);
      expect(r.json.message).toMatch(/Monday/);
    }
    // Another user's breaks never show.
    const other = await recapUser({ done: [{ date: recap.weekStart, slot: 1 }] });
    void other;
    const again = await client.call<{ breaksDone: number }>(recapRoute.GET, {
      path: `/api/user/recap?week=${recap.weekStart}`,
    });
    expect(again.json.breaksDone).toBe(1);
  });

  it("weekly_recap_email is on by default and saved by PUT /api/user/settings", async () => {
    const client = await signIn(uniqueEmail("recap-setting"));
    const before = await client.call<{ weeklyRecapEmail: boolean }>(settingsRoute.GET, { path: "/api/user/settings" });
    expect(before.json.weeklyRecapEmail).toBe(true);
    const off = await client.call<{ weeklyRecapEmail: boolean }>(settingsRoute.PUT, {
      method: "PUT",
      path: "/api/user/settings",
      body: { weekly_recap_email: false },
    });
    expect(off.status).toBe(200);
    expect(off.json.weeklyRecapEmail).toBe(false);
    const bad = await client.call<{ message: string }>(settingsRoute.PUT, {
      method: "PUT",
      path: "/api/user/settings",
      body: { weekly_recap_email: "no" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("trophies on GET /api/user/history", () => {
  it("lists the earned ones with their date and keeps them once earned", async () => {
    const email = uniqueEmail("trophy");
    const client = await signIn(email);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await db.userSettings.upsert({
      where: { userId: user.id },
      create: { userId: user.id, onboardingCompleted: true },
      update: {},
    });
    type H = { trophies: { earned: { key: string; earnedOn: string }[]; next: { key: string; progressText: string } } };
    const none = await client.call<H>(historyRoute.GET, { path: "/api/user/history" });
    expect(none.status).toBe(200);
    expect(none.json.trophies).toMatchObject({
      earned: [],
      next: { key: "first-break", progressText: "0 of 1 break" },
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await seedBreaks(db, user.id, [{ date: yesterday, slot: 0 }]);
    const one = await client.call<H>(historyRoute.GET, { path: "/api/user/history" });
    expect(one.json.trophies.earned.map((t) => t.key)).toEqual(["first-break"]);
    expect(one.json.trophies.next.progressText).toBe("1 of 10 breaks");
    // Undone later: the trophy stays.
    await db.breakRecord.deleteMany({ where: { userId: user.id } });
    const kept = await client.call<H>(historyRoute.GET, { path: "/api/user/history" });
    expect(kept.json.trophies.earned).toEqual([{ key: "first-break", title: "First Break", earnedOn: yesterday }]);
  });
});

describe("a trophy earned by the count itself", () => {
  it("is named once in the answer of the break that earned it (1st, 10th), stored, and not again after Undo", async () => {
    const now = new Date("2026-11-25T16:00:00Z"); // both of the user's breaks (10:00, 15:00 UTC) have been due
    const user = await createUser(db, {}, now);
    const first = await completeTodayBreak(db, user.id, 0, now);
    expect(first).toMatchObject({ completedToday: 1, totalToday: 2, trophy: "First Break" });
    const stored = await db.userTrophy.findMany({ where: { userId: user.id }, select: { key: true, earnedOn: true } });
    expect(stored).toEqual([{ key: "first-break", earnedOn: "2026-11-25" }]);
    // Counted again (idempotent), then undone and redone: the trophy is not named a second time.
    expect((await completeTodayBreak(db, user.id, 0, now)).trophy).toBeNull();
    await undoTodayBreak(db, user.id, 0, now);
    expect((await completeTodayBreak(db, user.id, 0, now)).trophy).toBeNull();
    // Not a milestone: nothing named.
    expect((await completeTodayBreak(db, user.id, 1, now)).trophy).toBeNull();
    // Seven earlier breaks make the next one the 10th; the e-mail's "I did it" names it too.
    await seedBreaks(db, user.id, [
      ...["2026-11-19", "2026-11-20", "2026-11-21"].flatMap((date) => [0, 1].map((slot) => ({ date, slot }))),
      { date: "2026-11-22", slot: 0 },
    ]);
    const token = createDoneToken(
      { userId: user.id, localDate: "2026-11-24", slot: 0 },
      new Date("2026-11-24T10:00:00Z"),
      SECRET,
    );
    expect(await completeFromToken(db, token, SECRET, now)).toMatchObject({
      alreadyCompleted: false,
      trophy: "10 Breaks",
    });
    expect(await completeFromToken(db, token, SECRET, now)).toMatchObject({ alreadyCompleted: true, trophy: null });
    expect((await db.userTrophy.findMany({ where: { userId: user.id } })).map((t) => t.key).sort()).toEqual([
      "breaks-10",
      "first-break",
    ]);
  });
});
