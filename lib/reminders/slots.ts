// Keeps reminder_slots (each slot's next send time) in step with the user's settings.
import type { Db } from "@/lib/db";
import { REMINDER_WINDOW_MINUTES } from "@/lib/schedule/constants";
import { nextOccurrence, type ScheduleSettings } from "@/lib/schedule/due";
import { localDate, resolveTimeZone } from "@/lib/schedule/time";
import { breaksOn, spansOf } from "@/lib/schedule/versions";

type Tx = Pick<Db, "reminderSlot" | "userSettings">;

/**
 * Recomputes a user's slots from their settings. A time that passed less than the reminder window
 * ago is still scheduled (it is still due); the delivery record stops a second send for a slot
 * that was already e-mailed today. After a schedule change (`previous` is the schedule before it),
 * only breaks of the new schedule's days are sent (lib/schedule/versions.ts): a new time that had
 * already passed is not one, nor a slot whose break today was already due under the old schedule.
 */
export async function rescheduleUser(db: Tx, userId: string, now = new Date(), previous?: ScheduleSettings) {
  const s = await db.userSettings.findUnique({ where: { userId } });
  await db.reminderSlot.deleteMany({ where: { userId } });
  if (!s || !s.onboardingCompleted || s.pauseEmails) return;
  const schedule = { times: s.times, activeDays: s.activeDays, timezone: resolveTimeZone(s.timezone) };
  const after = new Date(now.getTime() - REMINDER_WINDOW_MINUTES * 60_000);
  const spans = previous
    ? spansOf({
        ...schedule,
        versions: [
          { from: 0, ...previous },
          { from: now.getTime(), ...schedule },
        ],
      })
    : null;
  // A candidate is a break if the versions give its slot that very instant on its local date.
  const isBreak = (slot: number, at: Date) =>
    !spans ||
    breaksOn(spans, localDate(at, schedule.timezone)).some((b) => b.slot === slot && b.at.getTime() === at.getTime());
  const rows = s.times
    .map((_, slot) => {
      let nextAt = nextOccurrence(schedule, slot, after);
      for (let i = 0; nextAt && !isBreak(slot, nextAt); i++)
        nextAt = i < 3 ? nextOccurrence(schedule, slot, nextAt) : null;
      return { userId, slot, nextAt };
    })
    .filter((r): r is { userId: string; slot: number; nextAt: Date } => r.nextAt !== null);
  if (rows.length > 0) await db.reminderSlot.createMany({ data: rows });
}

/**
 * Moves a slot past `scheduledAt` (or past `after`, when later: a run after downtime skips every
 * missed occurrence at once), unless settings changed it meanwhile.
 */
export async function advanceSlot(
  db: Db,
  row: { userId: string; slot: number; nextAt: Date },
  schedule: { times: string[]; activeDays: number[]; timezone: string },
  after?: Date,
) {
  const next = nextOccurrence(schedule, row.slot, after && after > row.nextAt ? after : row.nextAt);
  if (next) {
    await db.reminderSlot.updateMany({
      where: { userId: row.userId, slot: row.slot, nextAt: row.nextAt },
      data: { nextAt: next },
    });
  } else {
    await db.reminderSlot.deleteMany({ where: { userId: row.userId, slot: row.slot, nextAt: row.nextAt } });
  }
}

/** Batch form of advanceSlot: one statement for the moved slots, one for the finished ones. */
export async function advanceSlots(
  db: Db,
  items: {
    userId: string;
    slot: number;
    nextAt: Date;
    schedule: { times: string[]; activeDays: number[]; timezone: string };
  }[],
) {
  if (items.length === 0) return;
  const moves: { u: string; s: number; o: string; n: string }[] = [];
  const ends: { u: string; s: number; o: string }[] = [];
  for (const it of items) {
    const next = nextOccurrence(it.schedule, it.slot, it.nextAt);
    if (next) moves.push({ u: it.userId, s: it.slot, o: it.nextAt.toISOString(), n: next.toISOString() });
    else ends.push({ u: it.userId, s: it.slot, o: it.nextAt.toISOString() });
  }
  // Conditional on the old nextAt, so a reschedule made meanwhile (settings saved) wins.
  if (moves.length > 0) {
    await db.$executeRawUnsafe(
      `UPDATE "reminder_slots" AS r SET "nextAt" = x.n FROM jsonb_to_recordset($1::jsonb) AS x(u text, s int, o timestamp, n timestamp)
       WHERE r."userId" = x.u AND r."slot" = x.s AND r."nextAt" = x.o`,
      JSON.stringify(moves),
    );
  }
  if (ends.length > 0) {
    await db.$executeRawUnsafe(
      `DELETE FROM "reminder_slots" AS r USING jsonb_to_recordset($1::jsonb) AS x(u text, s int, o timestamp)
       WHERE r."userId" = x.u AND r."slot" = x.s AND r."nextAt" = x.o`,
      JSON.stringify(ends),
    );
  }
}
