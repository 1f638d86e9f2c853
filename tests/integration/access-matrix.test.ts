// Access matrix: every route handler and call × { signed out, user A, user B, the owner with the
// console unlocked }, with the expected status of each cell, and no answer carrying another
// user's data. Pages (proxy redirects) are covered by the e2e suite; this file calls handlers only.
// Every route is imported directly: a moved or renamed route fails here rather than being skipped.
//
// | call                                              | signed out | user A | user B | owner (unlocked) |
// |---------------------------------------------------|-----------:|-------:|-------:|-----------------:|
// | POST   /api/auth/request-code (a new address)     | 200        | 200    | 200    | 200              |
// | POST   /api/auth/verify-code (no pending sign-in) | 400        | 400    | 400    | 400              |
// | POST   /api/send-test-email                       | 200        | 200    | 200    | 200              |
// | POST   /api/verify-admin                          | 401        | 401 ᵃ  | 401 ᵃ  | 200              |
// | GET    /api/user/onboarding-status                | 401        | 200    | 200    | 200              |
// | POST   /api/user/setup                            | 401        | 200    | 200    | 200              |
// | GET    /api/user/settings                         | 401        | 200    | 200    | 200              |
// | PUT    /api/user/settings                         | 401        | 200    | 200    | 200              |
// | GET    /api/user/dashboard                        | 401        | 200    | 200    | 200              |
// | GET    /api/user/history                          | 401        | 200    | 200    | 200              |
// | GET    /api/user/export (JSON and CSV)            | 401        | 200 ˢ  | 200 ˢ  | 200 ˢ            |
// | GET    /api/user/calendar                         | 401        | 200 ᵗ  | 200 ᵗ  | 200 ᵗ            |
// | POST   /api/user/calendar/reset                   | 401        | 200 ᵗ  | 200 ᵗ  | 200 ᵗ            |
// | PUT    /api/user/calendar-source (private address)| 401        | 400 ᶜˢ | 400 ᶜˢ | 400 ᶜˢ           |
// | GET    /api/user/calendar-source                  | 401        | 404 ᶜˢ | 404 ᶜˢ | 404 ᶜˢ           |
// | DELETE /api/user/calendar-source                  | 401        | 200 ᶜˢ | 200 ᶜˢ | 200 ᶜˢ           |
// | GET    /api/calendar/{token}.ics (A's token)      | 200 ᵘ      | 200 ᵘ  | 200 ᵘ  | 200 ᵘ            |
// | GET    /api/calendar/{token}.ics (revoked/unknown)| 404        | 404    | 404    | 404              |
// | GET    /api/auth/user                             | 401        | 200    | 200    | 200              |
// | GET    /api/admin-status                          | 401        | 401    | 401    | 200              |
// | GET    /api/admin                                 | 401        | 401    | 401    | 200 ᵇ            |
// | GET    /api/admin?cursor=<next page>              | 401        | 401    | 401    | 200 ᵇ            |
// | GET    /api/admin/logs                            | 401        | 401    | 401    | 200 ᵏ            |
// | GET    /api/admin/logs?cursor=…&action=<known>    | 401        | 401    | 401    | 200 ᵏ            |
// | GET    /api/admin/logs?cursor=<bad>&action=<bad>  | 401        | 401    | 401    | 400 ᵐ            |
// | POST   /api/admin/users/{id}/toggle-pause         | 401        | 401 ᶜ  | 401 ᶜ  | 200              |
// | POST   /api/admin/users/{id}/delete               | 401        | 401 ᶜ  | 401 ᶜ  | 200 / 403 ᵈ      |
// | GET    /api/admin/logout (X-CSRF-Token)           | 401        | 200 ᵉ  | 200 ᵉ  | 200 ⁿ            |
// | POST   /api/breaks/complete (A's token)           | 200 ᶠ      | 200 ᶠ  | 200 ᶠ  | 200 ᶠ            |
// | POST   /api/breaks/complete (B's token)           | 200 ᶠ      | 200 ᶠ  | 200 ᶠ  | 200 ᶠ            |
// | POST   /api/breaks/complete (forged token)        | 400        | 400    | 400    | 400              |
// | DELETE /api/breaks/complete (forged, other token) | 400        | 400    | 400    | 400              |
// | GET    /api/cron/reminders (no bearer)            | 401 / 503 ᵍ| 401/503| 401/503| 401 / 503        |
// | GET    /api/cron/purge (no bearer)                | 401 / 503 ᵍ| 401/503| 401/503| 401 / 503        |
// | GET    /api/cron/recap (no bearer)                | 401 / 503 ᵍ| 401/503| 401/503| 401 / 503        |
// | GET    /api/user/recap                            | 401        | 200 ᵒ  | 200 ᵒ  | 200 ᵒ            |
// | POST   /api/unsubscribe?t=forged                  | 400        | 400    | 400    | 400              |
// | POST   /api/unsubscribe?t=<a done token>          | 400        | 400    | 400    | 400              |
// | GET    /api/unsubscribe                           | 303        | 303    | 303    | 303              |
// | POST   /api/unsubscribe/resume (forged, or done)  | 400        | 400    | 400    | 400              |
// | GET    /api/bench/empty                           | 404 ˡ      | 404 ˡ  | 404 ˡ  | 404 ˡ            |
// | GET    /api/user/today                            | 401        | 200    | 200    | 200              |
// | POST   /api/user/breaks/0/swap                    | 401        | 200/409 ᵒ | 200/409 ᵒ | 200/409 ᵒ  |
// | POST   /api/user/exercises/feedback               | 401        | 200 ᵒ  | 200 ᵒ  | 200 ᵒ            |
// | POST   /api/user/breaks/0/complete                | 401        | 200 ᵒ  | 200 ᵒ  | 200 ᵒ            |
// | DELETE /api/user/breaks/0/complete                | 401        | 200 ᵒ  | 200 ᵒ  | 200 ᵒ            |
// | POST   /api/user/breaks/1/skip                    | 401        | 200/409 ᵛ | 200/409 ᵛ | 200/409 ᵛ  |
// | DELETE /api/user/breaks/1/skip                    | 401        | 200 ᵒ  | 200 ᵒ  | 200 ᵒ            |
// | POST   /api/breaks/snooze (A's token)             | 200 ᶠ ᵖ    | 200 ᶠ ᵖ| 200 ᶠ ᵖ| 200 ᶠ ᵖ          |
// | POST   /api/breaks/snooze (forged, or a done token)| 400       | 400    | 400    | 400              |
// | POST   /api/breaks/skip (a done token, or forged) | 400        | 400    | 400    | 400              |
// | POST   /api/breaks/unskip (a done token, or forged)| 400       | 400    | 400    | 400              |
// | DELETE /api/user/account                          | 401        | 200 ʰ  | 200 ʰ  | 403 ᵈ            |
// | GET    /api/push/public-key                       | 200        | 200    | 200    | 200              |
// | POST   /api/user/push/subscriptions               | 401        | 201 ˣ  | 201 ˣ  | 201 ˣ            |
// | GET    /api/user/push/subscriptions               | 401        | 200 ˣ  | 200 ˣ  | 200 ˣ            |
// | DELETE /api/user/push/subscriptions/{id}          | 401        | 200 ʸ  | 200 ʸ  | 200 ʸ            |
// | POST   /api/user/push/test                        | 401        | 200 ᶻ  | 200 ᶻ  | 200 ᶻ            |
// | POST   /api/auth/logout                           | 200 ⁱ      | 200 ʲ  | 200 ʲ  | 200 ʲ            |
// | GET    /api/auth/logout                           | 303 ⁱ      | 303 ʲ  | 303 ʲ  | 303 ʲ            |
// | GET    /api/auth/expired                          | 303 → / ʷ  | 303 → /dashboard ʷ (all signed-in columns) |
//
// ᵃ a wrong code. ᵇ users carry only id, email, firstName, lastName, timezone, createdAt, pauseEmails.
// ᶜ A targets B and B targets A, even with the owner's CSRF token. ᵈ the ADMIN_EMAIL account is protected.
// ᵉ a signed-in user without a grant: nothing to lock, answered OK (idempotent, changes nothing).
// ᶠ the token is the only credential: whoever sends it, it records a break for its own user only.
// ᵍ 401 with CRON_SECRET set, 503 without; a session never helps. ʰ on a throwaway user.
// ⁱ idempotent: signing out without a session is fine. ʲ on a second session of that user; the first one stays valid.
// ᵏ without codes, session tokens, secrets or anyone's movement preferences.
// ˡ the benchmark floor route answers only on the bench server (LIMBER_BENCH=1): 404 here, for everyone.
// ᵐ the session and grant are checked before the query string: only the owner learns it is malformed.
// ⁿ only with the grant's CSRF token in X-CSRF-Token (without it: 403 and the console stays unlocked).
// ᵒ the caller's own break only. ᵖ 400 "too late today" from 23:45 UTC (the users' zone), by design.
// ˢ the caller's own data only (account e-mail, preferences text, breaks); the owner's export names no one it acted on.
// ᵗ a URL of the caller's own feed; the reset revokes only the caller's previous URL.
// ᵘ the token is the only credential: whoever sends it gets that user's feed, which names no user.
// ʷ clears only a cookie that opens no session; a valid session stays (a cross-site link signs no one out).
// ᶜˢ the caller's own calendar only; a private address is refused before any fetch, and nothing is written.
// ᵛ the caller's own break only: 200 until its reminder window closes (15:30 UTC), 409 after.
// ˣ the caller's own devices only. ʸ the caller's own device; another user's device id → 404 and it stays.
// ᶻ to the caller's own devices only, at a push service on this machine (tests/support/push-service.ts).
// Every answer is also checked for other users' e-mail, id, preferences text and session token.
import { deriveKey } from "@/lib/platform/secret";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as expiredRoute from "@/app/api/auth/expired/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as requestCodeRoute from "@/app/api/auth/request-code/route";
import * as verifyCodeRoute from "@/app/api/auth/verify-code/route";
import * as userRoute from "@/app/api/auth/user/route";
import * as completeRoute from "@/app/api/breaks/complete/route";
import * as snoozeRoute from "@/app/api/breaks/snooze/route";
import * as slotCompleteRoute from "@/app/api/user/breaks/[slot]/complete/route";
import * as slotSkipRoute from "@/app/api/user/breaks/[slot]/skip/route";
import * as slotSwapRoute from "@/app/api/user/breaks/[slot]/swap/route";
import * as exerciseFeedbackRoute from "@/app/api/user/exercises/feedback/route";
import { swapExercise } from "@/lib/actions/swap-exercise";
import { sendExerciseFeedback } from "@/lib/actions/exercise-feedback";
import * as skipLinkRoute from "@/app/api/breaks/skip/route";
import * as unskipLinkRoute from "@/app/api/breaks/unskip/route";
import * as calendarSourceRoute from "@/app/api/user/calendar-source/route";
import * as todayRoute from "@/app/api/user/today/route";
import * as feedRoute from "@/app/api/calendar/[token]/route";
import * as cronRoute from "@/app/api/cron/reminders/route";
import * as purgeCronRoute from "@/app/api/cron/purge/route";
import * as recapCronRoute from "@/app/api/cron/recap/route";
import * as recapRoute from "@/app/api/user/recap/route";
import * as testEmailRoute from "@/app/api/send-test-email/route";
import * as unsubscribeRoute from "@/app/api/unsubscribe/route";
import * as resumeRoute from "@/app/api/unsubscribe/resume/route";
import * as accountRoute from "@/app/api/user/account/route";
import * as calendarRoute from "@/app/api/user/calendar/route";
import * as calendarResetRoute from "@/app/api/user/calendar/reset/route";
import * as dashboardRoute from "@/app/api/user/dashboard/route";
import * as exportRoute from "@/app/api/user/export/route";
import * as historyRoute from "@/app/api/user/history/route";
import * as onboardingRoute from "@/app/api/user/onboarding-status/route";
import * as pushPublicKeyRoute from "@/app/api/push/public-key/route";
import * as pushSubscriptionsRoute from "@/app/api/user/push/subscriptions/route";
import * as pushDeviceRoute from "@/app/api/user/push/subscriptions/[id]/route";
import * as pushTestRoute from "@/app/api/user/push/test/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import { completeBreak } from "@/lib/actions/complete-break";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { completeSetup } from "@/lib/actions/complete-setup";
import { readAuditPeople } from "@/lib/actions/read-audit-people";
import { removePushDevice } from "@/lib/actions/remove-push-device";
import { sendTestNotification } from "@/lib/actions/send-test-notification";
import { subscribePush } from "@/lib/actions/subscribe-push";
import { deleteAccount as deleteAccountAction } from "@/lib/actions/delete-account";
import { deleteUser } from "@/lib/actions/delete-user";
import { lockConsole } from "@/lib/actions/lock-console";
import { pauseEmails } from "@/lib/actions/pause-emails";
import { resumeEmails } from "@/lib/actions/resume-emails";
import { requestCode as requestCodeAction } from "@/lib/actions/request-code";
import { resetCalendarLink } from "@/lib/actions/reset-calendar-link";
import { resetLogin } from "@/lib/actions/reset-login";
import { saveSettings } from "@/lib/actions/save-settings";
import { sendTestEmail } from "@/lib/actions/send-test-email";
import { snoozeBreak } from "@/lib/actions/snooze-break";
import { toggleUserPause } from "@/lib/actions/toggle-user-pause";
import { undoBreak } from "@/lib/actions/undo-break";
import { skipBreak } from "@/lib/actions/skip-break";
import { unskipBreak } from "@/lib/actions/unskip-break";
import { skipBreakFromLink } from "@/lib/actions/skip-break-link";
import { unskipBreakFromLink } from "@/lib/actions/unskip-break-link";
import { undoBreakFromLink } from "@/lib/actions/undo-break-link";
import { connectCalendarSource } from "@/lib/actions/connect-calendar";
import { disconnectCalendarSource } from "@/lib/actions/disconnect-calendar";
import { unlockConsole } from "@/lib/actions/unlock-console";
import { verifyCode as verifyCodeAction } from "@/lib/actions/verify-code";
import { encodeCursor } from "@/lib/admin/pagination";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { createBreakToken, createDoneToken, createUnsubscribeToken } from "@/lib/platform/link-tokens";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, formData, type ActionCall, type CallResult } from "../support/http";
import { allowPushService, makeSubscriberKeys, startPushService } from "../support/push-service";
import { createUser } from "../support/reminders";
import {
  expectSafeActionRejection,
  expectSafeRejection,
  type RouteHandler,
  type RouteModule,
} from "../support/security";
// Imported directly: a route that moves or is renamed fails here instead of being skipped.
import * as verifyAdmin from "@/app/api/verify-admin/route";
import * as adminStatus from "@/app/api/admin-status/route";
import * as adminData from "@/app/api/admin/route";
import * as adminLogs from "@/app/api/admin/logs/route";
import * as adminLogout from "@/app/api/admin/logout/route";
import * as togglePause from "@/app/api/admin/users/[id]/toggle-pause/route";
import * as adminDelete from "@/app/api/admin/users/[id]/delete/route";
import * as benchEmpty from "@/app/api/bench/empty/route";

