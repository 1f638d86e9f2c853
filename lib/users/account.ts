// Deleting an account: the user and every row that belongs to them, in one transaction.
import type { Db } from "@/lib/db";
import { pseudonym } from "@/lib/platform/pseudonym";
import { storedKey } from "@/lib/platform/rate-limit";
import { settingsSaveLimit } from "@/lib/users/settings-store";
import { auditSafely } from "@/lib/platform/audit";
import { failureLimits } from "@/lib/auth/login";
import { forgetSessions, isSpecialUser } from "@/lib/auth/session";
import { recipientLimitKeys } from "@/lib/mail/guard";
import { AppError, notFound } from "@/lib/errors";
import { feedHitLimit, feedResetLimit } from "@/lib/calendar/feed";
import { exportLimit } from "./export";
import { deviceChangeLimit } from "@/lib/push/subscriptions";
import { testPushUserLimit } from "@/lib/push/test-notification";

/** User ids are generated tokens; anything else (e.g. with a NUL byte) cannot name a user. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** Better Auth's e-mail OTP identifiers are `<type>-otp-<email>`. */
const OTP_TYPES = ["sign-in", "email-verification", "forget-password"] as const;

export const PROTECTED_ACCOUNT_MESSAGE = "The admin account cannot be deleted under any circumstances.";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export async function deleteAccount(db: Db, userId: string, actor: { userId: string; ip: string; byAdmin: boolean }) {
  const user = USER_ID_PATTERN.test(userId)
    ? await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true } })
    : null;
  if (!user) throw notFound("User not found");
  if (isSpecialUser(user.email)) throw new AppError(403, PROTECTED_ACCOUNT_MESSAGE);
  await db.$transaction(async (tx) => {
    // Sessions, settings, breaks, pause periods and deliveries cascade from the user row.
    // Exact keys only: a pattern match would let `a_ice@…` clear `alice@…`'s code and limits.
    await tx.verification.deleteMany({ where: { identifier: { in: OTP_TYPES.map((t) => `${t}-otp-${user.email}`) } } });
    const keys = [
      ...recipientLimitKeys(user.email),
      ...failureLimits(user.email).map((l) => l.key),
      exportLimit(user.id).key,
      feedHitLimit(user.id).key,
      settingsSaveLimit(user.id).key,
      feedResetLimit(user.id).key,
      testPushUserLimit(user.id).key,
      deviceChangeLimit(user.id).key,
    ];
    await tx.rateLimit.deleteMany({ where: { key: { in: keys.map(storedKey) } } });
    await anonymiseAuditEntries(tx, user);
    await tx.user.delete({ where: { id: userId } });
  });
  forgetSessions({ userId });
  await auditSafely(db, {
    action: actor.byAdmin ? "admin_user_deleted" : "account_deleted",
    userId: actor.userId,
    targetId: userId,
    // A user's own deletion keeps no trace of where they were; the owner's console action keeps its IP.
    ipAddress: actor.byAdmin ? actor.ip : null,
  });
}

/** What stands in for a deleted account's e-mail address in the audit log. */
export function deletedEmail(email: string): string {
  return `deleted:${pseudonym(email)}`;
}

/**
 * The audit entries about a deleted account keep their action and time: its e-mail address becomes
 * a keyed hash wherever it appears in the details (as a value, or as the subject of a limit key),
 * and no entry about it keeps an IP address. The ids stay (random, and nothing resolves them now).
 */
async function anonymiseAuditEntries(tx: Tx, user: { id: string; email: string }) {
  await tx.$executeRawUnsafe(
    `UPDATE "audit_logs" SET "ipAddress" = NULL,
       "details" = replace(replace("details"::text, '"' || $1 || '"', '"' || $2 || '"'), ':' || $1 || '"', ':' || $2 || '"')::jsonb
     WHERE "userId" = $3 OR "targetId" = $3 OR strpos("details"::text, $1) > 0`,
    user.email,
    deletedEmail(user.email),
    user.id,
  );
}
