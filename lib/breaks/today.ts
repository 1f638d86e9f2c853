// Today's breaks with their exercises (the day's plan), and marking one done or undone from the
// app. Completion goes through recordCompletion, the same function as the e-mail's "I did it", so
// the dashboard, the streak and the e-mail link all count it the same way.
import { hotSql, type Db } from "@/lib/db";
import * as z from "@/lib/zod";
import { badRequest, notFound } from "@/lib/errors";
import { nextBreakAfter, nextBreakLabel } from "@/lib/schedule/due";
import { addDays, formatTime12, localDate, resolveTimeZone } from "@/lib/schedule/time";
import { todaySchedule, type TodaySchedule } from "@/lib/schedule/today";
import { versionsFrom } from "@/lib/schedule/versions";
import type { Suggester } from "@/lib/reminders/suggest";
import { recordCompletion, undoCompletion } from "@/lib/users/breaks";
import { getDashboard } from "@/lib/users/dashboard";
import { parseVersions, versionsColumn } from "@/lib/users/schedule-history";
import { toView } from "@/lib/users/settings-view";
import { ensurePlan, planFingerprint, readySlots } from "./plan";
import type { CompletionView, NextBreakView, TodayView } from "./types";

export interface TodayDeps {
  db: Db;
  suggest: Suggester;
  now?: Date;
}

export const BREAK_MESSAGES = {
  restDay: "There are no breaks scheduled today.",
  notToday: "This break is not on today's schedule.",
} as const;

/** A break of today: slot "0" or "1" (the route's path segment, or the action's argument). */
export const breakSlotSchema = z.pipe(z.enum(["0", "1"], { error: BREAK_MESSAGES.notToday }), z.transform(Number));

type SettingsColumns = Parameters<typeof toView>[0];

/**
 * The user's settings, the recent completions (with their times), the recent ready plans and the
 * schedule versions in force since then, in one round trip. Whatever the zone, the local date is
 * at most one day off the UTC date, so "since yesterday in UTC" covers today.
 */
async function readDay(db: Db, userId: string, now: Date) {
  const since = addDays(now.toISOString().slice(0, 10), -1);
  const rows = await hotSql(db).query<
    NonNullable<SettingsColumns> & {
      found: boolean;
      done: { d: string; s: number; at: string }[] | string;
      plans: { d: string; f: string; s: unknown }[] | string;
      versions: unknown;
    }
  >(
    "limber_today",
    `SELECT (s."userId" IS NOT NULL) AS "found", s."times", s."activeDays", s."durationPreference", s."pauseEmails", s."intensityLevel", s."movementPrefs", s."timezone",
            COALESCE((SELECT json_agg(json_build_object('d', b."localDate", 's', b."slot", 'at', b."completedAt")) FROM "breaks" b
                      WHERE b."userId" = $1 AND b."completedAt" IS NOT NULL AND b."localDate" >= $2), '[]'::json) AS "done",
            COALESCE((SELECT json_agg(json_build_object('d', p."localDate", 'f', p."fingerprint", 's', p."slots")) FROM "daily_plans" p
                      WHERE p."userId" = $1 AND p."status" = 'ready' AND p."localDate" >= $2), '[]'::json) AS "plans",
            ${versionsColumn("$1", "$3")} AS "versions"
     FROM (SELECT 1) AS one LEFT JOIN "user_settings" s ON s."userId" = $1`,
    [userId, since, versionsFrom(since).toISOString()],
  );
  const raw = rows[0];
  const view = toView(raw?.found ? raw : null);
  const tz = resolveTimeZone(view.timezone);
  const today = localDate(now, tz);
  const json = <T,>(v: T[] | string | undefined): T[] => (typeof v === "string" ? (JSON.parse(v) as T[]) : (v ?? []));
  // json_build_object renders a timestamp without its zone: it is UTC, as the column is.
  const done = new Map(json(raw?.done).filter((b) => b.d === today).map((b) => [Number(b.s), new Date(`${b.at.replace(" ", "T")}Z`)]));
  const plans = json(raw?.plans).filter((p) => p.d === today);
  // Today as the schedule versions in force make it (a change never rewrites a day already begun).
  const schedule = todaySchedule({ ...view, timezone: tz, versions: raw?.found ? parseVersions(raw.versions) : [] }, now, new Set(done.keys()));
  return { view, tz, today, done, plans, schedule };
}

