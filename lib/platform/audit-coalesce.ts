// Coalesced audit entries: routine actions a user may repeat (settings saves, calendar-link
// resets) write one row per user and window, whose details carry how many times it happened
// (`count`) and, for lists such as the changed fields, their union. The window is a fixed-window
// counter (lib/auth/rate-limit.ts), so parallel requests agree on which one writes the row.
import type { Db } from "@/lib/db";
import { hit } from "@/lib/platform/rate-limit";
import { auditSafely, type AuditEntry } from "@/lib/platform/audit";

export const COALESCE_WINDOW_MS = 10 * 60_000;

type Details = Record<string, unknown>;

/** Merges a repeat into the window's row: the highest count seen, lists as their union. */
export function mergeDetails(previous: Details, next: Details, count: number): Details {
  const merged: Details = { ...previous, ...next };
  for (const [k, v] of Object.entries(next)) {
    const old = previous[k];
    if (Array.isArray(v) && Array.isArray(old)) merged[k] = [...new Set([...old, ...v])];
  }
  merged.count = Math.max(count, typeof previous.count === "number" ? previous.count : 0);
  return merged;
}

/** Writes `entry` once per user (entry.userId) and window; later ones raise the row's count. */
export async function auditCoalesced(db: Db, entry: AuditEntry & { userId: string }, now = Date.now()) {
  try {
    const counter = await hit(
      db,
      { key: `audit:${entry.action}:${entry.userId}`, max: 1, windowMs: COALESCE_WINDOW_MS },
      now,
    );
    const details = entry.details ?? {};
    // The window's start (retryAfterSeconds is rounded up: a second of slack).
    const since = new Date(now + counter.retryAfterSeconds * 1000 - COALESCE_WINDOW_MS - 1000);
    const row =
      counter.count > 1
        ? await db.auditLog.findFirst({
            where: { action: entry.action, userId: entry.userId, timestamp: { gte: since } },
            orderBy: [{ timestamp: "desc" }, { id: "desc" }],
            select: { id: true, details: true },
          })
        : null;
    if (!row) {
      await auditSafely(db, { ...entry, details: { ...details, count: counter.count } });
      return;
    }
    // A read-merge-write: two saves in the same instant may lose one field name, never the row.
    const merged = mergeDetails((row.details ?? {}) as Details, details, counter.count);
    await db.auditLog.update({
      where: { id: row.id },
      data: { details: merged as object, ipAddress: entry.ipAddress ?? null },
    });
  } catch (error) {
    console.error("[audit] could not write entry", entry.action, error instanceof Error ? error.message : error);
  }
}
