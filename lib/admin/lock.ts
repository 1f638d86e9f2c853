// Locking the console for this session (the sign-in stays): GET /api/admin/logout and the console's
// Log Out action. A live grant ends only with its CSRF token, which another site cannot send, so a
// foreign link or image cannot lock the owner out. Without a grant there is nothing to lock: it
// succeeds and changes nothing (idempotent).
import type { SessionUser } from "@/lib/auth/session";
import { safeEqual } from "@/lib/platform/signing";
import type { Db } from "@/lib/db";
import { forbidden } from "@/lib/errors";
import * as z from "@/lib/zod";
import { auditSafely } from "@/lib/platform/audit";
import { endGrant, getLiveGrant } from "./grant";
import { ADMIN_MESSAGES } from "./types";

export const csrfTokenSchema = z.string().check(z.minLength(1), z.maxLength(200));

export async function lockConsole(db: Db, user: SessionUser, csrfToken: unknown, ip: string) {
  const grant = await getLiveGrant(db, user);
  if (!grant) return;
  const token = csrfTokenSchema.safeParse(csrfToken);
  if (!token.success || !safeEqual(token.data, grant.csrfToken)) throw forbidden(ADMIN_MESSAGES.badCsrf);
  if (await endGrant(db, user.sessionId)) {
    await auditSafely(db, { action: "admin_logout", userId: user.id, ipAddress: ip });
  }
}
