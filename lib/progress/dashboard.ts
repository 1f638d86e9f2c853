// Today's progress and the streak, computed in the user's timezone.
// Queries per request: one, for the settings row with the last two days' completed breaks and the
// schedule versions in force since then; only on the first request of a new local day also the
// pause periods and versions of the days to settle, and one update of the cached streak (and,
// after a gap of several days, the completions since the last settled day). No request reads a
// user's whole history.
import { hotSql, type Db } from "@/lib/db";
import { addDays, localDate } from "@/lib/schedule/time";
import { currentFreezes, currentStreak, daysToEvaluate, NO_STREAK } from "./streak-rule";
import { marksSince, settle, type SettingsRow } from "./streak";
import { firstDayEntries, type DashboardBreakStatus } from "./first-day";
import { todaySchedule, type SkipReason } from "@/lib/schedule/today";

export type { DashboardBreakStatus };
import { versionsFrom, type ScheduleVersion } from "@/lib/schedule/versions";
import { breakMarks, dayFacts } from "@/lib/progress/days";
import { parseVersions, versionsColumn } from "@/lib/schedule/stored-versions";
import { toView } from "@/lib/schedule/settings";

export interface Dashboard {
  streakCount: number;
  /** Streak freezes held now (0-2): one earned per 7 days of streak (lib/progress/streak-rule.ts). */
  streakFreezes: number;
  /** The latest local date on which a freeze kept the streak, or null. */
  lastFrozenDate: string | null;
  completedToday: number;
  totalToday: number;
  /**
   * Today's breaks in time order. Beyond the spec's time, timeDisplay and completed: the slot
   * (what completion calls take), whether its time has passed, and its status.
   */
  schedule: {
    time: string;
    timeDisplay: string;
    completed: boolean;
    slot: number;
    past: boolean;
    status: DashboardBreakStatus;
    /** Why a break is skipped (status "skipped"): "Not today", meetings, or a day off. */
    skipReason?: SkipReason;
    /** Moved out of a meeting: `time` is the new "HH:MM", this the schedule's. */
    plannedTime?: string;
    moved?: "busy";
  }[];
  /** Extra fields (not in the spec's entity) that let the screen label the day. */
  localDate: string;
  timezone: string;
  isActiveDay: boolean;
  /** Reminder e-mails are paused: the breaks stay, only the e-mails stop. */
  emailsPaused: boolean;
  /** No weekday is chosen (an old account): no break is scheduled and no e-mail will be sent. */
  noReminderDays: boolean;
}

function earliest(a: string, b: string) {
  return a < b ? a : b;
}

type Mark = { d: string; s: number; c: boolean; k: string | null; m: string | null; a: number | null };

export async function getDashboard(db: Db, userId: string, now = new Date()): Promise<Dashboard> {
  // One round trip: the settings row with the last two days' completions. Whatever the timezone,
  // the local date is at most one day behind the UTC date, so "since yesterday in UTC" covers today.
  const recentFrom = addDays(now.toISOString().slice(0, 10), -1);
  const rows = await hotSql(db).query<
    Omit<SettingsRow, "createdAt"> & {
      createdMs: number;
      recent: Mark[] | string;
      versions: unknown;
    }
  >(
    "limber_dashboard",
    `SELECT s."userId", s."times", s."activeDays", s."durationPreference", s."intensityLevel", s."movementPrefs",
            s."timezone", s."pauseEmails", s."streakCount", s."streakAsOf", s."streakFreezes", s."streakFrozen",
            (EXTRACT(EPOCH FROM s."createdAt") * 1000)::float8 AS "createdMs",
            COALESCE((SELECT json_agg(json_build_object('d', b."localDate", 's', b."slot", 'c', b."completedAt" IS NOT NULL, 'k', b."skipReason",
                                                        'm', b."movedTo", 'a', (EXTRACT(EPOCH FROM b."movedAt") * 1000)::float8))
                      FROM "breaks" b
                      WHERE b."userId" = s."userId" AND (b."completedAt" IS NOT NULL OR b."skipReason" IS NOT NULL OR b."movedAt" IS NOT NULL)
                        AND b."localDate" >= $2), '[]'::json) AS "recent",
            ${versionsColumn('s."userId"', "$3")} AS "versions"
     FROM "user_settings" s WHERE s."userId" = $1`,
    [userId, recentFrom, versionsFrom(recentFrom).toISOString()],
  );
  const raw = rows[0];
  const row: SettingsRow | null = raw ? { ...raw, createdAt: new Date(Number(raw.createdMs)) } : null;
  const recent = breakMarks(
    raw ? (typeof raw.recent === "string" ? (JSON.parse(raw.recent) as Mark[]) : raw.recent) : [],
  );
  const view = toView(row);
  const today = localDate(now, view.timezone);
  const pendingFrom = row
    ? daysToEvaluate(row.streakAsOf, localDate(row.createdAt, view.timezone), addDays(today, -1))[0]
    : undefined;
  // Only the first request of a new day with days left to settle reads further back.
  const marks =
    pendingFrom && pendingFrom < recentFrom ? await marksSince(db, userId, earliest(pendingFrom, today)) : recent;
  const state = row ? await settle(db, row, now, marks) : NO_STREAK;
  const versioned = { ...view, versions: raw ? parseVersions(raw.versions) : ([] as ScheduleVersion[]) };
  const schedule = todaySchedule(
    versioned,
    now,
    marks.done.get(today) ?? new Set(),
    marks.skipped.get(today),
    // A streak settled from further back (marksSince) reads no moves: today's come from `recent`.
    recent.moved.get(today),
  );
  const joinedAt = row?.createdAt ?? null;
  const [todayFacts] = dayFacts([today], versioned, marks.done, [], now, marks.skipped, joinedAt);
  const shown = firstDayEntries(schedule.entries, joinedAt);
  return {
    streakCount: currentStreak(state, todayFacts!),
    streakFreezes: currentFreezes(state, todayFacts!),
    lastFrozenDate: state.frozen?.at(-1) ?? null,
    completedToday: shown.completedToday,
    totalToday: shown.totalToday,
    schedule: shown.entries.map(
      ({ time, timeDisplay, completed, slot, past, status, skipReason, plannedTime, moved }) => ({
        time,
        timeDisplay,
        completed,
        slot,
        past,
        status,
        ...(skipReason && { skipReason }),
        ...(moved && { plannedTime, moved }),
      }),
    ),
    localDate: today,
    timezone: view.timezone,
    isActiveDay: schedule.isActiveDay,
    emailsPaused: view.pauseEmails,
    noReminderDays: view.activeDays.length === 0,
  };
}
