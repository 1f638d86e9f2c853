// Fixed-window rate limits stored in the database, so they hold across instances and restarts.
// One atomic upsert per check; no read-modify-write race.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { tooManyRequests } from "@/lib/errors";

export interface Limit {
  /** Counter name, e.g. `otp-email:ann@example.com`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hit(db: Db, { key, max, windowMs }: Limit, now = Date.now()): Promise<LimitResult> {
  const rows = await db.$queryRawUnsafe<{ count: number; started: string | number }[]>(
    `INSERT INTO "rate_limits" ("id", "key", "count", "lastRequest") VALUES ($1, $2, 1, $3::bigint)
     ON CONFLICT ("key") DO UPDATE SET
       "count" = CASE WHEN "rate_limits"."lastRequest" <= $3::bigint - $4::bigint THEN 1 ELSE "rate_limits"."count" + 1 END,
       "lastRequest" = CASE WHEN "rate_limits"."lastRequest" <= $3::bigint - $4::bigint THEN $3::bigint ELSE "rate_limits"."lastRequest" END
     RETURNING "count"::int AS count, "lastRequest"::text AS started`,
    randomUUID(),
    key,
    now,
    windowMs,
  );
  const row = rows[0]!;
  const count = Number(row.count);
  const started = Number(row.started);
  return {
    allowed: count <= max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)),
  };
}

/** Counts a hit on every limit (all of them, so each window stays accurate) and throws 429 if any is over. */
export async function enforce(db: Db, limits: Limit[], message: string, now = Date.now()) {
  const results = await Promise.all(limits.map((l) => hit(db, l, now)));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length > 0) {
    throw tooManyRequests(message, Math.max(...blocked.map((r) => r.retryAfterSeconds)));
  }
}

/** Clears a counter (e.g. after a successful admin unlock). */
export async function reset(db: Db, key: string) {
  await db.rateLimit.deleteMany({ where: { key } });
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
