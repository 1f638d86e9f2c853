// The owner console's data and actions. Route handlers (app/api/admin*) stay thin and call these.
import { USER_ID_PATTERN } from "@/lib/users/account";
import type { Db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { setPaused } from "@/lib/users/settings-store";
import { auditSafely } from "@/lib/platform/audit";
import { encodeCursor, type CursorKey } from "./pagination";
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, type AdminData, type AdminLogs, type AuditAction } from "./types";

export interface PageOptions {
  /** The key of the last row already shown (from the previous page's cursor); absent: the first page. */
  after?: CursorKey;
  limit?: number;
}

/**
 * One page of registered accounts, newest first (createdAt desc, id asc: a total order, so a page
 * boundary never skips or repeats a user), reduced to the fields the console shows, with the
 * counts of all accounts and of those receiving reminders (set up and not paused).
 */
export async function listUsers(
  db: Db,
  { after, limit = ADMIN_PAGE_SIZE }: PageOptions = {},
): Promise<Omit<AdminData, "csrfToken">> {
  const [rows, totalUsers, activeUsers] = await Promise.all([
    db.user.findMany({
      // `lte` bounds the index scan; the OR then drops the rows up to and including the cursor's.
      where: after && { createdAt: { lte: after.at }, OR: [{ createdAt: { lt: after.at } }, { id: { gt: after.id } }] },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: limit + 1,
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        createdAt: true,
        settings: { select: { timezone: true, pauseEmails: true, onboardingCompleted: true } },
      },
    }),
    db.user.count(),
    // Only users who finished onboarding get reminders (issue 33: a user without a schedule, the
    // owner included, is not "Receiving emails"); users without a settings row have not.
    db.userSettings.count({ where: { onboardingCompleted: true, pauseEmails: false } }),
  ]);
  const page = rows.slice(0, limit);
  const users = page.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    timezone: r.settings?.timezone || "UTC",
    createdAt: r.createdAt.toISOString(),
    pauseEmails: r.settings?.pauseEmails ?? false,
    onboarded: r.settings?.onboardingCompleted ?? false,
  }));
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor("users", { at: last.createdAt, id: last.id }) : null;
  return { totalUsers, activeUsers, users, nextCursor };
}

/**
 * One page of audit entries, newest first (timestamp desc, id desc, so entries written in the same
 * millisecond still page without gaps or repeats), optionally of one action. The target of an
 * action, if any, is shown inside the details.
 */
export async function listAuditLogs(
  db: Db,
  { after, action, limit = ADMIN_PAGE_SIZE }: PageOptions & { action?: AuditAction } = {},
): Promise<AdminLogs> {
  const rows = await db.auditLog.findMany({
    where: {
      action,
      ...(after && { timestamp: { lte: after.at }, OR: [{ timestamp: { lt: after.at } }, { id: { lt: after.id } }] }),
    },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, timestamp: true, action: true, userId: true, targetId: true, ipAddress: true, details: true },
  });
  const page = rows.slice(0, limit);
  // A login code is requested before anyone is signed in, so its entry names only the address:
  // the console shows the account that address belongs to, when there is one.
  const requested = page.flatMap((r) =>
    r.action === "login_code_requested" && !r.userId ? [emailOf(r.details)].filter((e): e is string => !!e) : [],
  );
  const idByEmail = new Map<string, string>();
  if (requested.length > 0) {
    const users = await db.user.findMany({
      where: { email: { in: [...new Set(requested)] } },
      select: { id: true, email: true },
    });
    for (const u of users) idByEmail.set(u.email, u.id);
  }
  const logs = page.map((r) => {
    const details =
      r.details && typeof r.details === "object" && !Array.isArray(r.details)
        ? (r.details as Record<string, unknown>)
        : {};
    return {
      id: r.id,
      timestamp: r.timestamp.toISOString(),
      action: r.action,
      userId:
        r.userId ?? (r.action === "login_code_requested" ? idByEmail.get(emailOf(r.details) ?? "") : undefined) ?? null,
      ipAddress: r.ipAddress,
      details: r.targetId && r.targetId !== r.userId ? { targetId: r.targetId, ...details } : details,
    };
  });
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor("logs", { at: last.timestamp, id: last.id }) : null;
  return { logs, nextCursor };
}

/** The `email` of an audit entry's details, if it has one. */
function emailOf(details: unknown): string | undefined {
  if (!details || typeof details !== "object" || Array.isArray(details)) return undefined;
  const email = (details as Record<string, unknown>).email;
  return typeof email === "string" ? email : undefined;
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

/** How many entries the audit log holds: the console's "Audit Events". */
export async function countAuditEvents(db: Db): Promise<number> {
  return db.auditLog.count();
}

/**
 * The e-mails of the accounts an audit page names, by user id: the log keeps ids (an entry
 * outlives its user), and the console shows people by e-mail. Ids of deleted accounts are absent.
 */
export async function emailsById(db: Db, ids: string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return Object.fromEntries(rows.map((r) => [r.id, r.email]));
}
