// POST /api/verify-admin: the admin code is compared in constant time with ADMIN_CODE. At most
// 5 wrong codes per 15 minutes per user and per IP, and 20 an hour across the whole app (then the
// console is locked for everyone until the hour is over); past a limit even the right code gets
// 429. Only failures count: every attempt takes a slot up front (atomic, so a burst of parallel
// guesses cannot slip past the limit) and gives it back unless the code was wrong. A refused
// attempt gives back every slot, the refusing ones too: a guess refused only because racing
// guesses held the last slots must not keep a slot after they give theirs back.
// With ADMIN_EMAIL set, only that account can unlock: anyone else gets exactly a wrong code's answer.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, tooManyRequests, waitText } from "@/lib/errors";
import { auditRefusalsOnce, giveBack, hit, HOUR, MINUTE, type Limit } from "@/lib/auth/rate-limit";
import type { SessionUser } from "@/lib/auth/session";
import { auditSafely } from "./audit";
import { safeEqual } from "@/lib/auth/signing";
import { createGrant } from "./grant";
import { ADMIN_MESSAGES } from "./types";

export const UNLOCK_LIMIT = { max: 5, windowMs: 15 * MINUTE };
export const UNLOCK_APP_LIMIT = { key: "admin-unlock-app", max: 20, windowMs: HOUR };

export function unlockLimits(userId: string, ip: string): Limit[] {
  return [
    { key: `admin-unlock-user:${userId}`, ...UNLOCK_LIMIT },
    { key: `admin-unlock-ip:${ip}`, ...UNLOCK_LIMIT },
    UNLOCK_APP_LIMIT,
  ];
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
    // Nothing was compared: this attempt is not a failure, so every limit gets its slot back. The
    // first refusal per key and window is audited; a flood of refusals writes one row per key.
    await giveBack(db, limits);
    await auditRefusalsOnce(db, limits, results, { action: "admin_unlock_failed", userId: user.id, ipAddress: ip, details: { reason: "rate_limited" } });
    const wait = Math.max(...blocked.map((r) => r.retryAfterSeconds));
    throw tooManyRequests(ADMIN_MESSAGES.tooManyAttempts(waitText(wait)), wait);
  }

  // Both checks always run, so an account that is not the owner's is answered in the same time.
  const codeMatches = safeEqual(code, adminCode);
  const ownerEmail = env().adminEmail;
  const isOwner = !ownerEmail || safeEqual(user.email.toLowerCase(), ownerEmail);
  if (!codeMatches || !isOwner) {
    // The slot stays taken: this is a counted failure. The code itself is never recorded.
    await auditSafely(db, {
      action: "admin_unlock_failed",
      userId: user.id,
      ipAddress: ip,
      details: { reason: isOwner ? "wrong_code" : "not_owner_account" },
    });
    const app = results[limits.indexOf(UNLOCK_APP_LIMIT)]!;
    if (app.count === UNLOCK_APP_LIMIT.max) {
      // This failure filled the app-wide window: the console is locked for everyone; tell the owner once.
      await auditSafely(db, {
        action: "admin_unlock_locked",
        userId: user.id,
        ipAddress: ip,
        details: { failures: UNLOCK_APP_LIMIT.max, lockedMinutes: Math.ceil(app.retryAfterSeconds / 60) },
      });
    }
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

/**
 * A refused unlock's audit details as the caller was answered, for their own data export: a
 * non-owner account got exactly a wrong code's answer, so its entry must not say why (the reason
 * stays in the owner's log). The wait of a 429 is not recorded, so it reads "a few minutes".
 */
export function unlockRefusalAsAnswered(details: unknown): Record<string, unknown> {
  const { reason, ...rest } = details && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  const answer = reason === "rate_limited" ? ADMIN_MESSAGES.tooManyAttempts("a few minutes") : ADMIN_MESSAGES.wrongCode;
  return { ...rest, answer };
}
