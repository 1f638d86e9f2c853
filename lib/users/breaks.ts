// Recording a completed break: the one domain function behind "I did it" (and tests).
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";

export interface CompletionInput {
  userId: string;
  /** The break's local date in the user's timezone, "YYYY-MM-DD". */
  localDate: string;
  /** 0 = first reminder time, 1 = second. */
  slot: number;
  at?: Date;
}

/**
 * Marks the break done. Idempotent and race-free: one atomic upsert keeps the first completion
 * time, so repeated clicks or concurrent requests count once. Returns whether this call recorded it.
 */
export async function recordCompletion(db: Db, { userId, localDate, slot, at = new Date() }: CompletionInput) {
  // A row comes back only when this statement inserted it or completed a pending one.
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO "breaks" ("id", "userId", "localDate", "slot", "completedAt") VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("userId", "localDate", "slot") DO UPDATE SET "completedAt" = EXCLUDED."completedAt"
     WHERE "breaks"."completedAt" IS NULL
     RETURNING "id"`,
    randomUUID(),
    userId,
    localDate,
    slot,
    at,
  );
  return { recorded: rows.length > 0 };
}

/** Takes a completion back (the app's "Undo"). Idempotent. Returns whether this call changed it. */
export async function undoCompletion(db: Db, { userId, localDate, slot }: Omit<CompletionInput, "at">) {
  const { count } = await db.breakRecord.updateMany({
    where: { userId, localDate, slot, completedAt: { not: null } },
    data: { completedAt: null },
  });
  return { undone: count > 0 };
}
