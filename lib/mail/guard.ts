// Limits on e-mail sent to an address the caller typed (login codes, test e-mails), so Limber can
// never be used as a mail cannon: per recipient, per client address, and an app-wide circuit
// breaker. All counters live in the database (lib/auth/rate-limit.ts), so they hold across
// instances. The per-recipient and per-address limits are checked first: a caller they refuse
// never uses up the app-wide budget, so one noisy network cannot lock everyone out of sign-in.
import { DAY, enforce, HOUR, MINUTE, type Limit } from "@/lib/platform/rate-limit";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { PRODUCT_NAME } from "@/lib/brand";

export type TypedMailKind = "login-code" | "test";

export const MAIL_LIMITS = {
  test: {
    perRecipient: { max: 3, windowMs: DAY },
    perIp: { max: 5, windowMs: HOUR },
  },
  "login-code": {
    perRecipient: { max: 3, windowMs: 10 * MINUTE },
    perRecipientDaily: { max: 10, windowMs: DAY },
    perIp: { max: 10, windowMs: 10 * MINUTE },
  },
  /** Share of MAIL_HOURLY_CAP that test e-mails may use, so a flood of them cannot block sign-in. */
  testShareOfCap: 0.1,
} as const;

export const MAIL_MESSAGES = {
  testPerRecipient: "This address has already been sent 3 test e-mails today. Please try again tomorrow.",
  testPerIp: "Too many test e-mails from this network. You can send 5 per hour; please try again later.",
  tooManyCodes: "Too many code requests. Please wait a few minutes and try again.",
  overCap: `${PRODUCT_NAME} is sending too many e-mails right now. Please try again in a little while.`,
} as const;

/** Counter keys that name an e-mail address (account deletion clears exactly these). */
export function recipientLimitKeys(email: string): string[] {
  return [`test-email-to:${email}`, `otp-email:${email}`, `otp-email-day:${email}`];
}

/** App-wide limits, in the order they are checked (a request refused by one does not count in the next). */
function globalLimits(kind: TypedMailKind): Limit[] {
  const cap = env().mailHourlyCap;
  const all: Limit = { key: "mail-global", max: cap, windowMs: HOUR };
  if (kind === "login-code") return [all];
  return [
    { key: "mail-global-test", max: Math.max(1, Math.floor(cap * MAIL_LIMITS.testShareOfCap)), windowMs: HOUR },
    all,
  ];
}

/**
 * Counts one e-mail to `to` requested from `ip`, or throws 429 with `Retry-After`. The first
 * refusal of each limit in its window is written to the audit log (never one row per request).
 */
export async function guardTypedMail(
  db: Db,
  { kind, to, ip, now }: { kind: TypedMailKind; to: string; ip: string; now?: number },
) {
  // The caller's own budget first: a request refused there does not use up the recipient's.
  if (kind === "test") {
    const audit = { action: "test_email_rate_limited" as const, ipAddress: ip, details: { email: to } };
    await enforce(db, [{ key: `test-email-ip:${ip}`, ...MAIL_LIMITS.test.perIp }], MAIL_MESSAGES.testPerIp, {
      now,
      audit,
    });
    await enforce(
      db,
      [{ key: `test-email-to:${to}`, ...MAIL_LIMITS.test.perRecipient }],
      MAIL_MESSAGES.testPerRecipient,
      { now, audit },
    );
  } else {
    const l = MAIL_LIMITS["login-code"];
    const audit = { action: "login_code_rate_limited" as const, ipAddress: ip, details: { email: to } };
    await enforce(db, [{ key: `otp-ip:${ip}`, ...l.perIp }], MAIL_MESSAGES.tooManyCodes, { now, audit });
    await enforce(
      db,
      [
        { key: `otp-email:${to}`, ...l.perRecipient },
        { key: `otp-email-day:${to}`, ...l.perRecipientDaily },
      ],
      MAIL_MESSAGES.tooManyCodes,
      { now, audit },
    );
  }
  for (const limit of globalLimits(kind)) {
    await enforce(db, [limit], MAIL_MESSAGES.overCap, {
      now,
      audit: { action: "mail_cap_reached", ipAddress: ip, details: { kind } },
    });
  }
}