type Role = "anon" | "A" | "B" | "owner";
const ROLES: Role[] = ["anon", "A", "B", "owner"];
const ROLE_NAME: Record<Role, string> = { anon: "signed out", A: "user A", B: "user B", owner: "owner (unlocked)" };

const SECRET = deriveKey(process.env.AUTH_SECRET!, "email-links");
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ADMIN_CODE = `Matrix-Admin-${randomUUID()}`;
const WRONG_CODE = `wrong-${randomUUID()}`;
const CRON_SECRET = `cron-${randomUUID()}`;

interface Person {
  c: Client;
  id: string;
  email: string;
  createdAt: Date;
  /** A unique text in this user's movement preferences. */
  marker: string;
}

let db: Db;
let A: Person;
let B: Person;
let owner: Person & { csrf: string };
let ownerLocked: Client; // the owner on a second device, console not unlocked there
const anon = new Client();
const clientOf = (role: Role) => ({ anon, A: A.c, B: B.c, owner: owner.c })[role];

const mutableEnv = () => env() as { adminEmail?: string; adminCode?: string; cronSecret?: string };
const envBefore = { ...mutableEnv() };

function sessionToken(c: Client): string {
  const [, value] = [...c.cookies].find(([k]) => k.endsWith("limber.session_token")) ?? [];
  return decodeURIComponent(value ?? "").split(".")[0] ?? "";
}

const EVERY_DAY_SETUP = {
  timezone: "UTC",
  times: ["10:00", "15:00"],
  durationPreference: 5,
  activeDays: [0, 1, 2, 3, 4, 5, 6],
};

async function person(email: string, marker: string): Promise<Person> {
  const c = await signIn(email);
  // Breaks every day from the first schedule, so today's calls are answered the same whatever day
  // and hour the suite runs (a later change applies only from the next break not yet due).
  const s = await c.call(setupRoute.POST, { path: "/api/user/setup", body: { ...EVERY_DAY_SETUP } });
  expect(s.status).toBe(200);
  const p = await c.call(settingsRoute.PUT, {
    method: "PUT",
    path: "/api/user/settings",
    body: { movement_prefs: marker },
  });
  expect(p.status).toBe(200);
  const { id, createdAt } = await db.user.findUniqueOrThrow({ where: { email } });
  return { c, email, marker, id, createdAt };
}

async function unlock(c: Client) {
  const r = await c.call(verifyAdmin.POST, { path: "/api/verify-admin", body: { code: ADMIN_CODE } });
  expect(r.status).toBe(200);
  const d = await c.call<{ csrfToken: string }>(adminData.GET, { path: "/api/admin" });
  expect(d.status).toBe(200);
  return d.json.csrfToken;
}

beforeAll(async () => {
  db = await getDb();
  const ownerEmail = uniqueEmail("matrix-owner");
  Object.assign(mutableEnv(), { adminEmail: ownerEmail, adminCode: ADMIN_CODE, cronSecret: CRON_SECRET });
  A = await person(uniqueEmail("matrix-a"), `marker-A-${randomUUID()}`);
  B = await person(uniqueEmail("matrix-b"), `marker-B-${randomUUID()}`);
  // The owner is the ADMIN_EMAIL account. Sign-ins per address: 3 codes per 10 minutes, so the owner
  // uses exactly 3 (this one, `ownerLocked`, and one for the POST /api/auth/logout cell).
  owner = { ...(await person(ownerEmail, `marker-O-${randomUUID()}`)), csrf: "" };
  owner.csrf = await unlock(owner.c);
  ownerLocked = await signIn(ownerEmail);
});

afterAll(() => {
  Object.assign(mutableEnv(), {
    adminEmail: envBefore.adminEmail,
    adminCode: envBefore.adminCode,
    cronSecret: envBefore.cronSecret,
  });
});

// ------------------------------------------------------------------------------------------------
// No answer carries another user's data (nor any secret).

function forbiddenFor(role: Role, adminView: boolean): string[] {
  const others = [A, B, owner].filter((p) => p !== me(role));
  const out = [ADMIN_CODE, WRONG_CODE, CRON_SECRET, SECRET];
  for (const p of others) {
    out.push(p.marker, sessionToken(p.c));
    // the unlocked owner's console lists every account by id and e-mail (and the log names them), by design
    if (!(role === "owner" && adminView)) out.push(p.email, p.id);
  }
  if (role !== "owner") out.push(sessionToken(ownerLocked), owner.csrf);
  return out.filter((s) => s.length >= 6);
}

function expectNoLeak(role: Role, r: CallResult<unknown>, adminView = false) {
  const text = `${JSON.stringify(r.json) ?? ""} ${r.headers.get("location") ?? ""}`;
  for (const secret of forbiddenFor(role, adminView))
    expect(text, `${ROLE_NAME[role]} got someone else's data`).not.toContain(secret);
}

// ------------------------------------------------------------------------------------------------

type Expectation = number | readonly number[];
interface Row {
  call: string;
  /** A server action (lib/actions): its refusals are results, not HTTP answers. */
  action?: boolean;
  expect: Record<Role, Expectation>;
  run: (role: Role) => Promise<CallResult>;
  /** Extra checks on the answer (and the database) after the cell's call. */
  check?: (role: Role, r: CallResult) => Promise<void> | void;
  adminView?: boolean;
}

/** A route module's handler for `method` (the module's own params type is checked by its route). */
function handler(m: object, method: keyof RouteModule): RouteHandler {
  const h = (m as RouteModule)[method];
  if (!h) throw new Error(`the route module exports no ${method}`);
  return h;
}

/**
 * A server action's answer in the matrix's terms: 200 for `{ ok: true }`, its status for a refusal
 * (the raw result kept as `json`), 303 for a redirect.
 */
async function viaAction<A extends unknown[]>(
  c: Client,
  fn: (...args: A) => Promise<unknown>,
  args: A,
): Promise<CallResult> {
  const call: ActionCall<unknown> = await c.action(fn, args);
  if (call.redirect)
    return { status: 303, json: { redirect: call.redirect }, headers: new Headers({ location: call.redirect }) };
  const r = (call.result ?? { ok: true }) as { ok?: boolean; status?: number };
  return { status: r.ok === false ? r.status! : 200, json: r, headers: new Headers() };
}
const SETTINGS_FORM = (marker: string) =>
  formData({
    count: "2",
    "times.0": "10:00",
    "times.1": "15:00",
    active_days: ["0", "1", "2", "3", "4", "5", "6"],
    duration_preference: "5",
    intensity_level: "medium",
    movement_prefs: marker,
    timezone: "UTC",
    channels: "email",
  });
