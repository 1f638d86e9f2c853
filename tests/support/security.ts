// Helpers for the security suites (tests/integration/fuzz.test.ts, access-matrix.test.ts):
// route module types, a database snapshot to prove "nothing was written", and the shape
// every failure must have.
import { expect } from "vitest";
import type { Db } from "@/lib/db";
import { readOutbox } from "@/lib/mail";
import { outboxDir, type CallResult } from "./http";

export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "DELETE", RouteHandler>>;

/** Tables whose rows a rejected request must never touch (rate_limits and audit_logs may change). */
export const GUARDED_TABLES = [
  "users",
  "sessions",
  "accounts",
  "user_settings",
  "breaks",
  "pause_periods",
  "reminder_slots",
  "deliveries",
  "push_subscriptions",
  "verifications",
  "admin_grants",
  "daily_plans",
  "snoozes",
  "calendar_feeds",
  "exercise_feedback",
] as const;

/** Row counts of every guarded table that exists, plus the full rows that belong to `userIds`. */
export async function dbSnapshot(db: Db, userIds: string[]) {
  const present = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema()`,
  );
  const names = new Set(present.map((r) => r.name));
  const tables = GUARDED_TABLES.filter((t) => names.has(t));
  const [countRow] = await db.$queryRawUnsafe<Record<string, number>[]>(
    `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(", ")}`,
  );
  const counts = Object.fromEntries(Object.entries(countRow ?? {}).map(([k, v]) => [k, Number(v)]));
  return {
    counts,
    users: await db.user.findMany({ where: { id: { in: userIds } }, orderBy: { id: "asc" } }),
    settings: await db.userSettings.findMany({ where: { userId: { in: userIds } }, orderBy: { userId: "asc" } }),
    slots: await db.reminderSlot.findMany({
      where: { userId: { in: userIds } },
      orderBy: [{ userId: "asc" }, { slot: "asc" }],
    }),
    breaks: await db.breakRecord.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    // Small tables: login codes (their attempt counters live in `value`) and console grants.
    verifications: await db.verification.findMany({ orderBy: { id: "asc" } }),
    grants: names.has("admin_grants") ? await db.adminGrant.findMany({ orderBy: { id: "asc" } }) : [],
    calendarFeeds: names.has("calendar_feeds")
      ? await db.calendarFeed.findMany({ where: { userId: { in: userIds } }, orderBy: { userId: "asc" } })
      : [],
  };
}

export async function outboxCount(): Promise<number> {
  return (await readOutbox(outboxDir())).length;
}

/** Every status a rejected request may answer with. */
export const REJECTION_STATUSES = [400, 401, 403, 404, 409, 410, 413, 429] as const;

// Signs that internal error text reached the client.
const LEAKS: [string, RegExp][] = [
  ["stack frame", /\n\s+at /],
  ["stack frame", /\bat [^\s()]+ \(/],
  ["error class", /\b[A-Z][A-Za-z]*Error:/],
  ["Error:", /Error:/],
  ["prisma", /prisma/i],
  ["prisma invocation", /invalid `/i],
  ["SQL", /\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b/],
  ["file path", /\/(work|home|usr|tmp|app|node_modules)\//],
];

const short = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/**
 * A rejection as the API promises it: a 4xx from REJECTION_STATUSES with a JSON `{ message }` whose
 * text is short, non-empty and free of internals. `extraKeys` lists keys a route may add
 * (verify-admin answers `{ success: false, message }`).
 */
export function expectSafeRejection(r: CallResult<unknown>, input: string, extraKeys: Record<string, unknown> = {}) {
  const label = `input: ${JSON.stringify(short(input))} → ${r.status} ${short(JSON.stringify(r.json) ?? "")}`;
  expect(REJECTION_STATUSES as readonly number[], label).toContain(r.status);
  expect(r.headers.get("content-type") ?? "", label).toMatch(/^application\/json/);
  expect(r.json, label).toBeTypeOf("object");
  expect(r.json, label).not.toBeNull();
  const body = r.json as Record<string, unknown>;
  const { message, ...rest } = body;
  expect(message, label).toBeTypeOf("string");
  const text = message as string;
  expect(text.trim().length, label).toBeGreaterThan(0);
  // Fixed, human messages only: nothing of the (possibly huge) input is reflected back.
  expect(text.length, label).toBeLessThanOrEqual(300);
  for (const [what, re] of LEAKS) expect(re.test(text), `${what} in message; ${label}`).toBe(false);
  expect(rest, label).toEqual(Object.fromEntries(Object.keys(rest).map((k) => [k, extraKeys[k]])));
  for (const k of Object.keys(rest)) expect(Object.keys(extraKeys), label).toContain(k);
}

/** Keys an action's refusal may carry: the result, its field errors, a wait, and the values as sent. */
const ACTION_REFUSAL_KEYS = ["ok", "status", "code", "message", "fieldErrors", "retryAfterSeconds", "values", "step"];
/** The machine-readable codes a refusal may carry (lib/errors.ts ErrorCode). */
const REFUSAL_CODES = [
  "bad_request",
  "invalid_input",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "gone",
  "too_large",
  "unsupported_media_type",
  "unprocessable",
  "rate_limited",
];

/**
 * A server action's refusal as promised: `{ ok: false, status }` from REJECTION_STATUSES, a short
 * human message free of internals, and field errors of the same kind (never the input reflected).
 */
export function expectSafeActionRejection(result: unknown, input: string) {
  const label = `input: ${JSON.stringify(short(input))} → ${short(JSON.stringify(result) ?? "")}`;
  expect(result, label).toBeTypeOf("object");
  const r = result as Record<string, unknown>;
  expect(r.ok, label).toBe(false);
  expect(REJECTION_STATUSES as readonly number[], label).toContain(r.status);
  for (const k of Object.keys(r)) expect(ACTION_REFUSAL_KEYS, label).toContain(k);
  expect(REFUSAL_CODES, label).toContain(r.code);
  const messages = [r.message, ...Object.values((r.fieldErrors as Record<string, unknown> | undefined) ?? {})];
  for (const m of messages) {
    expect(m, label).toBeTypeOf("string");
    const text = m as string;
    expect(text.trim().length, label).toBeGreaterThan(0);
    expect(text.length, label).toBeLessThanOrEqual(300);
    for (const [what, re] of LEAKS) expect(re.test(text), `${what} in message; ${label}`).toBe(false);
  }
}
