// The history page and GET /api/user/history: a status for every local date in a window, the
// streaks, totals and completion rates. Every day is judged by dayStatus (lib/schedule/streak.ts),
// the same function the streak counts with, over the same per-day facts (dayFacts) as the
// dashboard, under the schedule in force on each day (lib/schedule/versions.ts). One indexed,
// bounded query reads everything (settings row, completions, pauses, schedule versions).
import type { Db } from "@/lib/db";
import {
  advanceStreak,
  bestStreak,
  currentStreak,
  daysToEvaluate,
  dayStatus,
  MAX_STREAK_DAYS,
  NO_STREAK,
  type DayStatus,
  type StreakState,
} from "@/lib/progress/streak-rule";
import { addDays, formatTime12, localDate, localWeekday, resolveTimeZone } from "@/lib/schedule/time";
import { breaksOn, slotsOn, spansOf, versionsFrom, type VersionedSchedule } from "@/lib/schedule/versions";
import { breakMarks, dayFacts, type BreakMarks, type DayFacts, type Period } from "@/lib/progress/days";
import { parseVersions, versionsColumn } from "@/lib/schedule/stored-versions";
import { toView } from "@/lib/schedule/settings";
import { storedStreak } from "./streak";
import { slotsBeforeJoining } from "./first-day";

export const HISTORY_DEFAULT_DAYS = 365;
export const HISTORY_MAX_DAYS = 400;

/** A finished day's status, or `pending` for today while it can still become complete. */
export type HistoryStatus = DayStatus | "pending";

export interface HistoryDay {
  date: string;
  scheduled: number;
  completed: number;
  status: HistoryStatus;
  /** A streak freeze was spent on this (partial or missed) day: the streak was kept. */
  frozen?: true;
}

/** A share of scheduled breaks that were done, 0-1; null when nothing counted was scheduled. */
export type Rate = number | null;

export interface History {
  /** Oldest first, from the later of (today - days + 1) and the user's first day, through today. */
  days: HistoryDay[];
  currentStreak: number;
  bestStreak: number;
  /** Over the days that count (complete, partial, missed; today once complete). */
  totals: { scheduled: number; completed: number };
  /** Index 0 = Sunday. */
  byWeekday: Rate[];
  /** Index = slot (0 = first reminder time). */
  bySlot: Rate[];
  /** Extra fields (not in the shape) that let the page label things. */
  localDate: string;
  timezone: string;
  /** The reminder times bySlot refers to, with their display text ("8:30 AM"). */
  times: { time: string; timeDisplay: string }[];
}

/** Statuses that say how the user did on a day with breaks: the ones rates and totals count. */
const COUNTED = new Set<HistoryStatus>(["complete", "partial", "missed"]);

function rate(done: number, scheduled: number): Rate {
  return scheduled === 0 ? null : Math.round((done / scheduled) * 10_000) / 10_000;
}