const SETUP_FORM = () =>
  formData({
    step: "3",
    intent: "submit",
    "times.0": "10:00",
    "times.1": "15:00",
    activeDays: ["0", "1", "2", "3", "4", "5", "6"],
    timezone: "UTC",
    durationPreference: "5",
    intensityLevel: "medium",
  });
const json = (r: CallResult) => r.json as Record<string, unknown>;
const breaksOf = (id: string) => db.breakRecord.count({ where: { userId: id } });
const pausedOf = async (id: string) =>
  (await db.userSettings.findUnique({ where: { userId: id } }))?.pauseEmails ?? false;
const today = () => new Date().toISOString().slice(0, 10);
const USER_401 = { anon: 401, A: 200, B: 200, owner: 200 } as const;
/** Swaps of break 0 so far by each person, and who has marked an exercise (issue 33 rows). */
const swapsBy = new Map<string, number>();
const markedBy = new Set<string>();
/** A swap answers 200, or 409 when an earlier row already marked the caller's break 0 done. */
const SWAP_ANSWER = { anon: 401, A: [200, 409], B: [200, 409], owner: [200, 409] } as const;
async function checkSwap(role: Role, r: CallResult, exercises: () => unknown) {
  if (role === "anon") return;
  const done = await db.breakRecord.count({
    where: { userId: me(role)!.id, localDate: today(), slot: 0, completedAt: { not: null } },
  });
  if (r.status === 409) expect(done, "409 only for a done break").toBe(1);
  else swapsBy.set(role, (swapsBy.get(role) ?? 0) + 1);
  // The caller's own plan took the swap; nobody else's changed.
  for (const who of ["A", "B", "owner"] as const) {
    const plan = await db.dailyPlan.findFirst({ where: { userId: me(who)!.id, localDate: today() } });
    const slot0 = (plan?.slots as { swaps?: number; exercises: unknown[] }[] | undefined)?.[0];
    expect(slot0?.swaps ?? 0, who).toBe(swapsBy.get(who) ?? 0);
    if (who === role && r.status === 200) expect(slot0!.exercises).toEqual(exercises());
  }
}
async function checkMarked(role: Role) {
  if (role === "anon") return;
  markedBy.add(role);
  for (const who of ["A", "B", "owner"] as const)
    expect(await db.exerciseFeedback.count({ where: { userId: me(who)!.id } }), who).toBe(markedBy.has(who) ? 1 : 0);
}
const ADMIN_ONLY = { anon: 401, A: 401, B: 401, owner: 200 } as const;
const EVERYONE = (s: number) => ({ anon: s, A: s, B: s, owner: s });
/** Skipped breaks of everyone, before and after a call that must take back none. */
const skippedCount = () => db.breakRecord.count({ where: { skippedAt: { not: null } } });
let skippedBefore = 0;
/** Skipping slot 1 (15:00 UTC) answers 200 until its reminder window closes (15:30) and 409 after. */
const SKIP_ANSWER = { anon: 401, A: [200, 409], B: [200, 409], owner: [200, 409] } as const;
const slot1Ahead = () => new Date().toISOString().slice(11, 16) < "15:30";
const skippedOf = (id: string) =>
  db.breakRecord.count({ where: { userId: id, localDate: today(), slot: 1, skipReason: "user" } });

const doneOf = (id: string) =>
  db.breakRecord.count({ where: { userId: id, localDate: today(), slot: 1, completedAt: { not: null } } });

/** Whose slot-1 break is skipped now, as the calls so far left it (rows run A, B, owner in turn). */
const skippedNow = new Map<Role, boolean>();

/**
 * A skip answered 200 before 15:30 UTC and 409 after, and marked only the caller's own break: every
 * person's break is skipped exactly when their own calls left it so (another's call changed nothing).
 */
async function checkSkip(role: Role, r: CallResult, wantSkipped: boolean) {
  if (role === "anon") return;
  // 409: the window has gone by, or an earlier row of the matrix already marked this break done.
  if (r.status === 409) expect(!slot1Ahead() || (await doneOf(me(role)!.id)) === 1).toBe(true);
  else expect(r.status).toBe(200);
  if (r.status === 200) skippedNow.set(role, wantSkipped);
  for (const who of ["A", "B", "owner"] as const)
    expect(await skippedOf(me(who)!.id), who).toBe(skippedNow.get(who) ? 1 : 0);
}

const me = (role: Role): Person | undefined =>
  role === "A" ? A : role === "B" ? B : role === "owner" ? owner : undefined;
const other = (role: Role): Person => (role === "A" ? B : A);

let throwaway: { id: string; email: string } | undefined;

/** A users cursor just before A, the oldest account here: its page is A alone, and the last one. */
const usersCursor = () => encodeCursor("users", { at: new Date(A.createdAt.getTime() + 1), id: A.id });
let logsCursorAt = new Date();
/** A logs cursor at the time of the call: the page holds entries up to then. */
const logsCursor = () => {
  logsCursorAt = new Date();
  return encodeCursor("logs", { at: logsCursorAt, id: "zzzz" });
};

/** Each signed-in role's current calendar URL (GET /api/user/calendar), and one that was revoked. */
const feedUrls = new Map<Role, string>();
let revokedFeedUrl: string | undefined;
async function currentFeedUrl(p: Person) {
  return ((await p.c.call(calendarRoute.GET, { method: "GET", path: "/api/user/calendar" })).json as { url: string })
    .url;
}
/** A calendar app fetching a feed URL: the caller's cookies do not matter, the token does. */
function fetchFeed(c: Client, url: string) {
  const segment = new URL(url).pathname.split("/").pop()!;
  return c.call(feedRoute.GET, { method: "GET", path: `/api/calendar/${segment}`, params: { token: segment } });
}

/** Each role's device (from the POST row, then from the subscribePush action's row). */
const pushDevices = new Map<Role, string>();
const pushBody = (endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) => {
  const keys = makeSubscriberKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
};
const pushDeviceCount = (p: Person) => db.pushSubscription.count({ where: { userId: p.id } });
/** Removes a device as `c` (the route), as the matrix's DELETE row does. */
const deletePushDevice = (c: Client, id: string) =>
  c.call(handler(pushDeviceRoute as RouteModule, "DELETE"), {
    method: "DELETE",
    path: `/api/user/push/subscriptions/${id}`,
    params: { id },
  });
/**
 * Another user's fresh device that `role` tries to remove (`attempt`): the answer must be 404 and
 * the device stays; then its owner removes it.
 */
async function cannotRemoveOthersDevice(role: Role, attempt: (id: string) => Promise<CallResult>) {
  const victim = other(role);
  const added = await victim.c.call<{ id: string }>(pushSubscriptionsRoute.POST, {
    path: "/api/user/push/subscriptions",
    body: pushBody(),
  });
  expect(added.status).toBe(201);
  expect((await attempt(added.json.id)).status).toBe(404);
  expect(await db.pushSubscription.count({ where: { id: added.json.id, userId: victim.id } })).toBe(1);
  expect((await deletePushDevice(victim.c, added.json.id)).status).toBe(200);
}
/** `send` with a device of the role's at a push service on this machine; the device goes afterwards. */
async function withPushDevice(role: Role, send: () => Promise<CallResult>): Promise<CallResult> {
  if (role === "anon") return send();
  const stub = await startPushService();
  const restore = allowPushService(stub);
  try {
    const p = me(role)!;
    const endpoint = stub.endpoint();
    const added = await p.c.call<{ id: string }>(pushSubscriptionsRoute.POST, {
      path: "/api/user/push/subscriptions",
      body: pushBody(endpoint),
    });
    expect(added.status).toBe(201);
    const r = await send();
    // One message, to the caller's own device.
    expect(stub.messages.map((m) => m.path)).toEqual([new URL(endpoint).pathname]);
    expect((await deletePushDevice(p.c, added.json.id)).status).toBe(200);
    return r;
  } finally {
    restore();
    await stub.close();
  }
}

