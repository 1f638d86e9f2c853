// The audit log: one table, written only here. Details must never hold codes, tokens or secrets.
import type { Db } from "@/lib/db";

export type AuditAction =
  | "login_code_requested"
  | "login_code_rate_limited"
  | "login_success"
  | "login_failed"
  | "logout"
  | "settings_updated"
  | "onboarding_completed"
  | "account_deleted"
  | "admin_unlock_success"
  | "admin_unlock_failed"
  | "admin_logout"
  | "admin_user_paused"
  | "admin_user_enabled"
  | "admin_user_deleted"
  | "emails_unsubscribed"
  | "test_email_sent";

export interface AuditEntry {
  action: AuditAction;
  userId?: string | null;
  targetId?: string | null;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(db: Db, entry: AuditEntry) {
  await db.auditLog.create({
    data: {
      action: entry.action,
      userId: entry.userId ?? null,
      targetId: entry.targetId ?? null,
      ipAddress: entry.ipAddress ?? null,
      details: (entry.details ?? {}) as object,
    },
  });
}

/** Audit writes must never break the action they record. */
export async function auditSafely(db: Db, entry: AuditEntry) {
  try {
    await audit(db, entry);
  } catch (error) {
    console.error("[audit] could not write entry", entry.action, error instanceof Error ? error.message : error);
  }
}
