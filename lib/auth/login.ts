// The two sign-in steps behind POST /api/auth/request-code and POST /api/auth/verify-code.
import { APIError } from "better-auth/api";
import { auditSafely } from "@/lib/admin/audit";
import { getDb, type Db } from "@/lib/db";
import { AppError, tooManyRequests, unauthorized, waitText } from "@/lib/errors";
import { guardTypedMail } from "@/lib/mail/guard";
import { CODE_ALLOWED_ATTEMPTS, getAuth, otpDelivery } from "./auth";
import { checkCodeAttempt } from "./code-attempts";
import { forgetSessions, readSessionToken } from "./session";
import { DAY, enforce, giveBack, hit, HOUR, MINUTE, peek, type Limit } from "./rate-limit";

export const LIMITS = {
  verifyPerIp: { max: 30, windowMs: 10 * MINUTE },
  /** Wrong codes per address across every code sent to it: spraying guesses cannot slowly win. */
  failuresPerEmail: { max: 10, windowMs: HOUR },
  failuresPerEmailDaily: { max: 20, windowMs: DAY },
};

export const MESSAGES = {
  tooManyVerifies: "Too many attempts. Please wait a few minutes and try again.",
  sendFailed: "Failed to send verification code. Please try again.",
  noPendingLogin: "Your sign-in request has expired. Please request a new code.",
  invalidCode: "Invalid verification code",
  expiredCode: "This code has expired. Please request a new one.",
  burnedCode: "Too many wrong attempts. Please request a new code.",
};

/** Shown while an address is locked after too many wrong codes. */
export function lockedMessage(retryAfterSeconds: number): string {
  return `Too many wrong codes for this address. For your security, sign-in is locked for ${waitText(retryAfterSeconds)}. Please try again later.`;
}

/** Counter keys that name an e-mail address and belong to sign-in (account deletion clears them). */
export function failureLimits(email: string): Limit[] {
  return [
    { key: `verify-fail-email:${email}`, ...LIMITS.failuresPerEmail },
    { key: `verify-fail-email-day:${email}`, ...LIMITS.failuresPerEmailDaily },
  ];
}

/** Throws 429 while the address is locked; counts nothing. */
async function assertNotLocked(db: Db, email: string, now: number) {
  const limits = failureLimits(email);
  const states = await Promise.all(limits.map((l) => peek(db, l, now)));
  const over = states.filter((r, i) => r.count >= limits[i]!.max);
  if (over.length > 0) {
    const wait = Math.max(...over.map((r) => r.retryAfterSeconds));
    throw tooManyRequests(lockedMessage(wait), wait);
  }
}

/** Sends a code to `email`. The answer is the same whether or not an account exists. */
export async function requestLoginCode(email: string, ip: string, now = Date.now()) {
  const db = await getDb();
  await assertNotLocked(db, email, now);
  await guardTypedMail(db, { kind: "login-code", to: email, ip, now });
  const auth = await getAuth();
  const outcome: { error?: string } = {};
  await otpDelivery.run(outcome, () => auth.api.sendVerificationOTP({ body: { email, type: "sign-in" } }));
  if (outcome.error) {
    console.error(`[auth] login code e-mail to ${email} failed: ${outcome.error}`);
    throw new AppError(502, MESSAGES.sendFailed);
  }
  await auditSafely(db, { action: "login_code_requested", ipAddress: ip, details: { email } });
}

/** Checks the code; on success returns Better Auth's Set-Cookie headers for the new session. */
export async function verifyLoginCode(email: string, code: string, headers: Headers, ip: string, now = Date.now()) {
  const db = await getDb();
  await enforce(db, [{ key: `verify-ip:${ip}`, ...LIMITS.verifyPerIp }], MESSAGES.tooManyVerifies, {
    now,
    audit: { action: "login_verify_rate_limited", ipAddress: ip },
  });
  // Every check takes a failure slot up front (atomic, so parallel guesses cannot slip past the
  // cap) and gives it back unless the code was wrong.
  const fails = failureLimits(email);
  const taken = await Promise.all(fails.map((l) => hit(db, l, now)));
  const blocked = taken.filter((r) => !r.allowed);
  if (blocked.length > 0) {
    await giveBack(db, fails);
    const wait = Math.max(...blocked.map((r) => r.retryAfterSeconds));
    throw tooManyRequests(lockedMessage(wait), wait);
  }
  // The code's own try counter, raised atomically first; only a matching code reaches Better Auth.
  const attempt = await checkCodeAttempt(db, email, code, CODE_ALLOWED_ATTEMPTS, new Date(now));
  let reason = attempt === "burned" ? "TOO_MANY_ATTEMPTS" : attempt === "wrong" ? "INVALID_OTP" : undefined;
  if (!reason) {
    const auth = await getAuth();
    try {
      const { headers: out, response } = await auth.api.signInEmailOTP({
        body: { email, otp: code },
        headers,
        returnHeaders: true,
      });
      await giveBack(db, fails);
      await auditSafely(db, { action: "login_success", userId: response.user.id, ipAddress: ip, details: { email } });
      return out.getSetCookie();
    } catch (error) {
      if (!isApiError(error)) {
        await giveBack(db, fails);
        throw error;
      }
      reason = String((error.body as { code?: string } | undefined)?.code ?? error.message);
    }
  }
  await auditSafely(db, { action: "login_failed", ipAddress: ip, details: { email, reason } });
  // The failure that fills a window locks the address: one audit entry for the owner.
  const filled = taken.findIndex((r, i) => r.count === fails[i]!.max);
  if (filled >= 0) {
    await auditSafely(db, {
      action: "login_locked",
      ipAddress: ip,
      details: { email, failures: fails[filled]!.max, lockedMinutes: Math.ceil(taken[filled]!.retryAfterSeconds / 60) },
    });
  }
  if (/TOO_MANY_ATTEMPTS/i.test(reason)) throw new AppError(429, MESSAGES.burnedCode);
  if (/EXPIRED/i.test(reason)) throw unauthorized(MESSAGES.expiredCode);
  throw unauthorized(MESSAGES.invalidCode);
}

/**
 * Better Auth's APIError, whichever bundle made it. The auth instance is shared through globalThis
 * by route handlers and server actions, which Next bundles apart: after a route handler made the
 * instance, its errors are not `instanceof` the action bundle's class (a wrong code in the login
 * form then read "Something went wrong" instead of "Invalid verification code").
 */
export function isApiError(error: unknown): error is APIError {
  return error instanceof APIError || (error instanceof Error && error.name === "APIError" && "status" in error && "body" in error);
}

/** Ends the session in the database and returns the cookie-clearing headers. */
export async function logout(headers: Headers, ip: string, userId?: string) {
  const auth = await getAuth();
  const db = await getDb();
  forgetSessions({ token: readSessionToken(headers) });
  try {
    const out = await auth.api.signOut({ headers, returnHeaders: true });
    if (userId) await auditSafely(db, { action: "logout", userId, ipAddress: ip });
    return out.headers.getSetCookie();
  } catch (error) {
    if (isApiError(error)) return [];
    throw error;
  }
}