const rows: Row[] = [
  {
    call: "POST /api/auth/request-code",
    expect: EVERYONE(200),
    run: (role) =>
      clientOf(role).call(requestCodeRoute.POST, {
        path: "/api/auth/request-code",
        body: { email: uniqueEmail(`matrix-code-${role.toLowerCase()}`) },
      }),
    check: async (role, r) => {
      expect(r.json).toEqual({ success: true, message: "Verification code sent" });
      // asking for a code does not end or replace the caller's session
      if (role !== "anon")
        expect((await clientOf(role).call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).json).toEqual({
          user: { email: me(role)!.email },
        });
    },
  },
  {
    call: "POST /api/auth/verify-code",
    expect: EVERYONE(400),
    // nobody has a pending sign-in cookie (the cell above set one: it is dropped for this call)
    run: async (role) => {
      const c = clientOf(role);
      c.cookies.delete("limber.login-email");
      return c.call(verifyCodeRoute.POST, { path: "/api/auth/verify-code", body: { code: "123456" } });
    },
    check: async () => expect(await sessionsAlive()).toBe(true),
  },
  {
    call: "POST /api/send-test-email",
    expect: EVERYONE(200),
    run: (role) =>
      clientOf(role).call(testEmailRoute.POST, {
        path: "/api/send-test-email",
        body: { email: uniqueEmail(`matrix-test-${role.toLowerCase()}`) },
      }),
  },
  {
    call: "POST /api/verify-admin",
    expect: { anon: 401, A: 401, B: 401, owner: 200 },
    run: (role) =>
      clientOf(role).call(handler(verifyAdmin, "POST"), {
        path: "/api/verify-admin",
        body: { code: role === "owner" ? ADMIN_CODE : WRONG_CODE },
      }),
    check: async (role, r) => {
      if (role === "A" || role === "B") expect(r.json).toEqual({ success: false, message: "Invalid admin code" });
      // a new unlock rotates the console's CSRF token
      if (role === "owner") owner.csrf = await unlock(owner.c);
    },
  },
  {
    call: "GET /api/user/onboarding-status",
    expect: USER_401,
    run: (role) => clientOf(role).call(onboardingRoute.GET, { method: "GET", path: "/api/user/onboarding-status" }),
    check: (role, r) => {
      if (role !== "anon") expect(r.json).toEqual({ completed: true });
    },
  },
  {
    call: "POST /api/user/setup",
    expect: USER_401,
    run: (role) => clientOf(role).call(setupRoute.POST, { path: "/api/user/setup", body: { ...EVERY_DAY_SETUP } }),
  },
  {
    call: "GET /api/user/settings",
    expect: USER_401,
    run: (role) => clientOf(role).call(settingsRoute.GET, { method: "GET", path: "/api/user/settings" }),
    check: (role, r) => {
      if (role === "A" || role === "B") expect(json(r).movementPrefs).toBe(me(role)!.marker);
    },
  },
  {
    call: "PUT /api/user/settings",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(settingsRoute.PUT, {
        method: "PUT",
        path: "/api/user/settings",
        body: { movement_prefs: me(role)?.marker ?? "anon", timezone: "UTC" },
      }),
    check: async (role) => {
      // each user's write lands on their own row only
      expect((await db.userSettings.findUniqueOrThrow({ where: { userId: A.id } })).movementPrefs).toBe(A.marker);
      expect((await db.userSettings.findUniqueOrThrow({ where: { userId: B.id } })).movementPrefs).toBe(B.marker);
      if (role === "anon") expect(await db.userSettings.count({ where: { movementPrefs: "anon" } })).toBe(0);
    },
  },
  {
    call: "GET /api/user/dashboard",
    expect: USER_401,
    run: (role) => clientOf(role).call(dashboardRoute.GET, { method: "GET", path: "/api/user/dashboard" }),
  },
  {
    call: "GET /api/user/history",
    expect: USER_401,
    run: (role) => clientOf(role).call(historyRoute.GET, { method: "GET", path: "/api/user/history?days=30" }),
    check: (role, r) => {
      if (role === "anon") return;
      expect(Object.keys(json(r))).toEqual(
        expect.arrayContaining(["days", "currentStreak", "bestStreak", "totals", "byWeekday", "bySlot"]),
      );
      expect((json(r).days as unknown[]).length).toBeGreaterThan(0);
      // Issue 33: the trophies ride along (additive), with the ones to earn after the next.
      expect(Object.keys(json(r).trophies as object)).toEqual(["earned", "next", "upcoming"]);
    },
  },
  {
    call: "GET /api/user/recap",
    expect: USER_401,
    run: (role) => clientOf(role).call(recapRoute.GET, { method: "GET", path: "/api/user/recap" }),
    check: async (role, r) => {
      if (role === "anon") return;
      // The caller's own breaks only: what the recap counts is what their own rows hold.
      const body = json(r) as { weekStart: string; weekEnd: string; breaksDone: number };
      const own = await db.breakRecord.count({
        where: {
          userId: me(role)!.id,
          completedAt: { not: null },
          localDate: { gte: body.weekStart, lte: body.weekEnd },
        },
      });
      expect(body.breaksDone).toBe(own);
    },
  },
  {
    call: "GET /api/user/export",
    expect: USER_401,
    run: async (role) => {
      const csv = await clientOf(role).call(exportRoute.GET, { method: "GET", path: "/api/user/export?format=csv" });
      expect(csv.status).toBe(role === "anon" ? 401 : 200);
      expectNoLeak(role, csv);
      return clientOf(role).call(exportRoute.GET, { method: "GET", path: "/api/user/export" });
    },
    check: (role, r) => {
      if (role === "anon") return;
      const body = json(r) as { account: { email: string }; settings: { movementPrefs: string } };
      expect(body.account.email).toBe(me(role)!.email);
      expect(body.settings.movementPrefs).toBe(me(role)!.marker);
    },
  },
  {
    call: "GET /api/user/calendar",
    expect: USER_401,
    run: (role) => clientOf(role).call(calendarRoute.GET, { method: "GET", path: "/api/user/calendar" }),
    check: async (role, r) => {
      if (role === "anon") return;
      expect(Object.keys(json(r))).toEqual(["url"]);
      feedUrls.set(role, json(r).url as string);
      expect(new Set(feedUrls.values()).size).toBe(feedUrls.size); // one URL per user
    },
  },
  {
    call: "PUT /api/user/calendar-source (private address)",
    expect: { anon: 401, A: 400, B: 400, owner: 400 },
    run: (role) =>
      clientOf(role).call(calendarSourceRoute.PUT, {
        method: "PUT",
        path: "/api/user/calendar-source",
        body: { url: "https://169.254.169.254/latest/meta-data/calendar.ics" },
      }),
    check: async (role, r) => {
      if (role !== "anon") expect(Object.keys(json(r)).sort()).toEqual(["fieldErrors", "message"]);
      expect(await db.calendarSource.count()).toBe(0);
    },
  },
  {
    call: "GET /api/user/calendar-source",
    expect: { anon: 401, A: 404, B: 404, owner: 404 },
    run: (role) => clientOf(role).call(calendarSourceRoute.GET, { method: "GET", path: "/api/user/calendar-source" }),
  },
  {
    call: "DELETE /api/user/calendar-source",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(calendarSourceRoute.DELETE, { method: "DELETE", path: "/api/user/calendar-source" }),
    check: (role, r) => {
      if (role !== "anon") expect(json(r)).toEqual({ disconnected: true });
    },
  },
  {
    call: "POST /api/user/calendar/reset",
    expect: USER_401,
    run: (role) => clientOf(role).call(calendarResetRoute.POST, { path: "/api/user/calendar/reset" }),
    check: async (role, r) => {
      if (role === "anon") return;
      const before = feedUrls.get(role)!;
      revokedFeedUrl = before;
      const after = json(r).url as string;
      expect(after).not.toBe(before);
      expect((await fetchFeed(anon, before)).status).toBe(404);
      expect((await fetchFeed(anon, after)).status).toBe(200);
      // the other users' URLs still work
      for (const [other, url] of feedUrls) if (other !== role) expect((await fetchFeed(anon, url)).status).toBe(200);
      feedUrls.set(role, after);
    },
  },
  {
    call: "GET /api/calendar/{token}.ics (A's token)",
    expect: EVERYONE(200),
    run: async (role) => fetchFeed(clientOf(role), await currentFeedUrl(A)),
    check: (_role, r) => {
      expect(r.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(r.headers.getSetCookie()).toEqual([]);
      expect(r.json as unknown as string).toContain("BEGIN:VEVENT");
    },
  },
  {
    call: "GET /api/calendar/{token}.ics (revoked or unknown token)",
    expect: EVERYONE(404),
    run: async (role) => {
      const unknown = await fetchFeed(clientOf(role), `${env().appUrl}/api/calendar/${"Z".repeat(22)}.ics`);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ message: "Calendar not found" });
      return fetchFeed(clientOf(role), revokedFeedUrl!);
    },
  },
  {
    call: "GET /api/auth/user",
    expect: USER_401,
    run: (role) => clientOf(role).call(userRoute.GET, { method: "GET", path: "/api/auth/user" }),
    check: (role, r) => {
      if (role !== "anon") expect(r.json).toEqual({ user: { email: me(role)!.email } });
    },
  },
  {
    call: "GET /api/admin-status",
    expect: ADMIN_ONLY,
    run: (role) => clientOf(role).call(handler(adminStatus, "GET"), { method: "GET", path: "/api/admin-status" }),
    check: async (role) => {
      // the grant belongs to the session that unlocked, not to the account
      if (role === "owner")
        expect(
          (await ownerLocked.call(handler(adminStatus, "GET"), { method: "GET", path: "/api/admin-status" })).status,
        ).toBe(401);
    },
  },
  {
    call: "GET /api/admin",
    adminView: true,
    expect: ADMIN_ONLY,
    run: (role) => clientOf(role).call(handler(adminData, "GET"), { method: "GET", path: "/api/admin" }),
    check: async (role, r) => {
      if (role !== "owner") return;
      const body = json(r);
      expect(Object.keys(body).sort()).toEqual(["activeUsers", "csrfToken", "nextCursor", "totalUsers", "users"]);
      const users = body.users as Record<string, unknown>[];
      // Fewer than 50 accounts here: one page holds them all.
      expect(users.length).toBe(body.totalUsers);
      expect(body.nextCursor).toBeNull();
      // Active: set up (onboarded) and not paused.
      expect(body.activeUsers).toBe(users.filter((u) => u.pauseEmails === false && u.onboarded === true).length);
      const allowed = ["createdAt", "email", "firstName", "id", "lastName", "onboarded", "pauseEmails", "timezone"];
      for (const u of users)
        for (const k of Object.keys(u)) expect(allowed, `field ${k} in GET /api/admin`).toContain(k);
      expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([A.email, B.email, owner.email]));
      expect((await ownerLocked.call(handler(adminData, "GET"), { method: "GET", path: "/api/admin" })).status).toBe(
        401,
      );
    },
  },
  {
    call: "GET /api/admin/logs",
    adminView: true,
    expect: ADMIN_ONLY,
    run: (role) => clientOf(role).call(handler(adminLogs, "GET"), { method: "GET", path: "/api/admin/logs" }),
    check: (role, r) => {
      // forbiddenFor("owner") already excludes codes, markers and session tokens from the log
      if (role === "owner") expect(Array.isArray(json(r).logs)).toBe(true);
    },
  },
  {
    // A cursor only the owner can obtain; the others send it too (a stolen one does not help).
    call: "GET /api/admin?cursor=<next page>",
    adminView: true,
    expect: ADMIN_ONLY,
    run: (role) =>
      clientOf(role).call(handler(adminData, "GET"), { method: "GET", path: `/api/admin?cursor=${usersCursor()}` }),
    check: (role, r) => {
      if (role === "owner")
        expect(json(r)).toMatchObject({ users: [expect.objectContaining({ id: A.id })], nextCursor: null });
    },
  },
  {
    call: "GET /api/admin/logs?cursor=…&action=<known>",
    adminView: true,
    expect: ADMIN_ONLY,
    run: (role) =>
      clientOf(role).call(handler(adminLogs, "GET"), {
        method: "GET",
        path: `/api/admin/logs?action=settings_updated&cursor=${logsCursor()}`,
      }),
    check: (role, r) => {
      if (role !== "owner") return;
      const logs = json(r).logs as { action: string; timestamp: string }[];
      expect(logs.length).toBeGreaterThan(0);
      expect(
        logs.every((l) => l.action === "settings_updated" && Date.parse(l.timestamp) <= logsCursorAt.getTime()),
      ).toBe(true);
    },
  },
  {
    call: "GET /api/admin/logs?cursor=<bad>&action=<bad>",
    expect: { anon: 401, A: 401, B: 401, owner: 400 },
    run: async (role) => {
      const c = clientOf(role);
      const get = (query: string) =>
        c.call(handler(adminLogs, "GET"), { method: "GET", path: `/api/admin/logs?${query}` });
      const unknownAction = await get("action=drop_everything");
      expect(unknownAction.status).toBe(role === "owner" ? 400 : 401);
      return get("cursor=not-a-cursor");
    },
  },
  {
    call: "POST /api/admin/users/{id}/toggle-pause",
    expect: ADMIN_ONLY,
    // A targets B, B targets A, both carrying the owner's CSRF token; the owner targets B
    run: (role) => {
      const target = role === "owner" || role === "A" || role === "anon" ? B : A;
      return clientOf(role).call(handler(togglePause, "POST"), {
        path: `/api/admin/users/${target.id}/toggle-pause`,
        params: { id: target.id },
        body: { csrfToken: owner.csrf || "none" },
      });
    },
    check: async (role, r) => {
      if (role !== "owner") {
        expect(await pausedOf(A.id)).toBe(false);
        expect(await pausedOf(B.id)).toBe(false);
        return;
      }
      expect(r.json).toMatchObject({ success: true, pauseEmails: true });
      expect(await pausedOf(B.id)).toBe(true);
      expect(await pausedOf(A.id)).toBe(false);
      // toggling back, and without the CSRF token (403)
      const noToken = await owner.c.call(handler(togglePause, "POST"), {
        path: "/api/admin/users/x/toggle-pause",
        params: { id: B.id },
        body: {},
      });
      expect(noToken.status).toBe(403);
      const back = await owner.c.call(handler(togglePause, "POST"), {
        path: "/api/admin/users/x/toggle-pause",
        params: { id: B.id },
        body: { csrfToken: owner.csrf },
      });
      expect(back.json).toMatchObject({ success: true, pauseEmails: false });
      expect(await pausedOf(B.id)).toBe(false);
      // the locked session of the same owner cannot use the token
      const locked = await ownerLocked.call(handler(togglePause, "POST"), {
        path: "/api/admin/users/x/toggle-pause",
        params: { id: B.id },
        body: { csrfToken: owner.csrf },
      });
      expect(locked.status).toBe(401);
    },
  },
  {
    call: "POST /api/admin/users/{id}/delete",
    expect: ADMIN_ONLY,
    run: async (role) => {
      // users try to delete each other; the owner deletes a throwaway account
      throwaway ??= await createUser(db, { prefs: "throwaway" });
      const target = role === "owner" || role === "anon" ? throwaway : other(role);
      return clientOf(role).call(handler(adminDelete, "POST"), {
        path: `/api/admin/users/${target.id}/delete`,
        params: { id: target.id },
        body: { csrfToken: owner.csrf || "none" },
      });
    },
    check: async (role) => {
      expect(await db.user.count({ where: { id: { in: [A.id, B.id, owner.id] } } })).toBe(3);
      if (role !== "owner") {
        expect(await db.user.count({ where: { id: throwaway!.id } })).toBe(1);
        return;
      }
      expect(await db.user.count({ where: { id: throwaway!.id } })).toBe(0);
      const call = (id: string) =>
        owner.c.call(handler(adminDelete, "POST"), {
          path: "/api/admin/users/x/delete",
          params: { id },
          body: { csrfToken: owner.csrf },
        });
      expect((await call(throwaway!.id)).status).toBe(404);
      const self = await call(owner.id);
      expect(self.status).toBe(403);
      expect(self.json).toEqual({ message: "The admin account cannot be deleted under any circumstances." });
    },
  },
  {
    call: "GET /api/admin/logout",
    expect: { anon: 401, A: 200, B: 200, owner: 200 },
    // everyone sends the owner's CSRF token; only the owner's own session holds the grant it belongs to
    run: async (role) => {
      const c = clientOf(role);
      const logout = (headers: Record<string, string>) =>
        c.call(handler(adminLogout, "GET"), { method: "GET", path: "/api/admin/logout", headers });
      if (role === "owner") {
        const refused = await logout({});
        expect(refused.status).toBe(403);
        expect(refused.json).toEqual({ message: "Invalid or missing CSRF token" });
        expect((await c.call(handler(adminStatus, "GET"), { method: "GET", path: "/api/admin-status" })).status).toBe(
          200,
        );
      }
      return logout({ "x-csrf-token": owner.csrf || "none" });
    },
    check: async (role) => {
      if (role === "anon") return;
      // a user's "admin logout" must not lock the owner's console; the owner's locks it
      const status = await owner.c.call(adminStatus.GET, { method: "GET", path: "/api/admin-status" });
      expect(status.status).toBe(role === "owner" ? 401 : 200);
      expect(await sessionsAlive()).toBe(true);
    },
  },
  {
    call: "POST /api/breaks/complete (A's token)",
    expect: EVERYONE(200),
    run: (role) =>
      clientOf(role).call(completeRoute.POST, {
        path: "/api/breaks/complete",
        body: { token: createDoneToken({ userId: A.id, localDate: today(), slot: 0 }, new Date(), SECRET) },
      }),
    check: async (_role, r) => {
      expect(Object.keys(json(r)).sort()).toEqual([
        "alreadyCompleted",
        "completed",
        "completedToday",
        "streakCount",
        "totalToday",
        "trophy",
      ]);
      expect(r.headers.getSetCookie()).toEqual([]);
      expect(await breaksOf(A.id)).toBe(1);
      expect(await breaksOf(B.id)).toBe(0);
    },
  },
  {
    call: "POST /api/breaks/complete (B's token)",
    expect: EVERYONE(200),
    run: (role) =>
      clientOf(role).call(completeRoute.POST, {
        path: "/api/breaks/complete",
        body: { token: createDoneToken({ userId: B.id, localDate: today(), slot: 1 }, new Date(), SECRET) },
      }),
    check: async () => {
      expect(await breaksOf(A.id)).toBe(1);
      expect(await breaksOf(B.id)).toBe(1);
      expect(await db.breakRecord.count({ where: { userId: B.id, slot: 1 } })).toBe(1);
    },
  },
  {
    call: "POST /api/breaks/complete (A's claim with B's signature, or another purpose's)",
    expect: EVERYONE(400),
    run: async (role) => {
      const a = createDoneToken({ userId: A.id, localDate: "2030-01-01", slot: 0 }, new Date(), SECRET);
      const b = createDoneToken({ userId: B.id, localDate: "2030-01-01", slot: 0 }, new Date(), SECRET);
      const forged = `${a.split(".")[0]}.${b.split(".")[1]}`;
      const crossPurpose = createUnsubscribeToken(A.id, SECRET);
      const second = await clientOf(role).call(completeRoute.POST, {
        path: "/api/breaks/complete",
        body: { token: crossPurpose },
      });
      expect(second.status).toBe(400);
      return clientOf(role).call(completeRoute.POST, { path: "/api/breaks/complete", body: { token: forged } });
    },
    check: async () => {
      expect(await breaksOf(A.id)).toBe(1);
      expect(await breaksOf(B.id)).toBe(1);
    },
  },
  {
    // The "I did it" page's Undo: a forged token, or another purpose's, takes back no one's count.
    call: "DELETE /api/breaks/complete (forged, or another purpose's token)",
    expect: EVERYONE(400),
    run: async (role) => {
      const claim = { userId: A.id, localDate: today(), slot: 0 };
      const skip = createBreakToken("skip", claim, new Date(), SECRET);
      const undo = (token: string) =>
        clientOf(role).call(completeRoute.DELETE, { method: "DELETE", path: "/api/breaks/complete", body: { token } });
      expect((await undo(skip)).status).toBe(400);
      return undo(`${createDoneToken(claim, new Date(), SECRET).split(".")[0]}.forged`);
    },
    check: async () =>
      expect(await db.breakRecord.count({ where: { userId: A.id, slot: 0, completedAt: { not: null } } })).toBe(1),
  },
  {
    call: "GET /api/cron/reminders (no bearer; a session does not count)",
    expect: EVERYONE(401),
    run: async (role) => {
      mutableEnv().cronSecret = undefined;
      let unconfigured: CallResult;
      try {
        unconfigured = await clientOf(role).call(cronRoute.GET, { method: "GET", path: "/api/cron/reminders" });
      } finally {
        mutableEnv().cronSecret = CRON_SECRET;
      }
      expect(unconfigured.status).toBe(503);
      const wrong = await clientOf(role).call(cronRoute.GET, {
        method: "GET",
        path: "/api/cron/reminders",
        headers: { authorization: `Bearer ${CRON_SECRET}x` },
      });
      expect(wrong.status).toBe(401);
      return clientOf(role).call(cronRoute.GET, { method: "GET", path: "/api/cron/reminders" });
    },
  },
  {
    call: "GET /api/cron/purge (no bearer; a session does not count)",
    expect: EVERYONE(401),
    run: async (role) => {
      mutableEnv().cronSecret = undefined;
      let unconfigured: CallResult;
      try {
        unconfigured = await clientOf(role).call(purgeCronRoute.GET, { method: "GET", path: "/api/cron/purge" });
      } finally {
        mutableEnv().cronSecret = CRON_SECRET;
      }
      expect(unconfigured.status).toBe(503);
      const wrong = await clientOf(role).call(purgeCronRoute.GET, {
        method: "GET",
        path: "/api/cron/purge",
        headers: { authorization: `Bearer ${CRON_SECRET}x` },
      });
      expect(wrong.status).toBe(401);
      return clientOf(role).call(purgeCronRoute.GET, { method: "GET", path: "/api/cron/purge" });
    },
  },
  {
    call: "GET /api/cron/recap (no bearer; a session does not count)",
    expect: EVERYONE(401),
    run: async (role) => {
      mutableEnv().cronSecret = undefined;
      let unconfigured: CallResult;
      try {
        unconfigured = await clientOf(role).call(recapCronRoute.GET, { method: "GET", path: "/api/cron/recap" });
      } finally {
        mutableEnv().cronSecret = CRON_SECRET;
      }
      expect(unconfigured.status).toBe(503);
      const wrong = await clientOf(role).call(recapCronRoute.GET, {
        method: "GET",
        path: "/api/cron/recap",
        headers: { authorization: `Bearer ${CRON_SECRET}x` },
      });
      expect(wrong.status).toBe(401);
      return clientOf(role).call(recapCronRoute.GET, { method: "GET", path: "/api/cron/recap" });
    },
  },
  {
    call: "POST /api/unsubscribe?t=forged",
    expect: EVERYONE(400),
    run: (role) => {
      const [body] = createUnsubscribeToken(A.id, SECRET).split(".");
      return clientOf(role).call(unsubscribeRoute.POST, {
        path: `/api/unsubscribe?t=${body}.forged`,
        rawBody: "List-Unsubscribe=One-Click",
      });
    },
    check: async () => {
      expect(await pausedOf(A.id)).toBe(false);
      expect(await pausedOf(B.id)).toBe(false);
    },
  },
  {
    call: "POST /api/unsubscribe?t=<A's done token>",
    expect: EVERYONE(400),
    run: (role) => {
      const token = createDoneToken({ userId: A.id, localDate: today(), slot: 0 }, new Date(), SECRET);
      return clientOf(role).call(unsubscribeRoute.POST, {
        path: `/api/unsubscribe?t=${encodeURIComponent(token)}`,
        rawBody: "List-Unsubscribe=One-Click",
      });
    },
    check: async () => expect(await pausedOf(A.id)).toBe(false),
  },
  {
    // The paused page's Undo: a forged token, or one of another purpose, turns no one's e-mails back on.
    call: "POST /api/unsubscribe/resume (forged, or a done token)",
    expect: EVERYONE(400),
    run: async (role) => {
      await db.userSettings.update({ where: { userId: A.id }, data: { pauseEmails: true } });
      const done = createDoneToken({ userId: A.id, localDate: today(), slot: 0 }, new Date(), SECRET);
      expect(
        (await clientOf(role).call(resumeRoute.POST, { path: "/api/unsubscribe/resume", body: { token: done } }))
          .status,
      ).toBe(400);
      const [body] = createUnsubscribeToken(A.id, SECRET).split(".");
      return clientOf(role).call(resumeRoute.POST, {
        path: "/api/unsubscribe/resume",
        body: { token: `${body}.forged` },
      });
    },
    check: async () => {
      expect(await pausedOf(A.id)).toBe(true);
      await db.userSettings.update({ where: { userId: A.id }, data: { pauseEmails: false } });
    },
  },
  {
    call: "GET /api/unsubscribe (sends to the confirmation page, changes nothing)",
    expect: EVERYONE(303),
    run: (role) =>
      clientOf(role).call(unsubscribeRoute.GET, {
        method: "GET",
        path: `/api/unsubscribe?t=${encodeURIComponent(createUnsubscribeToken(A.id, SECRET))}`,
      }),
    check: async (_role, r) => {
      expect(new URL(r.headers.get("location")!).pathname).toBe("/unsubscribe");
      expect(await pausedOf(A.id)).toBe(false);
    },
  },
  {
    // Served only by the benchmark server (LIMBER_BENCH=1); a 404 everywhere else.
    call: "GET /api/bench/empty",
    expect: EVERYONE(404),
    run: (role) => clientOf(role).call(handler(benchEmpty, "GET"), { method: "GET", path: "/api/bench/empty" }),
    check: (_role, r) => {
      expect(r.headers.getSetCookie()).toEqual([]);
    },
  },
  {
    call: "GET /api/user/today",
    expect: USER_401,
    run: (role) => clientOf(role).call(todayRoute.GET, { method: "GET", path: "/api/user/today" }),
    check: (role, r) => {
      if (role === "anon") return;
      const view = r.json as { breaks: { exercises: unknown[] }[] };
      expect(view.breaks).toHaveLength(2);
      for (const b of view.breaks) expect(b.exercises.length).toBeGreaterThan(0);
    },
  },
  {
    call: "POST /api/user/breaks/{slot}/swap (slot 0)",
    expect: SWAP_ANSWER,
    run: (role) =>
      clientOf(role).call(handler(slotSwapRoute as RouteModule, "POST"), {
        method: "POST",
        path: "/api/user/breaks/0/swap",
        params: { slot: "0" },
        body: { index: 0 },
      }),
    check: (role, r) => checkSwap(role, r, () => (r.json as { exercises: unknown[] }).exercises),
  },
  {
    call: "POST /api/user/exercises/feedback",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(exerciseFeedbackRoute.POST, {
        path: "/api/user/exercises/feedback",
        body: { name: "Chin Tucks", verdict: "not-for-me", reason: "hurts" },
      }),
    check: (role) => checkMarked(role),
  },
  {
    call: "POST /api/user/breaks/{slot}/complete (slot 0)",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(handler(slotCompleteRoute as RouteModule, "POST"), {
        method: "POST",
        path: "/api/user/breaks/0/complete",
        params: { slot: "0" },
      }),
    check: async (role, r) => {
      if (role === "anon") return;
      expect(Object.keys(json(r)).sort()).toEqual(["completedToday", "streakCount", "totalToday", "trophy"]);
      expect(
        await db.breakRecord.count({
          where: { userId: me(role)!.id, localDate: today(), slot: 0, completedAt: { not: null } },
        }),
      ).toBe(1);
    },
  },
  {
    call: "DELETE /api/user/breaks/{slot}/complete (slot 0)",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(handler(slotCompleteRoute as RouteModule, "DELETE"), {
        method: "DELETE",
        path: "/api/user/breaks/0/complete",
        params: { slot: "0" },
      }),
    check: async (role) => {
      if (role === "anon") return;
      expect(
        await db.breakRecord.count({
          where: { userId: me(role)!.id, localDate: today(), slot: 0, completedAt: { not: null } },
        }),
      ).toBe(0);
      // Only the caller's own: the other users' completions of the row above are untouched.
      if (role === "A")
        expect(
          await db.breakRecord.count({
            where: { userId: B.id, localDate: today(), slot: 0, completedAt: { not: null } },
          }),
        ).toBe(1);
    },
  },
  {
    call: "POST /api/user/breaks/{slot}/skip (slot 1)",
    expect: SKIP_ANSWER,
    run: (role) =>
      clientOf(role).call(handler(slotSkipRoute as RouteModule, "POST"), {
        method: "POST",
        path: "/api/user/breaks/1/skip",
        params: { slot: "1" },
      }),
    check: (role, r) => checkSkip(role, r, true),
  },
  {
    call: "DELETE /api/user/breaks/{slot}/skip (slot 1)",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(handler(slotSkipRoute as RouteModule, "DELETE"), {
        method: "DELETE",
        path: "/api/user/breaks/1/skip",
        params: { slot: "1" },
      }),
    check: (role, r) => checkSkip(role, r, false),
  },
  {
    call: "POST /api/breaks/snooze (A's token)",
    expect: EVERYONE(new Date().toISOString().slice(11, 16) < "23:44" ? 200 : 400),
    run: (role) =>
      clientOf(role).call(snoozeRoute.POST, {
        path: "/api/breaks/snooze",
        body: { token: createBreakToken("snooze", { userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET) },
      }),
    check: async (_role, r) => {
      expect(r.headers.getSetCookie()).toEqual([]);
      if (r.status === 200)
        expect(Object.keys(json(r)).sort()).toEqual(["remaining", "remindAt", "remindAtDisplay", "timeDisplay"]);
      expect(await db.snooze.count({ where: { userId: B.id } })).toBe(0);
      expect(await db.snooze.count({ where: { userId: A.id } })).toBe(r.status === 200 ? 1 : 0);
    },
  },
  {
    call: "POST /api/breaks/skip (a done token, or forged)",
    expect: EVERYONE(400),
    run: async (role) => {
      const done = createDoneToken({ userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET);
      expect(
        (await clientOf(role).call(skipLinkRoute.POST, { path: "/api/breaks/skip", body: { token: done } })).status,
      ).toBe(400);
      const skip = createBreakToken("skip", { userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET);
      return clientOf(role).call(skipLinkRoute.POST, {
        path: "/api/breaks/skip",
        body: { token: `${skip.split(".")[0]}.forged` },
      });
    },
    check: async () => expect(await db.breakRecord.count({ where: { skipReason: { not: null } } })).toBe(0),
  },
  {
    // The skip page's Undo: a token of another purpose, or forged, takes back no one's skip.
    call: "POST /api/breaks/unskip (a done token, or forged)",
    expect: EVERYONE(400),
    run: async (role) => {
      skippedBefore = await skippedCount();
      const claim = { userId: A.id, localDate: today(), slot: 1 };
      const done = createDoneToken(claim, new Date(), SECRET);
      expect(
        (await clientOf(role).call(unskipLinkRoute.POST, { path: "/api/breaks/unskip", body: { token: done } })).status,
      ).toBe(400);
      const skip = createBreakToken("skip", claim, new Date(), SECRET);
      return clientOf(role).call(unskipLinkRoute.POST, {
        path: "/api/breaks/unskip",
        body: { token: `${skip.split(".")[0]}.forged` },
      });
    },
    check: async () => expect(await skippedCount()).toBe(skippedBefore),
  },
  {
    call: "POST /api/breaks/snooze (forged, or a done token)",
    expect: EVERYONE(400),
    run: async (role) => {
      const done = createDoneToken({ userId: B.id, localDate: today(), slot: 0 }, new Date(), SECRET);
      expect(
        (await clientOf(role).call(snoozeRoute.POST, { path: "/api/breaks/snooze", body: { token: done } })).status,
      ).toBe(400);
      const a = createBreakToken("snooze", { userId: B.id, localDate: today(), slot: 0 }, new Date(), SECRET);
      return clientOf(role).call(snoozeRoute.POST, {
        path: "/api/breaks/snooze",
        body: { token: `${a.split(".")[0]}.${"A".repeat(43)}` },
      });
    },
    check: async () => {
      expect(await db.snooze.count({ where: { userId: B.id } })).toBe(0);
    },
  },
  {
    call: "DELETE /api/user/account",
    expect: { anon: 401, A: 200, B: 200, owner: 403 },
    // A and B columns: a throwaway user signed in for the cell (the account goes)
    run: async (role) => {
      if (role === "anon" || role === "owner")
        return clientOf(role).call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" });
      const email = uniqueEmail(`matrix-delete-${role.toLowerCase()}`);
      const c = await signIn(email);
      throwaway = { email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };
      return c.call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" });
    },
    check: async (role) => {
      expect(await db.user.count({ where: { id: { in: [A.id, B.id, owner.id] } } })).toBe(3);
      expect(await sessionsAlive()).toBe(true);
      if (role === "A" || role === "B") expect(await db.user.count({ where: { id: throwaway!.id } })).toBe(0);
    },
  },
  {
    call: "GET /api/push/public-key",
    expect: EVERYONE(200),
    run: (role) => clientOf(role).call(pushPublicKeyRoute.GET, { method: "GET", path: "/api/push/public-key" }),
    check: (_role, r) => {
      expect(Object.keys(json(r))).toEqual(["publicKey"]);
      expect(r.headers.getSetCookie()).toEqual([]);
    },
  },
  {
    call: "POST /api/user/push/subscriptions",
    expect: { anon: 401, A: 201, B: 201, owner: 201 },
    run: (role) =>
      clientOf(role).call(pushSubscriptionsRoute.POST, { path: "/api/user/push/subscriptions", body: pushBody() }),
    check: async (role, r) => {
      if (role === "anon")
        return expect(await db.pushSubscription.count({ where: { userId: { notIn: [A.id, B.id, owner.id] } } })).toBe(
          0,
        );
      expect(Object.keys(json(r))).toEqual(["id"]);
      pushDevices.set(role, json(r).id as string);
      expect(await db.pushSubscription.count({ where: { id: json(r).id as string, userId: me(role)!.id } })).toBe(1);
    },
  },
  {
    call: "GET /api/user/push/subscriptions",
    expect: USER_401,
    run: (role) =>
      clientOf(role).call(pushSubscriptionsRoute.GET, { method: "GET", path: "/api/user/push/subscriptions" }),
    check: (role, r) => {
      if (role === "anon") return;
      // the caller's own device, and no one else's
      expect((json(r).devices as { id: string }[]).map((d) => d.id)).toEqual([pushDevices.get(role)]);
    },
  },
  {
    call: "DELETE /api/user/push/subscriptions/{id}",
    expect: USER_401,
    // anon targets A's device; the others first try another user's (404), then remove their own
    run: async (role) => {
      if (role === "anon") return deletePushDevice(anon, pushDevices.get("A")!);
      await cannotRemoveOthersDevice(role, (id) => deletePushDevice(clientOf(role), id));
      return deletePushDevice(clientOf(role), pushDevices.get(role)!);
    },
    check: async (role) => {
      if (role === "anon") return expect(await pushDeviceCount(A)).toBe(1);
      expect(await pushDeviceCount(me(role)!)).toBe(0);
    },
  },
  {
    call: "POST /api/user/push/test",
    expect: USER_401,
    run: (role) => withPushDevice(role, () => clientOf(role).call(pushTestRoute.POST, { path: "/api/user/push/test" })),
    check: (role, r) => {
      if (role !== "anon") expect(r.json).toEqual({ sent: 1 });
    },
  },
  // ---- server actions: the same callers, the same answers as the routes behind them ----------
  {
    call: "action requestCode",
    action: true,
    expect: EVERYONE(200),
    run: (role) =>
      viaAction(clientOf(role), requestCodeAction, [
        {},
        formData({ email: uniqueEmail(`matrix-acode-${role.toLowerCase()}`) }),
      ]),
    check: async (role) => {
      if (role !== "anon") expect(await sessionsAlive()).toBe(true);
    },
  },
  {
    call: "action verifyCode (no pending sign-in)",
    action: true,
    expect: EVERYONE(400),
    run: async (role) => {
      const c = clientOf(role);
      c.cookies.delete("limber.login-email");
      return viaAction(c, verifyCodeAction, [{}, formData({ code: "123456" })]);
    },
    check: async () => expect(await sessionsAlive()).toBe(true),
  },
  {
    call: "action resetLogin",
    action: true,
    expect: EVERYONE(200),
    run: (role) => viaAction(clientOf(role), resetLogin, []),
    check: async () => expect(await sessionsAlive()).toBe(true),
  },
  {
    call: "action sendTestEmail",
    action: true,
    expect: EVERYONE(200),
    run: (role) =>
      viaAction(clientOf(role), sendTestEmail, [
        {},
        formData({ email: uniqueEmail(`matrix-atest-${role.toLowerCase()}`) }),
      ]),
  },
  {
    call: "action completeSetup",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), completeSetup, [{}, SETUP_FORM()]),
  },
  {
    call: "action saveSettings",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), saveSettings, [{}, SETTINGS_FORM(me(role)?.marker ?? "anon")]),
    check: async (role, r) => {
      expect((await db.userSettings.findUniqueOrThrow({ where: { userId: A.id } })).movementPrefs).toBe(A.marker);
      expect((await db.userSettings.findUniqueOrThrow({ where: { userId: B.id } })).movementPrefs).toBe(B.marker);
      if (role === "A" || role === "B")
        expect((json(r).data as { settings: { movementPrefs: string } }).settings.movementPrefs).toBe(me(role)!.marker);
      if (role === "anon") expect(await db.userSettings.count({ where: { movementPrefs: "anon" } })).toBe(0);
    },
  },
  {
    call: "action completeBreak (slot 1)",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), completeBreak, [1]),
    check: async (role) => {
      if (role === "anon") return;
      expect(
        await db.breakRecord.count({
          where: { userId: me(role)!.id, slot: 1, localDate: today(), completedAt: { not: null } },
        }),
      ).toBe(1);
    },
  },
  {
    call: "action undoBreak (slot 1)",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), undoBreak, [1]),
    check: async (role) => {
      if (role === "anon") return;
      expect(
        await db.breakRecord.count({
          where: { userId: me(role)!.id, slot: 1, localDate: today(), completedAt: { not: null } },
        }),
      ).toBe(0);
    },
  },
  {
    call: "action skipBreak (slot 1)",
    action: true,
    expect: SKIP_ANSWER,
    run: (role) => viaAction(clientOf(role), skipBreak, [1]),
    check: (role, r) => checkSkip(role, r, true),
  },
  {
    call: "action unskipBreak (slot 1)",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), unskipBreak, [1]),
    check: (role, r) => checkSkip(role, r, false),
  },
  {
    call: "action swapExercise (slot 0)",
    action: true,
    expect: SWAP_ANSWER,
    run: (role) => viaAction(clientOf(role), swapExercise, [{ slot: 0, index: 0 }]),
    check: (role, r) => checkSwap(role, r, () => (json(r).data as { exercises: unknown[] }).exercises),
  },
  {
    call: "action sendExerciseFeedback",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), sendExerciseFeedback, [{ name: "Chin Tucks", verdict: "liked" }]),
    // The same exercise as the route's row: still one mark each, now "liked".
    check: async (role) => {
      await checkMarked(role);
      if (role !== "anon")
        expect(await db.exerciseFeedback.findFirst({ where: { userId: me(role)!.id } })).toMatchObject({
          verdict: "liked",
        });
    },
  },
  {
    call: "action connectCalendarSource (private address)",
    action: true,
    expect: { anon: 401, A: 400, B: 400, owner: 400 },
    run: (role) =>
      viaAction(clientOf(role), connectCalendarSource, [{}, formData({ url: "https://[::ffff:10.0.0.1]/cal.ics" })]),
    check: async () => expect(await db.calendarSource.count()).toBe(0),
  },
  {
    call: "action disconnectCalendarSource",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), disconnectCalendarSource, []),
  },
  {
    call: "action resetCalendarLink",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), resetCalendarLink, []),
    check: async (role, r) => {
      if (role === "anon") return;
      const url = (json(r).data as { url: string }).url;
      expect(url).toBe(await currentFeedUrl(me(role)!));
      feedUrls.set(role, url);
    },
  },
  {
    call: "action completeBreakFromLink (A's token, slot 1)",
    action: true,
    expect: EVERYONE(200),
    run: (role) =>
      viaAction(clientOf(role), completeBreakFromLink, [
        {},
        formData({ token: createDoneToken({ userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET) }),
      ]),
    check: async () => {
      expect(
        await db.breakRecord.count({
          where: { userId: A.id, slot: 1, localDate: today(), completedAt: { not: null } },
        }),
      ).toBe(1);
      expect(
        await db.breakRecord.count({
          where: { userId: B.id, slot: 1, localDate: today(), completedAt: { not: null } },
        }),
      ).toBe(0);
    },
  },
  {
    call: "action undoBreakFromLink (forged token)",
    action: true,
    expect: EVERYONE(400),
    run: (role) =>
      viaAction(clientOf(role), undoBreakFromLink, [
        {},
        formData({
          token: `${createDoneToken({ userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET).split(".")[0]}.forged`,
        }),
      ]),
    check: async () =>
      expect(await db.breakRecord.count({ where: { userId: A.id, slot: 1, completedAt: { not: null } } })).toBe(1),
  },
  {
    call: "action snoozeBreak (A's done token: another purpose)",
    action: true,
    expect: EVERYONE(400),
    run: (role) =>
      viaAction(clientOf(role), snoozeBreak, [
        {},
        formData({ token: createDoneToken({ userId: A.id, localDate: today(), slot: 0 }, new Date(), SECRET) }),
      ]),
  },
  {
    call: "action skipBreakFromLink (forged token)",
    action: true,
    expect: EVERYONE(400),
    run: (role) =>
      viaAction(clientOf(role), skipBreakFromLink, [
        {},
        formData({
          token: `${createBreakToken("skip", { userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET).split(".")[0]}.forged`,
        }),
      ]),
    check: async () => expect(await db.breakRecord.count({ where: { skipReason: { not: null } } })).toBe(0),
  },
  {
    call: "action unskipBreakFromLink (forged token)",
    action: true,
    expect: EVERYONE(400),
    run: async (role) => {
      skippedBefore = await skippedCount();
      return viaAction(clientOf(role), unskipBreakFromLink, [
        {},
        formData({
          token: `${createBreakToken("skip", { userId: A.id, localDate: today(), slot: 1 }, new Date(), SECRET).split(".")[0]}.forged`,
        }),
      ]);
    },
    check: async () => expect(await skippedCount()).toBe(skippedBefore),
  },
  {
    call: "action pauseEmails (forged token)",
    action: true,
    expect: EVERYONE(400),
    run: (role) =>
      viaAction(clientOf(role), pauseEmails, [
        {},
        formData({ token: `${createUnsubscribeToken(A.id, SECRET).split(".")[0]}.forged` }),
      ]),
    check: async () => {
      expect(await pausedOf(A.id)).toBe(false);
      expect(await pausedOf(B.id)).toBe(false);
    },
  },
  {
    call: "action resumeEmails (forged token)",
    action: true,
    expect: EVERYONE(400),
    run: async (role) => {
      await db.userSettings.update({ where: { userId: A.id }, data: { pauseEmails: true } });
      return viaAction(clientOf(role), resumeEmails, [
        {},
        formData({ token: `${createUnsubscribeToken(A.id, SECRET).split(".")[0]}.forged` }),
      ]);
    },
    check: async () => {
      expect(await pausedOf(A.id)).toBe(true);
      await db.userSettings.update({ where: { userId: A.id }, data: { pauseEmails: false } });
    },
  },
  {
    call: "action unlockConsole",
    action: true,
    expect: { anon: 401, A: 401, B: 401, owner: 200 },
    run: (role) =>
      viaAction(clientOf(role), unlockConsole, [{}, formData({ code: role === "owner" ? ADMIN_CODE : WRONG_CODE })]),
    check: async (role) => {
      // a new unlock rotates the console's CSRF token
      if (role === "owner")
        owner.csrf = (
          await db.adminGrant.findFirstOrThrow({ where: { userId: owner.id }, orderBy: { expiresAt: "desc" } })
        ).csrfToken;
      expect(await db.adminGrant.count({ where: { userId: { in: [A.id, B.id] } } })).toBe(0);
    },
  },
  {
    call: "action toggleUserPause (A targets B, B targets A, with the owner's CSRF token)",
    action: true,
    expect: ADMIN_ONLY,
    run: (role) => viaAction(clientOf(role), toggleUserPause, [{ id: other(role).id, csrfToken: owner.csrf }]),
    check: async (role) => {
      if (role === "owner") {
        expect(await pausedOf(A.id)).toBe(true);
        expect((await viaAction(owner.c, toggleUserPause, [{ id: A.id, csrfToken: owner.csrf }])).status).toBe(200);
      }
      expect(await pausedOf(A.id)).toBe(false);
      expect(await pausedOf(B.id)).toBe(false);
    },
  },
  {
    call: "action deleteUser (a throwaway account)",
    action: true,
    expect: ADMIN_ONLY,
    run: async (role) => {
      throwaway = await createUser(db);
      return viaAction(clientOf(role), deleteUser, [{ id: throwaway.id, csrfToken: owner.csrf }]);
    },
    check: async (role) => {
      expect(await db.user.count({ where: { id: throwaway!.id } })).toBe(role === "owner" ? 0 : 1);
      expect(await db.user.count({ where: { id: { in: [A.id, B.id, owner.id] } } })).toBe(3);
    },
  },
  {
    call: "action readAuditPeople (A's and B's ids, with the owner's CSRF token)",
    action: true,
    adminView: true,
    expect: ADMIN_ONLY,
    run: (role) => viaAction(clientOf(role), readAuditPeople, [{ ids: [A.id, B.id], csrfToken: owner.csrf }]),
    check: async (role, r) => {
      // only the unlocked owner learns whose ids these are
      const text = JSON.stringify(r.json);
      expect(text.includes(A.email)).toBe(role === "owner");
      expect(text.includes(B.email)).toBe(role === "owner");
    },
  },
  {
    call: "action deleteAccount",
    action: true,
    expect: { anon: 401, A: 200, B: 200, owner: 403 },
    // A and B columns: a throwaway user signed in for the cell (the account goes)
    run: async (role) => {
      if (role === "anon" || role === "owner") return viaAction(clientOf(role), deleteAccountAction, []);
      const email = uniqueEmail(`matrix-adelete-${role.toLowerCase()}`);
      const c = await signIn(email);
      throwaway = { email, id: (await db.user.findUniqueOrThrow({ where: { email } })).id };
      return viaAction(c, deleteAccountAction, []);
    },
    check: async (role) => {
      expect(await db.user.count({ where: { id: { in: [A.id, B.id, owner.id] } } })).toBe(3);
      expect(await sessionsAlive()).toBe(true);
      if (role === "A" || role === "B") expect(await db.user.count({ where: { id: throwaway!.id } })).toBe(0);
    },
  },
  {
    call: "action lockConsole (with the owner's CSRF token)",
    action: true,
    // a user without a grant: nothing to lock, OK and nothing changes; the owner's grant ends (then unlocks again)
    expect: { anon: 401, A: 200, B: 200, owner: 200 },
    run: (role) => viaAction(clientOf(role), lockConsole, [owner.csrf]),
    check: async (role) => {
      if (role !== "owner")
        return expect(await db.adminGrant.count({ where: { userId: owner.id } })).toBeGreaterThan(0);
      expect((await viaAction(owner.c, toggleUserPause, [{ id: A.id, csrfToken: owner.csrf }])).status).toBe(401);
      owner.csrf = await unlock(owner.c);
    },
  },
  {
    call: "action subscribePush",
    action: true,
    expect: USER_401,
    run: (role) => viaAction(clientOf(role), subscribePush, [pushBody()]),
    check: async (role, r) => {
      if (role === "anon") return;
      const { id, created } = json(r).data as { id: string; created: boolean };
      expect(created).toBe(true);
      pushDevices.set(role, id);
      expect(await db.pushSubscription.count({ where: { id, userId: me(role)!.id } })).toBe(1);
    },
  },
  {
    call: "action removePushDevice",
    action: true,
    expect: USER_401,
    // as the DELETE row: another user's device first (404, it stays), then the caller's own
    run: async (role) => {
      if (role === "anon") return viaAction(anon, removePushDevice, [pushDevices.get("A")!]);
      await cannotRemoveOthersDevice(role, (id) => viaAction(clientOf(role), removePushDevice, [id]));
      return viaAction(clientOf(role), removePushDevice, [pushDevices.get(role)!]);
    },
    check: async (role) => {
      if (role === "anon") return expect(await pushDeviceCount(A)).toBe(1);
      expect(await pushDeviceCount(me(role)!)).toBe(0);
    },
  },
  {
    call: "action sendTestNotification",
    action: true,
    expect: USER_401,
    run: (role) => withPushDevice(role, () => viaAction(clientOf(role), sendTestNotification, [])),
    check: (role, r) => {
      if (role !== "anon") expect(json(r).data).toEqual({ sent: 1 });
    },
  },
  {
    call: "POST /api/auth/logout",
    expect: { anon: 200, A: 200, B: 200, owner: 200 },
    run: (role) =>
      logoutOnSecondSession(role, (c) => c.call(logoutRoute.POST, { method: "POST", path: "/api/auth/logout" })),
  },
  {
    call: "GET /api/auth/expired",
    expect: { anon: 303, A: 303, B: 303, owner: 303 },
    run: (role) =>
      clientOf(role).call(expiredRoute.GET, {
        method: "GET",
        path: "/api/auth/expired",
        headers: { "sec-fetch-site": "cross-site" },
      }),
    check: async (role, r) => {
      const location = new URL(r.headers.get("location")!, "http://x").pathname;
      expect(location).toBe(role === "anon" ? "/" : "/dashboard");
      expect(r.headers.get("set-cookie") ?? "").toEqual(
        role === "anon" ? expect.stringMatching(/session_token=; Path=\/; Max-Age=0/) : "",
      );
      expect(await sessionsAlive()).toBe(true);
    },
  },
  {
    call: "GET /api/auth/logout",
    expect: { anon: 303, A: 303, B: 303, owner: 303 },
    // the owner's third sign-in went to the cell above: this one ends the owner's other, locked session
    run: (role) =>
      logoutOnSecondSession(
        role,
        (c) =>
          c.call(logoutRoute.GET, {
            method: "GET",
            path: "/api/auth/logout",
            headers: { "sec-fetch-site": "same-origin" },
          }),
        role === "owner" ? ownerLocked : undefined,
      ),
  },
];

