// Today's breaks with their exercises (the day's plan), and marking one done or undone from the
// app. Completion goes through recordCompletion, the same function as the e-mail's "I did it", so
// the dashboard, the streak and the e-mail link all count it the same way.
import { hotSql, type Db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/errors";
import { nextBreakAfter, nextBreakLabel } from "@/lib/schedule/due";
import { addDays, formatTime12, localDate, resolveTimeZone } from "@/lib/schedule/time";
import { todaySchedule } from "@/lib/schedule/today";
import type { Suggester } from "@/lib/reminders/suggest";
import { recordCompletion, undoCompletion } from "@/lib/users/breaks";
import { getDashboard } from "@/lib/users/dashboard";
import { toView } from "@/lib/users/settings";
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

type SettingsColumns = Parameters<typeof toView>[0];

/**
 * The user's settings, the recent completions (with their times) and the recent ready plans, in
 * one round trip. Whatever the zone, the local date is at most one day off the UTC date, so
 * "since yesterday in UTC" covers today.
 */
async function readDay(db: Db, userId: string, now: Date) {
  const since = addDays(now.toISOString().slice(0, 10), -1);
  const rows = await hotSql(db).query<
    NonNullable<SettingsColumns> & { found: boolean; done: { d: string; s: number; at: string }[] | string; plans: { d: string; f: string; s: unknown }[] | string }
  >(
    "limber_today",
    `SELECT (s."userId" IS NOT NULL) AS "found", s."times", s."activeDays", s."durationPreference", s."pauseEmails", s."intensityLevel", s."movementPrefs", s."timezone",
            COALESCE((SELECT json_agg(json_build_object('d', b."localDate", 's', b."slot", 'at', b."completedAt")) FROM "breaks" b
                      WHERE b."userId" = $1 AND b."completedAt" IS NOT NULL AND b."localDate" >= $2), '[]'::json) AS "done",
            COALESCE((SELECT json_agg(json_build_object('d', p."localDate", 'f', p."fingerprint", 's', p."slots")) FROM "daily_plans" p
                      WHERE p."userId" = $1 AND p."status" = 'ready' AND p."localDate" >= $2), '[]'::json) AS "plans"
     FROM (SELECT 1) AS one LEFT JOIN "user_settings" s ON s."userId" = $1`,
    [userId, since],
  );
  const raw = rows[0];
  const view = toView(raw?.found ? raw : null);
  const tz = resolveTimeZone(view.timezone);
  const today = localDate(now, tz);
  const json = <T,>(v: T[] | string | undefined): T[] => (typeof v === "string" ? (JSON.parse(v) as T[]) : (v ?? []));
  // json_build_object renders a timestamp without its zone: it is UTC, as the column is.
  const done = new Map(json(raw?.done).filter((b) => b.d === today).map((b) => [Number(b.s), new Date(`${b.at.replace(" ", "T")}Z`)]));
  const plans = json(raw?.plans).filter((p) => p.d === today);
  return { view, tz, today, done, plans };
}

function nextBreakView(view: ReturnType<typeof toView>, tz: string, today: string, now: Date): NextBreakView | null {
  if (view.pauseEmails) return null;
  const next = nextBreakAfter({ ...view, timezone: tz }, now);
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
  const { view, tz, today, done, plans } = await readDay(db, userId, now);
  const schedule = todaySchedule({ ...view, timezone: tz }, now, new Set(done.keys()));
  const base = { localDate: today, timezone: tz, nextBreak: nextBreakView(view, tz, today, now) };
  if (view.pauseEmails) return { ...base, breaks: [], reason: "paused" };
  if (schedule.entries.length === 0) return { ...base, breaks: [], reason: "rest-day" };
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
      exercises: plan[e.slot]?.exercises ?? [],
    })),
  };
}

/** The slot's local date if it is one of today's breaks: 404 on a day without breaks, 400 for another slot. */
async function todaysSlot(db: Db, userId: string, slot: number, now: Date): Promise<string> {
  const { view, tz, done } = await readDay(db, userId, now);
  const schedule = todaySchedule({ ...view, timezone: tz }, now, new Set(done.keys()));
  if (view.pauseEmails || schedule.entries.length === 0) throw notFound(BREAK_MESSAGES.restDay);
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

