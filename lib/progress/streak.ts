// The streak's settlement: the cached count (user_settings.streakCount, through streakAsOf, with
// the freezes held, streakFreezes, and the dates one was spent, streakFrozen) advanced through yesterday by the rule (./streak-rule.ts), once per new local day, by the first
// request that needs it (the dashboard's), or before the schedule changes (finalizeStreak).
import type { Db } from "@/lib/db";
import { parseVersions, versionsColumn } from "@/lib/schedule/stored-versions";
import { toView } from "@/lib/schedule/settings";
import { addDays, localDate, localDateTimeToUtc } from "@/lib/schedule/time";
import { versionsFrom } from "@/lib/schedule/versions";
import { breakMarks, dayFacts, type BreakMarks } from "./days";
import { advanceStreak, daysToEvaluate, type StreakState } from "./streak-rule";

/** The cached streak as stored in the settings row. */
export function storedStreak(row: {
  streakCount: number;
  streakAsOf: string | null;
  streakFreezes?: number | null;
  streakFrozen?: readonly string[] | null;
}): StreakState {
  return {
    count: row.streakCount,
    asOf: row.streakAsOf,
    freezes: row.streakFreezes ?? 0,
    frozen: Array.isArray(row.streakFrozen) ? row.streakFrozen : [],
  };
}

/** The settings fields the dashboard and the streak need. */
export type SettingsRow = Pick<
  NonNullable<Awaited<ReturnType<Db["userSettings"]["findUnique"]>>>,
  | "userId"
  | "times"
  | "activeDays"
  | "durationPreference"
  | "intensityLevel"
  | "movementPrefs"
  | "timezone"
  | "pauseEmails"
  | "streakCount"
  | "streakAsOf"
  | "streakFreezes"
  | "streakFrozen"
  | "createdAt"
>;

/** The breaks the user marked (done or skipped) from local date `from` on. */
export async function marksSince(db: Db, userId: string, from: string): Promise<BreakMarks> {
  const rows = await db.breakRecord.findMany({
    where: { userId, localDate: { gte: from }, OR: [{ completedAt: { not: null } }, { skipReason: { not: null } }] },
    select: { localDate: true, slot: true, completedAt: true, skipReason: true },
  });
  return breakMarks(rows.map((r) => ({ d: r.localDate, s: r.slot, c: r.completedAt !== null, k: r.skipReason })));
}

/**
 * Advances the cached streak through yesterday. Pure apart from the reads it needs for the days
 * not yet settled (usually none, or one on the first request of a day).
 */
export async function settle(db: Db, row: SettingsRow, now: Date, marks: BreakMarks) {
  const view = toView(row);
  const today = localDate(now, view.timezone);
  const pending = daysToEvaluate(row.streakAsOf, localDate(row.createdAt, view.timezone), addDays(today, -1));
  const state = storedStreak(row);
  if (pending.length === 0) return state;
  const from = localDateTimeToUtc(pending[0]!, "00:00", view.timezone);
  const [pauses, versions] = await Promise.all([
    db.pausePeriod.findMany({
      where: { userId: row.userId, startedAt: { lt: now }, OR: [{ endedAt: null }, { endedAt: { gt: from } }] },
      select: { startedAt: true, endedAt: true },
    }),
    db.$queryRawUnsafe<{ v: unknown }[]>(
      `SELECT ${versionsColumn("$1", "$2")} AS "v"`,
      row.userId,
      versionsFrom(pending[0]!).toISOString(),
    ),
  ]);
  const next = advanceStreak(
    state,
    dayFacts(
      pending,
      { ...view, versions: parseVersions(versions[0]?.v) },
      marks.done,
      pauses,
      now,
      marks.skipped,
      row.createdAt,
    ),
  );
  // Optimistic: if another request settled it first, its result is the same; ignore the miss.
  await db.userSettings.updateMany({
    where: { userId: row.userId, streakAsOf: row.streakAsOf },
    data: {
      streakCount: next.count,
      streakAsOf: next.asOf,
      streakFreezes: next.freezes,
      streakFrozen: [...next.frozen],
    },
  });
  return next;
}

/** Settles the streak through yesterday under the current schedule (before the schedule changes). */
export async function finalizeStreak(db: Db, userId: string, now = new Date()) {
  const row = await db.userSettings.findUnique({ where: { userId } });
  if (!row) return;
  const today = localDate(now, toView(row).timezone);
  const pending = daysToEvaluate(row.streakAsOf, localDate(row.createdAt, toView(row).timezone), addDays(today, -1));
  if (pending.length === 0) return;
  await settle(db, row, now, await marksSince(db, userId, pending[0]!));
}
