// The two sign-in steps behind POST /api/auth/request-code and POST /api/auth/verify-code.
//
// Guessing is limited so that no stranger can lock anyone out (docs/security.md): a code is bound
// to the browser that asked for it (lib/auth/code-attempts.ts), so other browsers' guesses are
// never compared with it; only a code really compared and wrong counts; wrong codes are limited per
// address *and* client address, so a network that guesses is paused, not the address; and past a
// daily number of wrong codes for an address from anywhere, each new code takes one try instead of
// five (a slow-down for a distributed guesser, never a refusal). A new code is never refused for
// wrong guesses: only the mail limits (lib/mail/guard.ts) apply to sending one.
import { APIError } from "better-auth/api";
import { auditSafely } from "@/lib/platform/audit";
import { getDb } from "@/lib/db";
import { AppError, tooManyRequests, unauthorized, waitText } from "@/lib/errors";
import { guardTypedMail } from "@/lib/mail/guard";
import { CODE_ALLOWED_ATTEMPTS, getAuth, otpDelivery } from "./auth";
import { bindCode, checkCodeAttempt } from "./code-attempts";
import { newLoginNonce } from "./login-cookie";
import { forgetSessions, readSessionToken } from "./session";
import { DAY, enforce, giveBack, hit, HOUR, MINUTE, peek, type Limit } from "@/lib/platform/rate-limit";

export const LIMITS = {
  verifyPerIp: { max: 30, windowMs: 10 * MINUTE },
  /** Wrong codes for one address from one client address: that network is paused for the address. */
  failuresPerNetwork: { max: 10, windowMs: HOUR },
  failuresPerNetworkDaily: { max: 20, windowMs: DAY },
  /** Wrong codes for one address from anywhere: past this, each new code takes a single try. */
  failuresPerEmailDaily: { max: 20, windowMs: DAY },
};

export const MESSAGES = {
  tooManyVerifies: "Too many attempts. Please wait a few minutes and try again.",
  sendFailed: "Failed to send verification code. Please try again.",
  noPendingLogin: "Your sign-in request has expired. Please request a new code.",
  invalidCode: "Invalid verification code",
  expiredCode: "This code has expired. Please request a new one.",
  burnedCode: "Too many wrong attempts. Please request a new code.",
  elsewhere:
    "A newer code was requested for this address, maybe on another device. Use it there, or request a new code here.",
};

/** Shown while this network is paused for an address after too many wrong codes from it. */
export function lockedMessage(retryAfterSeconds: number): string {
  return `Too many wrong codes from this network. For your security, sign-in here is paused for ${waitText(retryAfterSeconds)}. Please try again later.`;
}

/** The wrong-code counters of one address from one client address. */
export function networkFailureLimits(email: string, ip: string): Limit[] {
  return [
    { key: `verify-fail-net:${email}|${ip}`, ...LIMITS.failuresPerNetwork },
    { key: `verify-fail-net-day:${email}|${ip}`, ...LIMITS.failuresPerNetworkDaily },
  ];
}

/** The address's own counters (account deletion clears them by exact key). */
export function failureLimits(email: string): Limit[] {
  return [{ key: `verify-fail-email-day:${email}`, ...LIMITS.failuresPerEmailDaily }];
}

/**
 * Sends a code to `email`; returns the nonce the browser keeps in its login cookie (the code is
 * bound to it). The answer is the same whether or not an account exists.
 */
export async function requestLoginCode(email: string, ip: string, now = Date.now()): Promise<string> {
  const db = await getDb();
  await guardTypedMail(db, { kind: "login-code", to: email, ip, now });
  const auth = await getAuth();
  const outcome: { error?: string; codeHash?: string } = {};
  await otpDelivery.run(outcome, () => auth.api.sendVerificationOTP({ body: { email, type: "sign-in" } }));
  if (outcome.error) {
    console.error(`[auth] login code e-mail to ${email} failed: ${outcome.error}`);
    throw new AppError(502, MESSAGES.sendFailed);
  }
  const nonce = newLoginNonce();
  if (outcome.codeHash) await bindCode(db, email, outcome.codeHash, nonce);
  await auditSafely(db, { action: "login_code_requested", ipAddress: ip, details: { email } });
  return nonce;
}

/**
 * Checks the code of the browser's pending sign-in (`nonce` from its login cookie); on success
 * returns Better Auth's Set-Cookie headers for the new session.
 */
export async function verifyLoginCode(
  email: string,
  code: string,
  headers: Headers,
  ip: string,
  now = Date.now(),
  nonce?: string,
) {
  const db = await getDb();
  await enforce(db, [{ key: `verify-ip:${ip}`, ...LIMITS.verifyPerIp }], MESSAGES.tooManyVerifies, {
    now,
    audit: { action: "login_verify_rate_limited", ipAddress: ip },
  });
  // Every check takes a failure slot up front (atomic, so parallel guesses cannot slip past the
  // cap) and gives it back unless a code was really compared and wrong.
  const network = networkFailureLimits(email, ip);
  const address = failureLimits(email);
  const counted = [...network, ...address];
  const taken = await Promise.all(counted.map((l) => hit(db, l, now)));
  const paused = taken.slice(0, network.length).filter((r) => !r.allowed);
  if (paused.length > 0) {
    await giveBack(db, counted);
    const wait = Math.max(...paused.map((r) => r.retryAfterSeconds));
    throw tooManyRequests(lockedMessage(wait), wait);
  }
  // A slow-down, not a lock: past the address's daily wrong codes, a code gets one try.
  const slow = (await peek(db, address[0]!, now)).count > LIMITS.failuresPerEmailDaily.max;
  const attempt = await checkCodeAttempt(db, email, code, slow ? 1 : CODE_ALLOWED_ATTEMPTS, new Date(now), nonce);
  if (attempt !== "wrong") await giveBack(db, counted);
  let reason =
    attempt === "burned"
      ? "TOO_MANY_ATTEMPTS"
      : attempt === "elsewhere"
        ? "REQUESTED_ELSEWHERE"
        : attempt === "wrong"
          ? "INVALID_OTP"
          : undefined;
  if (!reason) {
    const auth = await getAuth();
    try {
      const { headers: out, response } = await auth.api.signInEmailOTP({
        body: { email, otp: code },
        headers,
        returnHeaders: true,
      });
      await auditSafely(db, { action: "login_success", userId: response.user.id, ipAddress: ip, details: { email } });
      return out.getSetCookie();
    } catch (error) {
      if (!isApiError(error)) throw error;
      reason = String((error.body as { code?: string } | undefined)?.code ?? error.message);
    }
  }
  await auditSafely(db, { action: "login_failed", ipAddress: ip, details: { email, reason } });
  // The wrong code that fills this network's window pauses it: one audit entry for the owner.
  const filled = network.findIndex((l, i) => attempt === "wrong" && taken[i]!.count === l.max);
  if (filled >= 0) {
    await auditSafely(db, {
      action: "login_locked",
      ipAddress: ip,
      details: {
        email,
        failures: network[filled]!.max,
        lockedMinutes: Math.ceil(taken[filled]!.retryAfterSeconds / 60),
      },
    });
  }
  if (/TOO_MANY_ATTEMPTS/i.test(reason)) throw new AppError(429, MESSAGES.burnedCode);
  if (reason === "REQUESTED_ELSEWHERE") throw unauthorized(MESSAGES.elsewhere);
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
  return (
    error instanceof APIError ||
    (error instanceof Error && error.name === "APIError" && "status" in error && "body" in error)
  );
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