function range(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface HistoryInput {
  /** The current schedule and the versions in force over the window (each day is judged by its own). */
  schedule: VersionedSchedule;
  /**
   * When the user joined (onboarding created the settings row): its local date is the first day,
   * and that day's breaks due earlier and not done are not theirs (./first-day.ts).
   */
  createdAt: Date;
  streak: StreakState;
  completedByDate: Map<string, Set<number>>;
  /** Skipped breaks by date (neutral: not counted as the day's breaks). */
  skippedByDate?: BreakMarks["skipped"];
  pauses: Period[];
  days: number;
  now: Date;
}

/** Pure: everything GET /api/user/history answers, from the rows getHistory reads. */
export function summarizeHistory(input: HistoryInput): History {
  const { schedule, completedByDate, pauses, now } = input;
  const skippedByDate = input.skippedByDate ?? new Map();
  const tz = resolveTimeZone(schedule.timezone);
  const view = { ...schedule, timezone: tz };
  const today = localDate(now, tz);
  const yesterday = addDays(today, -1);
  const firstDay = localDate(input.createdAt, tz);
  const windowStart = [addDays(today, -(input.days - 1)), firstDay].sort().at(-1)!;
  // Days the streak cache has not settled yet: folded here exactly as the dashboard would fold them.
  const pending = daysToEvaluate(input.streak.asOf, firstDay, yesterday);
  const factsFrom = pending[0] && pending[0] < windowStart ? pending[0] : windowStart;
  const facts = new Map<string, DayFacts>(
    (factsFrom <= today
      ? dayFacts(range(factsFrom, today), view, completedByDate, pauses, now, skippedByDate, input.createdAt)
      : []
    ).map((f) => [f.date, f]),
  );

  const settled = advanceStreak(
    input.streak,
    pending.map((d) => facts.get(d)!),
  );
  const frozen = new Set(settled.frozen);

  const days: HistoryDay[] = [];
  for (const date of windowStart <= today ? range(windowStart, today) : []) {
    const f = facts.get(date)!;
    const status = dayStatus(f);
    // Today is still running: it can only add (as in currentStreak), so an unfinished today is not judged.
    const shown: HistoryStatus = date === today && (status === "partial" || status === "missed") ? "pending" : status;
    days.push({
      date,
      scheduled: f.scheduled,
      completed: f.completed,
      status: shown,
      ...(shown !== "pending" && frozen.has(date) && { frozen: true as const }),
    });
  }
  const todayFacts = facts.get(today) ?? {
    date: today,
    scheduled: 0,
    completed: 0,
    pausedAllDay: false,
    pausedPartly: false,
  };
  const current = currentStreak(settled, todayFacts);
  // The best run within the window, under the streak's own rule; an unfinished today is left out.
  const judged = days.filter((d) => d.status !== "pending").map((d) => facts.get(d.date)!);
  const best = Math.max(bestStreak(judged), current);

  const weekday = Array.from({ length: 7 }, () => ({ done: 0, scheduled: 0 }));
  const slotCount = schedule.times.length;
  const slot = Array.from({ length: slotCount }, () => ({ done: 0, scheduled: 0 }));
  const spans = spansOf(view);
  let scheduled = 0;
  let completed = 0;
  for (const d of days) {
    if (!COUNTED.has(d.status)) continue;
    const doneCount = Math.min(d.completed, d.scheduled);
    scheduled += d.scheduled;
    completed += doneCount;
    const w = weekday[localWeekday(d.date)]!;
    w.scheduled += d.scheduled;
    w.done += doneCount;
    const done = completedByDate.get(d.date);
    const skipped = skippedByDate.get(d.date);
    // The first day: breaks due before the user joined (and not done) were not theirs (./first-day.ts).
    const notTheirs =
      d.date === firstDay
        ? slotsBeforeJoining(breaksOn(spans, d.date, done), input.createdAt, done ?? new Set())
        : null;
    for (const i of slotsOn(spans, d.date, done)) {
      if (i >= slotCount) continue; // a slot the current schedule no longer has
      if (skipped?.has(i) && !done?.has(i)) continue; // skipped: not one of the day's breaks
      if (notTheirs?.has(i)) continue;
      slot[i]!.scheduled += 1;
      if (done?.has(i)) slot[i]!.done += 1;
    }
  }

  return {
    days,
    currentStreak: current,
    bestStreak: best,
    totals: { scheduled, completed },
    byWeekday: weekday.map((w) => rate(w.done, w.scheduled)),
    bySlot: slot.map((s) => rate(s.done, s.scheduled)),
    localDate: today,
    timezone: tz,
    times: schedule.times.map((time) => ({ time, timeDisplay: formatTime12(time) })),
  };
}

type Row = NonNullable<Parameters<typeof toView>[0]> & {
  versions: unknown;
  streakCount: number;
  streakAsOf: string | null;
  streakFreezes: number;
  streakFrozen: string[] | null;
  createdMs: number;
  done: { d: string; s: number; c: boolean; k: string | null }[] | string;
  pauses: { a: number; b: number | null }[] | string;
};

const parsed = <T>(v: T[] | string): T[] => (typeof v === "string" ? (JSON.parse(v) as T[]) : v);

/**
 * The one query behind a history. The breaks subquery is a range scan of the (userId, localDate,
 * slot) unique index, the pauses one of (userId, startedAt); both are bounded: breaks from the
 * window's first day, or from the streak cache's first unsettled day if that is earlier (a cache
 * never settled reads the whole cap), but never more than MAX_STREAK_DAYS + 2 days back; pauses
 * overlapping that span; the schedule versions in force from the span's start, a range scan of
 * their (userId, effectiveFrom) key. Exported with its parameters so a test can EXPLAIN it.
 */
export const HISTORY_SQL = `SELECT s."times", s."activeDays", s."timezone", s."durationPreference", s."intensityLevel", s."movementPrefs", s."pauseEmails",
       s."streakCount", s."streakAsOf", s."streakFreezes", s."streakFrozen",
       (EXTRACT(EPOCH FROM s."createdAt") * 1000)::float8 AS "createdMs",
       COALESCE((SELECT json_agg(json_build_object('d', b."localDate", 's', b."slot", 'c', b."completedAt" IS NOT NULL, 'k', b."skipReason")) FROM "breaks" b
                 WHERE b."userId" = s."userId" AND (b."completedAt" IS NOT NULL OR b."skipReason" IS NOT NULL)
                   AND b."localDate" >= GREATEST(LEAST($2::text, COALESCE(s."streakAsOf", $3::text)), $3::text) AND b."localDate" <= $4::text), '[]'::json) AS "done",
       COALESCE((SELECT json_agg(json_build_object('a', (EXTRACT(EPOCH FROM p."startedAt") * 1000)::float8,
                                                   'b', (EXTRACT(EPOCH FROM p."endedAt") * 1000)::float8)) FROM "pause_periods" p
                 WHERE p."userId" = s."userId" AND p."startedAt" < $5::timestamp
                   AND (p."endedAt" IS NULL OR p."endedAt" > $6::timestamp)), '[]'::json) AS "pauses",
       ${versionsColumn('s."userId"', "$7")} AS "versions"
FROM "user_settings" s WHERE s."userId" = $1`;

export function historyParams(userId: string, days: number, now: Date) {
  // The local date is within a day of the UTC date whatever the zone: bounds get a day's margin.
  const utcToday = now.toISOString().slice(0, 10);
  const floor = addDays(utcToday, -(MAX_STREAK_DAYS + 2));
  const spanStart = addDays(floor, -1);
  return [
    userId,
    addDays(utcToday, -days),
    floor,
    addDays(utcToday, 1),
    now.toISOString(),
    `${spanStart}T00:00:00.000Z`,
    versionsFrom(spanStart).toISOString(),
  ] as const;
}

/** Reads a user's history in one round trip (HISTORY_SQL). */
export async function getHistory(
  db: Db,
  userId: string,
  days = HISTORY_DEFAULT_DAYS,
  now = new Date(),
): Promise<History> {
  const rows = await db.$queryRawUnsafe<Row[]>(HISTORY_SQL, ...historyParams(userId, days, now));
  const row = rows[0];
  const view = toView(row ?? null);
  if (!row) {
    return {
      ...summarizeHistory({
        schedule: view,
        createdAt: now,
        streak: NO_STREAK,
        completedByDate: new Map(),
        pauses: [],
        days,
        now,
      }),
      days: [],
    };
  }
  const marks = breakMarks(parsed(row.done));
  const pauses = parsed(row.pauses).map((p) => ({
    startedAt: new Date(Number(p.a)),
    endedAt: p.b === null ? null : new Date(Number(p.b)),
  }));
  return summarizeHistory({
    schedule: { ...view, versions: parseVersions(row.versions) },
    createdAt: new Date(Number(row.createdMs)),
    streak: storedStreak(row),
    completedByDate: marks.done,
    skippedByDate: marks.skipped,
    pauses,
    days,
    now,
  });
}
