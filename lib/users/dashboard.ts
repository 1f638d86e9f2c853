// Today's progress and the streak, computed in the user's timezone.
// Queries per request: one, for the settings row with the last two days' completed breaks and the
// schedule versions in force since then; only on the first request of a new local day also the
// pause periods and versions of the days to settle, and one update of the cached streak (and,
// after a gap of several days, the completions since the last settled day). No request reads a
// user's whole history.
import { hotSql, type Db } from "@/lib/db";
import { addDays, localDate, localDateTimeToUtc } from "@/lib/schedule/time";
import { advanceStreak, currentStreak, daysToEvaluate, type StreakState } from "@/lib/schedule/streak";
import { dashboardNumbers, todaySchedule, type BreakStatus } from "@/lib/schedule/today";
import { versionsFrom, type ScheduleVersion } from "@/lib/schedule/versions";
import { dayFacts } from "./days";
import { parseVersions, versionsColumn } from "./schedule-history";
import { toView } from "./settings-view";

export interface Dashboard {
  streakCount: number;
  completedToday: number;
  totalToday: number;
  /**
   * Today's breaks in time order. Beyond the spec's time, timeDisplay and completed: the slot
   * (what completion calls take), whether its time has passed, and its status.
   */
  schedule: { time: string; timeDisplay: string; completed: boolean; slot: number; past: boolean; status: BreakStatus }[];
  /** Extra fields (not in the spec's entity) that let the screen label the day. */
  localDate: string;
  timezone: string;
  isActiveDay: boolean;
  /** Reminder e-mails are paused: the breaks stay, only the e-mails stop. */
  emailsPaused: boolean;
  /** No weekday is chosen (an old account): no break is scheduled and no e-mail will be sent. */
  noReminderDays: boolean;
}

/** The settings fields the dashboard and the streak need. */
type SettingsRow = Pick<
  NonNullable<Awaited<ReturnType<Db["userSettings"]["findUnique"]>>>,
  "userId" | "times" | "activeDays" | "durationPreference" | "intensityLevel" | "movementPrefs" | "timezone" | "pauseEmails" | "streakCount" | "streakAsOf" | "createdAt"
>;

async function completedSince(db: Db, userId: string, from: string) {
  const rows = await db.breakRecord.findMany({
    where: { userId, localDate: { gte: from }, completedAt: { not: null } },
    select: { localDate: true, slot: true },
  });
  const byDate = new Map<string, Set<number>>();
  for (const r of rows) {
    if (!byDate.has(r.localDate)) byDate.set(r.localDate, new Set());
    byDate.get(r.localDate)!.add(r.slot);
  }
  return byDate;
}

/**
 * Advances the cached streak through yesterday. Pure apart from the reads it needs for the days
 * not yet settled (usually none, or one on the first request of a day).
 */
async function settle(db: Db, row: SettingsRow, now: Date, byDate: Map<string, Set<number>>) {
  const view = toView(row);
  const today = localDate(now, view.timezone);
  const pending = daysToEvaluate(row.streakAsOf, localDate(row.createdAt, view.timezone), addDays(today, -1));
  const state: StreakState = { count: row.streakCount, asOf: row.streakAsOf };
  if (pending.length === 0) return state;
  const from = localDateTimeToUtc(pending[0]!, "00:00", view.timezone);
  const [pauses, versions] = await Promise.all([
    db.pausePeriod.findMany({
      where: { userId: row.userId, startedAt: { lt: now }, OR: [{ endedAt: null }, { endedAt: { gt: from } }] },
      select: { startedAt: true, endedAt: true },
    }),
    db.$queryRawUnsafe<{ v: unknown }[]>(`SELECT ${versionsColumn("$1", "$2")} AS "v"`, row.userId, versionsFrom(pending[0]!).toISOString()),
  ]);
  const next = advanceStreak(state, dayFacts(pending, { ...view, versions: parseVersions(versions[0]?.v) }, byDate, pauses, now));
  // Optimistic: if another request settled it first, its result is the same; ignore the miss.
  await db.userSettings.updateMany({
    where: { userId: row.userId, streakAsOf: row.streakAsOf },
    data: { streakCount: next.count, streakAsOf: next.asOf },
  });
  return next;
}

