// Fixed-window rate limits stored in the database, so they hold across instances and restarts.
// One atomic upsert per check; no read-modify-write race. A refused request keeps counting, so
// exactly one request per key and window sees `count === max + 1`: that one writes the audit
// entry, and a flood of refusals writes one row, not one per request. (Limits that give a refused
// request's slots back, the owner unlock's, tell the first refusal with auditRefusalsOnce.)
import { randomUUID } from "node:crypto";
import { pseudonym } from "@/lib/platform/pseudonym";
import { auditSafely, type AuditEntry } from "@/lib/platform/audit";
import type { Db } from "@/lib/db";
import { tooManyRequests } from "@/lib/errors";

/**
 * The key as stored: `<name>:<subject>` keeps its name and stores the subject (an e-mail address,
 * an IP address, a user id) as a keyed hash, so the table never holds a typed address or an IP.
 */
export function storedKey(key: string): string {
  const i = key.indexOf(":");
  return i < 0 ? key : `${key.slice(0, i)}:${pseudonym(key.slice(i + 1))}`;
}

/** A limit's name without its subject, for the audit log (the subject is in the entry itself). */
export function limitName(key: string): string {
  const i = key.indexOf(":");
  return i < 0 ? key : key.slice(0, i);
}

export interface Limit {
  /** Counter name, e.g. `otp-email:ann@example.com` (stored as `storedKey`). */
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
  /** This request is the first one refused in the current window. */
  firstRefusal: boolean;
  /** When the current window began (ms). */
  windowStart: number;
}

function result({ max, windowMs }: Limit, count: number, started: number, now: number): LimitResult {
  return {
    allowed: count <= max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)),
    firstRefusal: count === max + 1,
    windowStart: started,
  };
}

export async function hit(db: Db, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const rows = await db.$queryRawUnsafe<{ count: number; started: string | number }[]>(
    `INSERT INTO "rate_limits" ("id", "key", "count", "lastRequest") VALUES ($1, $2, 1, $3::bigint)
     ON CONFLICT ("key") DO UPDATE SET
       "count" = CASE WHEN "rate_limits"."lastRequest" <= $3::bigint - $4::bigint THEN 1 ELSE "rate_limits"."count" + 1 END,
       "lastRequest" = CASE WHEN "rate_limits"."lastRequest" <= $3::bigint - $4::bigint THEN $3::bigint ELSE "rate_limits"."lastRequest" END
     RETURNING "count"::int AS count, "lastRequest"::text AS started`,
    randomUUID(),
    storedKey(limit.key),
    now,
    limit.windowMs,
  );
  const row = rows[0]!;
  return result(limit, Number(row.count), Number(row.started), now);
}

/** The counter as it stands, without counting this request (a window that ended reads as empty). */
export async function peek(db: Db, limit: Limit, now = Date.now()): Promise<LimitResult> {
  const row = await db.rateLimit.findUnique({
    where: { key: storedKey(limit.key) },
    select: { count: true, lastRequest: true },
  });
  const started = row ? Number(row.lastRequest) : now;
  const count = row && started > now - limit.windowMs ? row.count : 0;
  return result(limit, count, started, now);
}

/** Gives back a slot taken by `hit` (an attempt that turned out not to be a failure). */
export async function giveBack(db: Db, limits: Limit[]) {
  for (const { key } of limits) {
    await db.$executeRaw`UPDATE "rate_limits" SET "count" = "count" - 1 WHERE "key" = ${storedKey(key)} AND "count" > 0`;
  }
}

/** What to write to the audit log when a limit refuses its first request of a window. */
export type RefusalAudit = Omit<AuditEntry, "details"> & { details?: Record<string, unknown> };

/** Writes one audit entry per limit that has just refused for the first time in its window. */
export async function auditFirstRefusals(
  db: Db,
  limits: Limit[],
  results: LimitResult[],
  entry: RefusalAudit | undefined,
) {
  if (!entry) return;
  for (const [i, r] of results.entries()) {
    if (!r.firstRefusal) continue;
    const l = limits[i]!;
    await auditSafely(db, {
      ...entry,
      details: { ...entry.details, limit: limitName(l.key), max: l.max, windowMinutes: l.windowMs / MINUTE },
    });
  }
}

/**
 * For limits that give back every slot of a refused attempt (so a refusal never outlasts the
 * attempts that caused it), the count cannot tell the first refusal of a window: a marker row per
 * limit, counted in the limit's own window (same start), does. Audits that first refusal only.
 */
export async function auditRefusalsOnce(db: Db, limits: Limit[], results: LimitResult[], entry: RefusalAudit) {
  const first = await Promise.all(
    results.map(async (r, i) => !r.allowed && (await hit(db, refusalMarker(limits[i]!), r.windowStart)).firstRefusal),
  );
  await auditFirstRefusals(
    db,
    limits,
    results.map((r, i) => ({ ...r, firstRefusal: first[i]! })),
    entry,
  );
}

/** `<name>-refused:<subject>`: the marker of a limit's refusals (max 0: its first hit is the first refusal). */
function refusalMarker({ key, windowMs }: Limit): Limit {
  const i = key.indexOf(":");
  return { key: i < 0 ? `${key}-refused` : `${key.slice(0, i)}-refused${key.slice(i)}`, max: 0, windowMs };
}

/**
 * Counts a hit on every limit (all of them, so each window stays accurate) and throws 429 if any
 * is over. The first refusal of each limit in a window is audited with `audit`.
 */
export async function enforce(
  db: Db,
  limits: Limit[],
  message: string,
  opts: { now?: number; audit?: RefusalAudit } = {},
) {
  const results = await Promise.all(limits.map((l) => hit(db, l, opts.now)));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length === 0) return;
  await auditFirstRefusals(db, limits, results, opts.audit);
  throw tooManyRequests(message, Math.max(...blocked.map((r) => r.retryAfterSeconds)));
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
