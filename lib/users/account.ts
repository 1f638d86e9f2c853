// Deleting an account: the user and every row that belongs to them, in one transaction.
import type { Db } from "@/lib/db";
import { auditSafely } from "@/lib/admin/audit";
import { failureLimits } from "@/lib/auth/login";
import { forgetSessions, isSpecialUser } from "@/lib/auth/session";
import { recipientLimitKeys } from "@/lib/mail/guard";
import { AppError, notFound } from "@/lib/errors";
import { feedHitLimit } from "@/lib/calendar/feed";
import { exportLimit } from "./export";

/** User ids are generated tokens; anything else (e.g. with a NUL byte) cannot name a user. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** Better Auth's e-mail OTP identifiers are `<type>-otp-<email>`. */
const OTP_TYPES = ["sign-in", "email-verification", "forget-password"] as const;

export const PROTECTED_ACCOUNT_MESSAGE = "The admin account cannot be deleted under any circumstances.";

export async function deleteAccount(
  db: Db,
  userId: string,
  actor: { userId: string; ip: string; byAdmin: boolean },
) {
  const user = USER_ID_PATTERN.test(userId)
    ? await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true } })
    : null;
  if (!user) throw notFound("User not found");
  if (isSpecialUser(user.email)) throw new AppError(403, PROTECTED_ACCOUNT_MESSAGE);
  await db.$transaction(async (tx) => {
    // Sessions, settings, breaks, pause periods and deliveries cascade from the user row.
    // Exact keys only: a pattern match would let `a_ice@…` clear `alice@…`'s code and limits.
    await tx.verification.deleteMany({ where: { identifier: { in: OTP_TYPES.map((t) => `${t}-otp-${user.email}`) } } });
    const keys = [...recipientLimitKeys(user.email), ...failureLimits(user.email).map((l) => l.key), exportLimit(user.id).key, feedHitLimit(user.id).key];
    await tx.rateLimit.deleteMany({ where: { key: { in: keys } } });
    await tx.user.delete({ where: { id: userId } });
  });
  forgetSessions({ userId });
  await auditSafely(db, {
    action: actor.byAdmin ? "admin_user_deleted" : "account_deleted",
    userId: actor.userId,
    targetId: userId,
    ipAddress: actor.ip,
  });
}
