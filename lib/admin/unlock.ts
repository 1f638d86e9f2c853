// POST /api/verify-admin: the admin code is compared in constant time with ADMIN_CODE. At most
// 5 wrong codes per 15 minutes per user and per IP, and 20 an hour across the whole app (then the
// console is locked for everyone until the hour is over); past a limit even the right code gets
// 429. Only failures count: every attempt takes a slot up front (atomic, so a burst of parallel
// guesses cannot slip past the limit) and gives it back unless the code was wrong. A refused
// attempt gives back every slot, the refusing ones too: a guess refused only because racing
// guesses held the last slots must not keep a slot after they give theirs back.
// With ADMIN_EMAIL set, only that account can unlock: anyone else gets exactly a wrong code's answer,
// counted against that account and its IP, but not against the app-wide limit (their guesses can
// never unlock, so they must not lock the owner out); they count on a counter of their own instead,
// so both kinds of attempt cost the same work and answer in the same time.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, tooManyRequests, waitText } from "@/lib/errors";
import { auditRefusalsOnce, giveBack, hit, HOUR, MINUTE, type Limit } from "@/lib/platform/rate-limit";
import type { SessionUser } from "@/lib/auth/session";
import { auditSafely } from "@/lib/platform/audit";
import { safeEqual } from "@/lib/platform/signing";
import { createGrant } from "./grant";
import { ADMIN_MESSAGES } from "./types";

export const UNLOCK_LIMIT = { max: 5, windowMs: 15 * MINUTE };
export const UNLOCK_APP_LIMIT = { key: "admin-unlock-app", max: 20, windowMs: HOUR };
/** The app-wide count of accounts that can never unlock (not the owner's): it locks nobody out. */
const OTHER_ACCOUNTS_LIMIT = { key: "admin-unlock-app-others", max: UNLOCK_APP_LIMIT.max, windowMs: HOUR };

export function unlockLimits(userId: string, ip: string, canUnlock = true): Limit[] {
  return [
    { key: `admin-unlock-user:${userId}`, ...UNLOCK_LIMIT },
    { key: `admin-unlock-ip:${ip}`, ...UNLOCK_LIMIT },
    canUnlock ? UNLOCK_APP_LIMIT : OTHER_ACCOUNTS_LIMIT,
  ];
}

/**
 * Checks the code and, when it is right, grants the caller's session console access.
 * Throws AppError 503 (not configured), 429 (too many wrong codes) or 401 (wrong code).
 */
export async function unlockConsole(db: Db, user: SessionUser, code: string, ip: string, now = Date.now()) {
  const adminCode = env().adminCode;
  if (!adminCode) throw new AppError(503, ADMIN_MESSAGES.notConfigured);

  const ownerEmail = env().adminEmail;
  const isOwner = !ownerEmail || safeEqual(user.email.toLowerCase(), ownerEmail);
  const limits = unlockLimits(user.id, ip, isOwner);
  const results = await Promise.all(limits.map((l) => hit(db, l, now)));
  // Accounts that can never unlock are refused by their own limits only (the app-wide one is the owner's).
  const blocked = results.filter((r, i) => !r.allowed && limits[i] !== OTHER_ACCOUNTS_LIMIT);
  if (blocked.length > 0) {
    // Nothing was compared: this attempt is not a failure, so every limit gets its slot back. The
    // first refusal per key and window is audited; a flood of refusals writes one row per key.
    await giveBack(db, limits);
    await auditRefusalsOnce(db, limits, results, {
      action: "admin_unlock_failed",
      userId: user.id,
      ipAddress: ip,
      details: { reason: "rate_limited" },
    });
    const wait = Math.max(...blocked.map((r) => r.retryAfterSeconds));
    throw tooManyRequests(ADMIN_MESSAGES.tooManyAttempts(waitText(wait)), wait);
  }

  const codeMatches = safeEqual(code, adminCode);
  if (!codeMatches || !isOwner) {
    // The slot stays taken: this is a counted failure. The code itself is never recorded.
    await auditSafely(db, {
      action: "admin_unlock_failed",
      userId: user.id,
      ipAddress: ip,
      details: { reason: isOwner ? "wrong_code" : "not_owner_account" },
    });
    const app = results[limits.indexOf(UNLOCK_APP_LIMIT)];
    if (app?.count === UNLOCK_APP_LIMIT.max) {
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
