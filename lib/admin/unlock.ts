// POST /api/verify-admin: the admin code is compared in constant time with ADMIN_CODE. At most
// 5 wrong codes per 15 minutes per user and per IP; after that even the right code gets 429.
// Only failures count: every attempt takes a slot up front (atomic, so a burst of parallel
// guesses cannot slip past the limit) and gives it back unless the code was wrong.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, tooManyRequests } from "@/lib/errors";
import { hit, MINUTE, type Limit } from "@/lib/auth/rate-limit";
import type { SessionUser } from "@/lib/auth/session";
import { auditSafely } from "./audit";
import { createGrant, safeEqual } from "./grant";
import { ADMIN_MESSAGES } from "./types";

export const UNLOCK_LIMIT = { max: 5, windowMs: 15 * MINUTE };

export function unlockLimits(userId: string, ip: string): Limit[] {
  return [
    { key: `admin-unlock-user:${userId}`, ...UNLOCK_LIMIT },
    { key: `admin-unlock-ip:${ip}`, ...UNLOCK_LIMIT },
  ];
}

async function giveBack(db: Db, limits: Limit[]) {
  for (const { key } of limits) {
    await db.$executeRaw`UPDATE "rate_limits" SET "count" = "count" - 1 WHERE "key" = ${key} AND "count" > 0`;
  }
}

/**
 * Checks the code and, when it is right, grants the caller's session console access.
 * Throws AppError 503 (not configured), 429 (too many wrong codes) or 401 (wrong code).
 */
export async function unlockConsole(db: Db, user: SessionUser, code: string, ip: string, now = Date.now()) {
  const adminCode = env().adminCode;
  if (!adminCode) throw new AppError(503, ADMIN_MESSAGES.notConfigured);

  const limits = unlockLimits(user.id, ip);
  const results = await Promise.all(limits.map((l) => hit(db, l, now)));
  const blocked = results.filter((r) => !r.allowed);
  if (blocked.length > 0) {
    // Nothing was compared: this attempt is not a failure.
    await giveBack(db, limits);
    await auditSafely(db, { action: "admin_unlock_failed", userId: user.id, ipAddress: ip, details: { reason: "rate_limited" } });
    throw tooManyRequests(ADMIN_MESSAGES.tooManyAttempts, Math.max(...blocked.map((r) => r.retryAfterSeconds)));
  }

  if (!safeEqual(code, adminCode)) {
    // The slot stays taken: this is a counted failure. The code itself is never recorded.
    await auditSafely(db, { action: "admin_unlock_failed", userId: user.id, ipAddress: ip, details: { reason: "wrong_code" } });
    throw new AppError(401, ADMIN_MESSAGES.wrongCode);
  }

  await giveBack(db, limits);
  const grant = await createGrant(db, user, new Date(now));
  await auditSafely(db, {
    action: "admin_unlock_success",
    userId: user.id,
    ipAddress: ip,
    details: { expiresAt: grant.expiresAt.toISOString() },
  });
  return grant;
}
