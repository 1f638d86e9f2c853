// Reading a user's weekly recap and trophies (issue 33). The numbers come from the pure functions
// beside this file; the streak and the day statuses from History (lib/progress/history.ts).
import type { Db } from "@/lib/db";
import { getHistory, type History } from "@/lib/progress/history";
import { toView } from "@/lib/schedule/settings";
import { addDays, localDate, resolveTimeZone } from "@/lib/schedule/time";
import { computeTrophies, TROPHY_KEYS, type Trophies } from "./trophies";
import { lastFinishedWeek, plannedMinutes, weekRecap, type DoneBreak, type WeekRecap } from "./week";

/** GET /api/user/recap: the recap, with the user's local today and zone (the dashboard card shows on Mondays). */
export type RecapView = WeekRecap & { today: string; timezone: string };

/** The breaks done from `from` through `to` (local dates), each with its planned minutes. */
export async function doneBreaks(
  db: Db,
  userId: string,
  from: string,
  to: string,
  fallbackMinutes: number,
): Promise<DoneBreak[]> {
  const [rows, plans] = await Promise.all([
    db.breakRecord.findMany({
      where: { userId, localDate: { gte: from, lte: to }, completedAt: { not: null } },
      select: { localDate: true, slot: true },
    }),
    db.dailyPlan.findMany({
      where: { userId, localDate: { gte: from, lte: to } },
      select: { localDate: true, slots: true, fingerprint: true },
    }),
  ]);
  const planOf = new Map(plans.map((p) => [p.localDate, p]));
  return rows.map((r) => ({
    date: r.localDate,
    minutes: plannedMinutes(planOf.get(r.localDate), r.slot, fallbackMinutes),
  }));
}

/**
 * The recap of the week starting on Monday `weekStart` (default: the last finished week in the
 * user's zone), with the streak History shows. `history` may be passed when already read.
 */
export async function getRecap(
  db: Db,
  userId: string,
  options: { weekStart?: string; now?: Date; history?: History } = {},
): Promise<RecapView> {
  const now = options.now ?? new Date();
  const row = await db.userSettings.findUnique({ where: { userId } });
  const view = toView(row);
  const tz = resolveTimeZone(view.timezone);
  const weekStart = options.weekStart ?? lastFinishedWeek(now, tz);
  const firstDay = localDate(row?.createdAt ?? now, tz);
  const [history, done] = await Promise.all([
    options.history ?? getHistory(db, userId, 1, now),
    doneBreaks(db, userId, addDays(weekStart, -7), addDays(weekStart, 6), view.durationPreference),
  ]);
  // A break done on a date before the first day (the user moved to a zone a day ahead since) shows
  // they were here that day: it counts.
  const earliest = done.reduce((min, b) => (b.date < min ? b.date : min), firstDay);
  return {
    ...weekRecap({ weekStart, firstDay: earliest, done, currentStreak: history.currentStreak }),
    today: localDate(now, tz),
    timezone: tz,
  };
}

/**
 * The user's trophies from their history: earned ones are stored the first time they are seen, so
 * they stay earned (on their first date) whatever later history shows.
 */
export async function getTrophies(db: Db, userId: string, history: History): Promise<Trophies> {
  const [stored, doneCount, first] = await Promise.all([
    db.userTrophy.findMany({ where: { userId }, select: { key: true, earnedOn: true } }),
    db.breakRecord.count({ where: { userId, completedAt: { not: null } } }),
    db.breakRecord.findMany({
      where: { userId, completedAt: { not: null } },
      select: { localDate: true },
      orderBy: [{ localDate: "asc" }, { slot: "asc" }],
      take: 250,
    }),
  ]);
  const trophies = computeTrophies({
    doneDates: first.map((r) => r.localDate),
    doneCount,
    days: history.days,
    currentStreak: history.currentStreak,
    today: history.localDate,
    stored: new Map(stored.filter((s) => (TROPHY_KEYS as string[]).includes(s.key)).map((s) => [s.key, s.earnedOn])),
  });
  const known = new Set(stored.map((s) => s.key));
  const fresh = trophies.earned.filter((t) => !known.has(t.key));
  if (fresh.length > 0)
    await db.userTrophy.createMany({
      data: fresh.map((t) => ({ userId, key: t.key, earnedOn: t.earnedOn })),
      skipDuplicates: true,
    });
  return trophies;
}
