// The two sign-in steps behind POST /api/auth/request-code and POST /api/auth/verify-code.
import { APIError } from "better-auth/api";
import { auditSafely } from "@/lib/admin/audit";
import { getDb } from "@/lib/db";
import { AppError, unauthorized } from "@/lib/errors";
import { getAuth, otpDelivery } from "./auth";
import { enforce, MINUTE } from "./rate-limit";

export const LIMITS = {
  codePerEmail: { max: 3, windowMs: 10 * MINUTE },
  codePerIp: { max: 10, windowMs: 10 * MINUTE },
  verifyPerIp: { max: 30, windowMs: 10 * MINUTE },
};

export const MESSAGES = {
  tooManyCodes: "Too many code requests. Please wait a few minutes and try again.",
  tooManyVerifies: "Too many attempts. Please wait a few minutes and try again.",
  sendFailed: "Failed to send verification code. Please try again.",
  noPendingLogin: "Your sign-in request has expired. Please request a new code.",
  invalidCode: "Invalid verification code",
  expiredCode: "This code has expired. Please request a new one.",
  burnedCode: "Too many wrong attempts. Please request a new code.",
};

/** Sends a code to `email`. The answer is the same whether or not an account exists. */
export async function requestLoginCode(email: string, ip: string) {
  const db = await getDb();
  try {
    await enforce(
      db,
      [
        { key: `otp-email:${email}`, ...LIMITS.codePerEmail },
        { key: `otp-ip:${ip}`, ...LIMITS.codePerIp },
      ],
      MESSAGES.tooManyCodes,
    );
  } catch (error) {
    await auditSafely(db, { action: "login_code_rate_limited", ipAddress: ip, details: { email } });
    throw error;
  }
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
export async function verifyLoginCode(email: string, code: string, headers: Headers, ip: string) {
  const db = await getDb();
  await enforce(db, [{ key: `verify-ip:${ip}`, ...LIMITS.verifyPerIp }], MESSAGES.tooManyVerifies);
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
    if (!(error instanceof APIError)) throw error;
    const reason = String((error.body as { code?: string } | undefined)?.code ?? error.message);
    await auditSafely(db, { action: "login_failed", ipAddress: ip, details: { email, reason } });
    if (/TOO_MANY_ATTEMPTS/i.test(reason)) throw new AppError(429, MESSAGES.burnedCode);
    if (/EXPIRED/i.test(reason)) throw unauthorized(MESSAGES.expiredCode);
    throw unauthorized(MESSAGES.invalidCode);
  }
}

/** Ends the session in the database and returns the cookie-clearing headers. */
export async function logout(headers: Headers, ip: string, userId?: string) {
  const auth = await getAuth();
  const db = await getDb();
  try {
    const out = await auth.api.signOut({ headers, returnHeaders: true });
    if (userId) await auditSafely(db, { action: "logout", userId, ipAddress: ip });
    return out.headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) return [];
    throw error;
  }
}
