// Keeps reminder_slots (each slot's next send time) in step with the user's settings.
import type { Db } from "@/lib/db";
import { REMINDER_WINDOW_MINUTES } from "@/lib/schedule/constants";
import { nextOccurrence } from "@/lib/schedule/due";
import { resolveTimeZone } from "@/lib/schedule/time";

type Tx = Pick<Db, "reminderSlot" | "userSettings">;

/**
 * Recomputes a user's slots from their settings. A time that passed less than the reminder window
 * ago is still scheduled (it is still due); the delivery record stops a second send for a slot
 * that was already e-mailed today.
 */
export async function rescheduleUser(db: Tx, userId: string, now = new Date()) {
  const s = await db.userSettings.findUnique({ where: { userId } });
  await db.reminderSlot.deleteMany({ where: { userId } });
  if (!s || !s.onboardingCompleted || s.pauseEmails) return;
  const schedule = { times: s.times, activeDays: s.activeDays, timezone: resolveTimeZone(s.timezone) };
  const after = new Date(now.getTime() - REMINDER_WINDOW_MINUTES * 60_000);
  const rows = s.times
    .map((_, slot) => ({ userId, slot, nextAt: nextOccurrence(schedule, slot, after) }))
    .filter((r): r is { userId: string; slot: number; nextAt: Date } => r.nextAt !== null);
  if (rows.length > 0) await db.reminderSlot.createMany({ data: rows });
}

/** Moves a slot past `scheduledAt`, unless settings changed it meanwhile. */
export async function advanceSlot(
  db: Db,
  row: { userId: string; slot: number; nextAt: Date },
  schedule: { times: string[]; activeDays: number[]; timezone: string },
) {
  const next = nextOccurrence(schedule, row.slot, row.nextAt);
  if (next) {
    await db.reminderSlot.updateMany({ where: { userId: row.userId, slot: row.slot, nextAt: row.nextAt }, data: { nextAt: next } });
  } else {
    await db.reminderSlot.deleteMany({ where: { userId: row.userId, slot: row.slot, nextAt: row.nextAt } });
  }
}
