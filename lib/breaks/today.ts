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
import type { Suggester } from "@/lib/exercises/suggest";
import { parseVersions, versionsColumn } from "@/lib/schedule/stored-versions";
import { toView } from "@/lib/schedule/settings";
import { breakMarks } from "@/lib/progress/days";
import { isBeforeJoining } from "@/lib/progress/first-day";
import { ensurePlan, planFingerprint, readySlots } from "./plan";
import type { NextBreakView, TodayView } from "./types";

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

/** The slot of a route's path (`/api/user/breaks/{slot}/...`); 400 for anything but a slot of today. */
export function slotFromPath(segment: string): number {
  const parsed = breakSlotSchema.safeParse(segment);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** A slot as the dashboard's buttons pass it (a number) read as the route's path segment. */
export const slotParam = (raw: unknown) => (typeof raw === "number" ? String(raw) : raw);

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
      createdMs: number | null;
      done:
        { d: string; s: number; at: string | null; k: string | null; m: string | null; a: number | null }[] | string;
      plans: { d: string; f: string; s: unknown }[] | string;
      versions: unknown;
    }
  >(
    "limber_today",
    `SELECT (s."userId" IS NOT NULL) AS "found", s."times", s."activeDays", s."durationPreference", s."pauseEmails", s."intensityLevel", s."movementPrefs", s."timezone", s."resumeOn",
            (EXTRACT(EPOCH FROM s."createdAt") * 1000)::float8 AS "createdMs",
            COALESCE((SELECT json_agg(json_build_object('d', b."localDate", 's', b."slot", 'at', b."completedAt", 'k', b."skipReason",
                                                        'm', b."movedTo", 'a', (EXTRACT(EPOCH FROM b."movedAt") * 1000)::float8)) FROM "breaks" b
                      WHERE b."userId" = $1 AND (b."completedAt" IS NOT NULL OR b."skipReason" IS NOT NULL OR b."movedAt" IS NOT NULL)
                        AND b."localDate" >= $2), '[]'::json) AS "done",
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
  const json = <T>(v: T[] | string | undefined): T[] => (typeof v === "string" ? (JSON.parse(v) as T[]) : (v ?? []));
  // json_build_object renders a timestamp without its zone: it is UTC, as the column is.
  const marks = json(raw?.done).filter((b) => b.d === today);
  const done = new Map(
    marks.flatMap((b) => (b.at ? [[Number(b.s), new Date(`${b.at.replace(" ", "T")}Z`)] as const] : [])),
  );
  const marked = breakMarks(marks.map((b) => ({ d: b.d, s: b.s, c: b.at !== null, k: b.k, m: b.m, a: b.a })));
  const plans = json(raw?.plans).filter((p) => p.d === today);
  // Today as the schedule versions in force make it (a change never rewrites a day already begun).
  const schedule = todaySchedule(
    { ...view, timezone: tz, versions: raw?.found ? parseVersions(raw.versions) : [] },
    now,
    new Set(done.keys()),
    marked.skipped.get(today),
    marked.moved.get(today),
  );
  // When the user joined (setup created the settings row): their first day's earlier breaks are not theirs.
  const joinedAt = raw?.found && raw.createdMs != null ? new Date(Number(raw.createdMs)) : null;
  return { view, tz, today, done, plans, schedule, joinedAt };
}

/**
 * The next break not yet done, e-mails paused or not. Today's occurrences count only if they are
 * one of today's open breaks (not done, not skipped; not a slot whose break today was due before a change).
 */
function nextBreakView(
  view: ReturnType<typeof toView>,
  tz: string,
  schedule: TodaySchedule,
  now: Date,
): NextBreakView | null {
  const today = schedule.localDate;
  // Today's breaks as they stand (a moved one at its new time); then the schedule's next days.
  const open = schedule.entries
    .filter((e) => e.status !== "done" && e.status !== "skipped" && e.at.getTime() > now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  const next = open
    ? { slot: open.slot, time: open.time, localDate: today, at: open.at }
    : nextBreakAfter({ ...view, timezone: tz }, now, (_slot, _at, date) => date !== today);
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
  const { view, tz, today, done, plans, schedule, joinedAt } = await readDay(db, userId, now);
  // Paused e-mails change nothing here: the day's breaks, their plan, done and undo all stay.
  const base = {
    localDate: today,
    timezone: tz,
    nextBreak: nextBreakView(view, tz, schedule, now),
    emailsPaused: view.pauseEmails,
    ...(view.resumeOn && { resumeOn: view.resumeOn }),
  };
  if (schedule.entries.length === 0)
    return { ...base, breaks: [], reason: view.activeDays.length === 0 ? "no-days" : "rest-day" };
  const settings = {
    prefs: view.movementPrefs,
    intensity: view.intensityLevel,
    durationMinutes: view.durationPreference,
  };
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
      // As the dashboard shows it (lib/progress/first-day.ts): due before the user joined and not done.
      status: e.status !== "skipped" && isBeforeJoining(e.at, joinedAt, e.completed) ? "before-start" : e.status,
      ...(e.skipReason && { skipReason: e.skipReason }),
      ...(e.moved && { plannedTime: e.plannedTime, moved: e.moved }),
      exercises: plan[e.slot]?.exercises ?? [],
      source: plan[e.slot]?.source ?? "library",
    })),
  };
}

/** One of today's breaks as it stands: 404 on a day without breaks, 400 for another slot. */
export async function todaysBreak(db: Db, userId: string, slot: number, now: Date) {
  const { schedule } = await readDay(db, userId, now);
  if (schedule.entries.length === 0) throw notFound(BREAK_MESSAGES.restDay);
  const entry = schedule.entries.find((e) => e.slot === slot);
  if (!entry) throw badRequest(BREAK_MESSAGES.notToday);
  return { ...entry, localDate: schedule.localDate };
}

/** The slot's local date if it is one of today's breaks: 404 on a day without breaks, 400 for another slot. */
export async function todaysBreakDate(db: Db, userId: string, slot: number, now: Date): Promise<string> {
  return (await todaysBreak(db, userId, slot, now)).localDate;
}
