// The owner console's data and actions. Route handlers (app/api/admin*) stay thin and call these.
import { USER_ID_PATTERN } from "@/lib/users/account";
import type { Db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { setPaused } from "@/lib/users/settings";
import { auditSafely } from "./audit";
import { ADMIN_MESSAGES, type AdminUserView, type AuditLogView } from "./types";

export const AUDIT_LOG_LIMIT = 200;

/** Every registered account, newest first, reduced to the fields the console shows. */
export async function listUsers(db: Db): Promise<{ totalUsers: number; users: AdminUserView[] }> {
  const rows = await db.user.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      createdAt: true,
      settings: { select: { timezone: true, pauseEmails: true } },
    },
  });
  const users = rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    timezone: r.settings?.timezone || "UTC",
    createdAt: r.createdAt.toISOString(),
    pauseEmails: r.settings?.pauseEmails ?? false,
  }));
  return { totalUsers: users.length, users };
}

/** The newest audit entries first. The target of an action, if any, is shown inside the details. */
export async function listAuditLogs(db: Db, limit = AUDIT_LOG_LIMIT): Promise<AuditLogView[]> {
  const rows = await db.auditLog.findMany({
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, timestamp: true, action: true, userId: true, targetId: true, ipAddress: true, details: true },
  });
  return rows.map((r) => {
    const details =
      r.details && typeof r.details === "object" && !Array.isArray(r.details) ? (r.details as Record<string, unknown>) : {};
    return {
      id: r.id,
      timestamp: r.timestamp.toISOString(),
      action: r.action,
      userId: r.userId,
      ipAddress: r.ipAddress,
      details: r.targetId && r.targetId !== r.userId ? { targetId: r.targetId, ...details } : details,
    };
  });
}

/** Flips a user's e-mail pause (which also stops or restarts their reminders). Returns the new state. */
export async function togglePause(db: Db, targetId: string, actor: { userId: string; ip: string }): Promise<boolean> {
  if (!USER_ID_PATTERN.test(targetId)) throw notFound(ADMIN_MESSAGES.userNotFound);
  const user = await db.user.findUnique({
    where: { id: targetId },
    select: { id: true, settings: { select: { pauseEmails: true } } },
  });
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const paused = !(user.settings?.pauseEmails ?? false);
  await setPaused(db, targetId, paused);
  await auditSafely(db, {
    action: paused ? "admin_user_paused" : "admin_user_enabled",
    userId: actor.userId,
    targetId,
    ipAddress: actor.ip,
    details: { pauseEmails: paused },
  });
  return paused;
}