/** The main sessions of A, B and the owner still work. */
async function sessionsAlive() {
  for (const p of [A, B, owner])
    if ((await p.c.call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).status !== 200) return false;
  return true;
}

/** Signs the role in on another device (or takes `second`), signs that session out, and checks only it ended. */
async function logoutOnSecondSession(role: Role, logout: (c: Client) => Promise<CallResult>, existing?: Client) {
  if (role === "anon") return logout(anon);
  const second = existing ?? (await signIn(me(role)!.email));
  const r = await logout(second);
  expect((await second.call(userRoute.GET, { method: "GET", path: "/api/auth/user" })).status).toBe(401);
  expect(await sessionsAlive()).toBe(true);
  return r;
}

const observed = new Map<string, Partial<Record<Role, number>>>();

describe("access matrix (route handlers × signed out / user A / user B / unlocked owner)", () => {
  for (const row of rows) {
    describe(row.call, () => {
      for (const role of ROLES) {
        const want = row.expect[role];
        const wanted = (Array.isArray(want) ? want : [want]) as number[];
        it(`${ROLE_NAME[role]} → ${wanted.join(" or ")}`, async () => {
          const r = await row.run(role);
          observed.set(row.call, { ...observed.get(row.call), [role]: r.status });
          expect(wanted, `${row.call} as ${ROLE_NAME[role]}: ${JSON.stringify(r.json)}`).toContain(r.status);
          if (r.status >= 400 && row.action) expectSafeActionRejection(r.json, `${row.call} as ${role}`);
          else if (r.status >= 400)
            expectSafeRejection(
              r,
              `${row.call} as ${role}`,
              row.call.includes("verify-admin")
                ? { success: false }
                : row.call.startsWith("PUT /api/user/calendar-source")
                  ? { fieldErrors: { url: expect.any(String) } }
                  : {},
            );
          expectNoLeak(role, r, row.adminView);
          await row.check?.(role, r);
        });
      }
    });
  }

  it("every route file under app/api is in the matrix", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name === "route.ts")
          found.push(
            `/${path
              .relative(path.join(ROOT, "app"), dir)
              .split(path.sep)
              .join("/")
              .replace(/\[(\w+)\]/g, "{$1}")}`,
          );
      }
    };
    walk(path.join(ROOT, "app", "api"));
    const covered = rows
      .filter((r) => !r.action)
      .map((r) =>
        r.call
          .split(" ")[1]!
          .split("?")[0]!
          .replace(/\.ics$/, ""),
      );
    // A new route needs a row above (its expected status for each of the four callers).
    for (const route of found)
      expect(covered, `${route} has no row in tests/integration/access-matrix.test.ts`).toContain(route);
  });

  it("every server action under lib/actions is in the matrix", () => {
    const dir = path.join(ROOT, "lib", "actions");
    const actions = readdirSync(dir)
      .filter((f) => readFileSync(path.join(dir, f), "utf8").startsWith('"use server"'))
      .flatMap((f) =>
        // Actions are `export const name = userAction.action(...)` (lib/actions/client.ts).
        [...readFileSync(path.join(dir, f), "utf8").matchAll(/^export (?:async function|const) (\w+)/gm)].map(
          (m) => m[1]!,
        ),
      );
    const covered = new Set(rows.filter((r) => r.action).map((r) => r.call.split(" ")[1]!));
    const aliases: Record<string, string> = {
      deleteAccount: "deleteAccount",
      requestCode: "requestCode",
      verifyCode: "verifyCode",
    };
    // A new action needs a row above (its expected answer for each of the four callers).
    for (const a of actions)
      expect([...covered], `${a} has no row in tests/integration/access-matrix.test.ts`).toContain(aliases[a] ?? a);
  });

  afterAll(() => {
    if (!process.env.MATRIX_VERBOSE) return;
    const lines = [
      `| call | ${ROLES.map((r) => ROLE_NAME[r]).join(" | ")} |`,
      `|---|${ROLES.map(() => "---").join("|")}|`,
    ];
    for (const row of rows)
      lines.push(`| ${row.call} | ${ROLES.map((r) => observed.get(row.call)?.[r] ?? "skipped").join(" | ")} |`);
    console.info(lines.join("\n"));
  });
});
