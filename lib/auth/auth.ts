// The Better Auth instance: Prisma adapter, e-mail OTP with hashed 6-digit codes, database sessions.
// Its HTTP handler is not mounted: the spec's /api/auth/* routes call `auth.api` directly, so
// Better Auth's own endpoints are not exposed and cannot shadow ours.
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { emailOTP } from "better-auth/plugins/email-otp";
import { renderLoginCodeEmail } from "@/lib/mail/templates/render";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail";
import { hashCode } from "./code-attempts";
import { purposeKey } from "@/lib/platform/secret";

export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_ALLOWED_ATTEMPTS = 5;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/** However active, a session ends this long after sign-in (lib/auth/session.ts). */
export const SESSION_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/**
 * Better Auth runs `sendVerificationOTP` through a helper that logs and swallows failures; the
 * request-code handler needs to know whether the e-mail left, so the callback reports here.
 */
export const otpDelivery = new AsyncLocalStorage<{ error?: string; codeHash?: string }>();

function createAuth(db: Db) {
  const { appUrl, isProduction, sessionClientInfo } = env();
  return betterAuth({
    appName: "Limber",
    baseURL: appUrl,
    secret: purposeKey("session"),
    database: prismaAdapter(db, { provider: "postgresql" }),
    trustedOrigins: [appUrl],
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      cookieCache: { enabled: false }, // every request checks the database, so revocation is immediate
    },
    rateLimit: { enabled: true, storage: "database", modelName: "rateLimit" },
    // Sessions keep no IP address or browser string unless SESSION_CLIENT_INFO=on (privacy page).
    databaseHooks: sessionClientInfo
      ? undefined
      : {
          session: {
            create: { before: async (session) => ({ data: { ...session, ipAddress: null, userAgent: null } }) },
          },
        },
    advanced: {
      cookiePrefix: "limber",
      // Secure cookies whenever the app is served over HTTPS (always in production on Vercel);
      // plain-http local runs (`npm start` on localhost) would otherwise drop them.
      useSecureCookies: appUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: appUrl.startsWith("https://") },
    },
    logger: { level: isProduction ? "error" : "warn" },
    telemetry: { enabled: false },
    plugins: [
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ALLOWED_ATTEMPTS,
        // Better Auth's "hashed" format, computed by our own function so lib/auth/code-attempts.ts
        // can compare codes itself (it counts the tries atomically before Better Auth sees one).
        storeOTP: { hash: hashCode },
        async sendVerificationOTP({ email, otp }) {
          const outcome = otpDelivery.getStore();
          // Which stored code is this request's (lib/auth/login.ts binds it to the requesting browser).
          if (outcome) outcome.codeHash = await hashCode(otp);
          const mail = await renderLoginCodeEmail({ code: otp, appUrl });
          const result = await sendMail({ to: email, kind: "login-code", ...mail });
          if (!result.ok && outcome) outcome.error = result.error;
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const key = "__limberAuth";
/** The Better Auth instance over the app database (one per process). */
export async function getAuth(): Promise<Auth> {
  const g = globalThis as Record<string, unknown>;
  if (!g[key]) {
    g[key] = getDb().then(createAuth);
    (g[key] as Promise<Auth>).catch(() => delete g[key]);
  }
  return g[key] as Promise<Auth>;
}