/**
 * The next break not yet done, e-mails paused or not. Today's occurrences count only if they are
 * one of today's open breaks (not done; not a slot whose break today was due before a change).
 */
function nextBreakView(view: ReturnType<typeof toView>, tz: string, schedule: TodaySchedule, now: Date): NextBreakView | null {
  const today = schedule.localDate;
  const isOpen = (slot: number, at: Date, date: string) =>
    date !== today || schedule.entries.some((e) => e.slot === slot && !e.completed && e.at.getTime() === at.getTime());
  const next = nextBreakAfter({ ...view, timezone: tz }, now, isOpen);
  if (!next) return null;
  return {
    slot: next.slot,
    at: next.at.toISOString(),
    localDate: next.localDate,
    time: next.time,
    timeDisplay: formatTime12(next.time),
    label: nextBreakLabel(next, today),
  };
}

export async function getToday({ db, suggest, now = new Date() }: TodayDeps, userId: string): Promise<TodayView> {
  const { view, tz, today, done, plans, schedule } = await readDay(db, userId, now);
  // Paused e-mails change nothing here: the day's breaks, their plan, done and undo all stay.
  const base = { localDate: today, timezone: tz, nextBreak: nextBreakView(view, tz, schedule, now), emailsPaused: view.pauseEmails };
  if (schedule.entries.length === 0) return { ...base, breaks: [], reason: view.activeDays.length === 0 ? "no-days" : "rest-day" };
  const settings = { prefs: view.movementPrefs, intensity: view.intensityLevel, durationMinutes: view.durationPreference };
  // Usually the day's plan came with the read above; only a missing or outdated one is (re)made.
  const fingerprint = planFingerprint(settings);
  const stored = plans.find((p) => p.f === fingerprint);
  const plan =
    (stored && readySlots({ status: "ready", fingerprint, slots: stored.s }, fingerprint)) ??
    (await ensurePlan({ db, suggest, now: () => now }, { userId, localDate: today, settings }));
  return {
    ...base,
    reason: null,
    breaks: schedule.entries.map((e) => ({
      slot: e.slot,
      time: e.time,
      timeDisplay: e.timeDisplay,
      minutes: view.durationPreference,
      completed: e.completed,
      completedAt: done.get(e.slot)?.toISOString() ?? null,
      past: e.past,
      status: e.status,
      exercises: plan[e.slot]?.exercises ?? [],
      source: plan[e.slot]?.source ?? "library",
    })),
  };
}

/** The slot's local date if it is one of today's breaks: 404 on a day without breaks, 400 for another slot. */
async function todaysSlot(db: Db, userId: string, slot: number, now: Date): Promise<string> {
  const { schedule } = await readDay(db, userId, now);
  if (schedule.entries.length === 0) throw notFound(BREAK_MESSAGES.restDay);
  if (!schedule.entries.some((e) => e.slot === slot)) throw badRequest(BREAK_MESSAGES.notToday);
  return schedule.localDate;
}

async function completionView(db: Db, userId: string, now: Date): Promise<CompletionView> {
  const d = await getDashboard(db, userId, now);
  return { completedToday: d.completedToday, totalToday: d.totalToday, streakCount: d.streakCount };
}

/** Marks one of today's breaks done (idempotent). */
export async function completeTodayBreak(db: Db, userId: string, slot: number, now = new Date()): Promise<CompletionView> {
  const date = await todaysSlot(db, userId, slot, now);
  await recordCompletion(db, { userId, localDate: date, slot, at: now });
  return completionView(db, userId, now);
}

/** Undoes one of today's breaks (today only; idempotent). */
export async function undoTodayBreak(db: Db, userId: string, slot: number, now = new Date()): Promise<CompletionView> {
  const date = await todaysSlot(db, userId, slot, now);
  await undoCompletion(db, { userId, localDate: date, slot });
  return completionView(db, userId, now);
}

