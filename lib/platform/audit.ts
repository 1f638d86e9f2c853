// The audit log: one table, written only here. Details must never hold codes, tokens or secrets.
import type { Db } from "@/lib/db";
import { UNLOCK_ANSWERS, type AuditAction } from "./audit-actions";

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

/**
 * A refused unlock's audit details as the caller was answered, for their own data export: a
 * non-owner account got exactly a wrong code's answer, so its entry must not say why (the reason
 * stays in the owner's log). The wait of a 429 is not recorded, so it reads "a few minutes".
 */
export function unlockRefusalAsAnswered(details: unknown): Record<string, unknown> {
  const { reason, ...rest } =
    details && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  const answer = reason === "rate_limited" ? UNLOCK_ANSWERS.tooManyAttempts("a few minutes") : UNLOCK_ANSWERS.wrongCode;
  return { ...rest, answer };
}