function earliest(a: string, b: string) {
  return a < b ? a : b;
}

export async function getDashboard(db: Db, userId: string, now = new Date()): Promise<Dashboard> {
  // One round trip: the settings row with the last two days' completions. Whatever the timezone,
  // the local date is at most one day behind the UTC date, so "since yesterday in UTC" covers today.
  const recentFrom = addDays(now.toISOString().slice(0, 10), -1);
  const rows = await hotSql(db).query<
    Omit<SettingsRow, "createdAt"> & { createdMs: number; recent: { d: string; s: number }[] | string; versions: unknown }
  >(
    "limber_dashboard",
    `SELECT s."userId", s."times", s."activeDays", s."durationPreference", s."intensityLevel", s."movementPrefs",
            s."timezone", s."pauseEmails", s."streakCount", s."streakAsOf",
            (EXTRACT(EPOCH FROM s."createdAt") * 1000)::float8 AS "createdMs",
            COALESCE((SELECT json_agg(json_build_object('d', b."localDate", 's', b."slot")) FROM "breaks" b
                      WHERE b."userId" = s."userId" AND b."completedAt" IS NOT NULL AND b."localDate" >= $2), '[]'::json) AS "recent",
            ${versionsColumn('s."userId"', "$3")} AS "versions"
     FROM "user_settings" s WHERE s."userId" = $1`,
    [userId, recentFrom, versionsFrom(recentFrom).toISOString()],
  );
  const raw = rows[0];
  const row: SettingsRow | null = raw ? { ...raw, createdAt: new Date(Number(raw.createdMs)) } : null;
  const recent = new Map<string, Set<number>>();
  for (const b of raw ? (typeof raw.recent === "string" ? (JSON.parse(raw.recent) as { d: string; s: number }[]) : raw.recent) : []) {
    if (!recent.has(b.d)) recent.set(b.d, new Set());
    recent.get(b.d)!.add(Number(b.s));
  }
  const view = toView(row);
  const today = localDate(now, view.timezone);
  const pendingFrom = row ? daysToEvaluate(row.streakAsOf, localDate(row.createdAt, view.timezone), addDays(today, -1))[0] : undefined;
  // Only the first request of a new day with days left to settle reads further back.
  const byDate = pendingFrom && pendingFrom < recentFrom ? await completedSince(db, userId, earliest(pendingFrom, today)) : recent;
  const state = row ? await settle(db, row, now, byDate) : { count: 0, asOf: null };
  const versioned = { ...view, versions: raw ? parseVersions(raw.versions) : ([] as ScheduleVersion[]) };
  const schedule = todaySchedule(versioned, now, byDate.get(today) ?? new Set());
  const [todayFacts] = dayFacts([today], versioned, byDate, [], now);
  return {
    streakCount: currentStreak(state, todayFacts!),
    ...dashboardNumbers(schedule),
    schedule: schedule.entries.map(({ time, timeDisplay, completed, slot, past, status }) => ({ time, timeDisplay, completed, slot, past, status })),
    localDate: today,
    timezone: view.timezone,
    isActiveDay: schedule.isActiveDay,
    emailsPaused: view.pauseEmails,
    noReminderDays: view.activeDays.length === 0,
  };
}

/** Settles the streak through yesterday under the current schedule (before the schedule changes). */
export async function finalizeStreak(db: Db, userId: string, now = new Date()) {
  const row = await db.userSettings.findUnique({ where: { userId } });
  if (!row) return;
  const today = localDate(now, toView(row).timezone);
  const pending = daysToEvaluate(row.streakAsOf, localDate(row.createdAt, toView(row).timezone), addDays(today, -1));
  if (pending.length === 0) return;
  await settle(db, row, now, await completedSince(db, userId, pending[0]!));
}
