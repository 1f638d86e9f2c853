// Owner console access ("admin grants"): server-side rows bound to one session. A grant ends after
// 8 hours, on admin logout, or with its session (sign-out and account deletion cascade to it).
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { forbidden, unauthorized } from "@/lib/errors";
import { safeEqual } from "@/lib/platform/signing";
import { ADMIN_MESSAGES } from "./types";

export const ADMIN_GRANT_TTL_MS = 8 * 60 * 60 * 1000;

export interface AdminGrant {
  id: string;
  sessionId: string;
  userId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** Grants (or renews) console access for a session, with a fresh CSRF token. */
export async function createGrant(
  db: Db,
  user: { id: string; sessionId: string },
  now = new Date(),
): Promise<AdminGrant> {
  const values = {
    userId: user.id,
    csrfToken: randomBytes(32).toString("base64url"),
    expiresAt: new Date(now.getTime() + ADMIN_GRANT_TTL_MS),
  };
  return db.adminGrant.upsert({
    where: { sessionId: user.sessionId },
    create: { sessionId: user.sessionId, ...values },
    update: values,
  });
}

/** The session's grant if it is still valid; an expired one is removed on sight. */
export async function getLiveGrant(
  db: Db,
  user: { id: string; sessionId: string },
  now = new Date(),
): Promise<AdminGrant | null> {
  const grant = await db.adminGrant.findUnique({ where: { sessionId: user.sessionId } });
  if (!grant) return null;
  if (grant.userId !== user.id || grant.expiresAt.getTime() <= now.getTime()) {
    await db.adminGrant.deleteMany({ where: { id: grant.id } });
    return null;
  }
  return grant;
}

/** Ends the session's grant; returns whether there was one. */
export async function endGrant(db: Db, sessionId: string): Promise<boolean> {
  const { count } = await db.adminGrant.deleteMany({ where: { sessionId } });
  return count > 0;
}

/**
 * The one check of console access, for route handlers (withAdmin) and server actions
 * (adminAction) alike: the session's live grant (401 otherwise) and, for a change, its CSRF token
 * (403 otherwise, compared in constant time). `csrfToken` null: a read, which needs no token.
 */
export async function requireGrant(
  db: Db,
  user: { id: string; sessionId: string },
  csrfToken: unknown | null,
): Promise<AdminGrant> {
  const grant = await getLiveGrant(db, user);
  if (!grant) throw unauthorized(ADMIN_MESSAGES.locked);
  if (csrfToken !== null && (typeof csrfToken !== "string" || !safeEqual(csrfToken, grant.csrfToken)))
    throw forbidden(ADMIN_MESSAGES.badCsrf);
  return grant;
}
