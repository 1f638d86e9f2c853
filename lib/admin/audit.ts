// The audit log: one table, written only here. Details must never hold codes, tokens or secrets.
import type { Db } from "@/lib/db";
import type { AuditAction } from "./types";

// The list lives with the console's shared types so the browser can offer it as a filter.
export { AUDIT_ACTIONS, type AuditAction } from "./types";

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
