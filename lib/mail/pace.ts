// Pacing requests to the mail provider (Resend allows 5 requests a second per team by default),
// shared by every process through the database: a leaky bucket in one rate_limits row whose
// `lastRequest` holds the next free send time (epoch ms). Each request reserves the next slot,
// 1000 / maxRps ms after the previous one, and waits for it; so all shards together stay under
// the limit, evenly spaced (no bursts at window edges that a sliding-window limiter would refuse).
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";

export const PACE_KEY = "mail-pace";

export interface PacerOptions {
  db: () => Promise<Db>;
  maxRps: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Reserves the next send slot (one statement, atomic across processes); returns its time in epoch ms. */
export async function reserveSlot(db: Db, intervalMs: number, now = Date.now()): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ slot: string | number }[]>(
    `INSERT INTO "rate_limits" ("id", "key", "count", "lastRequest") VALUES ($1, $2, 0, $3::bigint + $4::bigint)
     ON CONFLICT ("key") DO UPDATE SET "lastRequest" = GREATEST("rate_limits"."lastRequest", $3::bigint) + $4::bigint
     RETURNING ("lastRequest" - $4::bigint)::text AS slot`,
    randomUUID(),
    PACE_KEY,
    now,
    Math.ceil(intervalMs),
  );
  return Number(rows[0]!.slot);
}

/** A function that resolves when this process may send its next request. */
export function createDbPacer({
  db,
  maxRps,
  now = Date.now,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: PacerOptions) {
  // 2.5 % slower than the limit: timer and network jitter must not bring two requests of a
  // sliding second within the provider's window.
  const intervalMs = (1000 / maxRps) * 1.025;
  return async function pace(): Promise<void> {
    const slot = await reserveSlot(await db(), intervalMs, now());
    const wait = slot - now();
    if (wait > 0) await sleep(wait);
  };
}
