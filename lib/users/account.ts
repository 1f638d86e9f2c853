// Deleting an account: the user and every row that belongs to them, in one transaction.
import type { Db } from "@/lib/db";
import { auditSafely } from "@/lib/admin/audit";
import { isSpecialUser } from "@/lib/auth/session";
import { AppError, notFound } from "@/lib/errors";

/** User ids are generated tokens; anything else (e.g. with a NUL byte) cannot name a user. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

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
    await tx.verification.deleteMany({ where: { identifier: { endsWith: `-otp-${user.email}` } } });
    await tx.rateLimit.deleteMany({ where: { key: { endsWith: `:${user.email}` } } });
    await tx.user.delete({ where: { id: userId } });
  });
  await auditSafely(db, {
    action: actor.byAdmin ? "admin_user_deleted" : "account_deleted",
    userId: actor.userId,
    targetId: userId,
    ipAddress: actor.ip,
  });
}
