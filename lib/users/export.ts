// "Download my data" (GDPR articles 15 and 20): everything Limber stores about one user, as JSON,
// or their breaks as CSV. Every query is by the user's own id on an index; fields are picked one
// by one (never whole rows), and nothing that belongs to someone else is included: entries of the
// audit log written by another account (e.g. the owner pausing this user) keep the action and the
// time but not that account's address or id.
import { unlockRefusalAsAnswered } from "@/lib/platform/audit";
import { HOUR, type Limit } from "@/lib/platform/rate-limit";
import type { Db } from "@/lib/db";
import { toCsv } from "@/lib/export/csv";
import type { SuggestedExercise } from "@/lib/exercises/library/types";
import { FIRST_VERSION_FROM } from "@/lib/schedule/stored-versions";
import { toView, type SettingsView } from "@/lib/schedule/settings";

export const EXPORT_FORMAT_VERSION = 1;

/** Downloads per user and hour: enough for anyone, and a cap on the heaviest read a user can ask for. */
export const EXPORT_MAX_PER_HOUR = 10;
export const exportLimit = (userId: string): Limit => ({
  key: `data-export:${userId}`,
  max: EXPORT_MAX_PER_HOUR,
  windowMs: HOUR,
});
export const EXPORT_LIMIT_MESSAGE = `You can download your data ${EXPORT_MAX_PER_HOUR} times an hour. Please try again later.`;

export interface DataExport {
  format: "limber-export";
  version: number;
  exportedAt: string;
  account: { email: string; createdAt: string };
  settings: (SettingsView & { onboardingCompleted: boolean }) | null;
  /**
   * Your streak as last settled: its length through `asOf` (a finished day), the streak freezes
   * held, and the days on which a freeze kept it.
   */
  streak: { count: number; asOf: string | null; freezes: number; frozenDays: string[] } | null;
  /**
   * Every schedule you had, oldest first: each in force from `effectiveFrom` (null: from the start)
   * until the next one; past days are judged by the one in force then.
   */
  scheduleHistory: { effectiveFrom: string | null; times: string[]; activeDays: number[]; timezone: string }[];
  /**
   * skippedAt/skipReason only on a skipped break ("Not today", meetings, a day off); movedTo (local
   * "HH:MM") and movedAt only on a break moved out of a meeting.
   */
  breaks: {
    date: string;
    slot: number;
    completedAt: string | null;
    skippedAt?: string;
    skipReason?: string;
    movedTo?: string;
    movedAt?: string;
  }[];
  /** Each reminder sent or tried: by e-mail ("email") or as a notification ("push"). */
  reminders: {
    date: string;
    slot: number;
    channel: string;
    status: string;
    scheduledAt: string;
    sentAt: string | null;
    exercises: SuggestedExercise[];
  }[];
  pausePeriods: { startedAt: string; endedAt: string | null }[];
  calendarFeed: { createdAt: string } | null;
  /**
   * Your connected calendar, as Limber keeps it: when it was connected and last read, and the busy
   * times and days off read from it (never an event's title, people, place or notes). Its secret
   * address is kept sealed and is not repeated here.
   */
  calendarSource: {
    connectedAt: string;
    lastReadAt: string | null;
    status: string;
    busy: { start: string; end: string }[];
    daysOff: string[];
  } | null;
  /** Devices with notifications on: the push service's address for each (its encryption keys are left out). */
  pushSubscriptions: {
    device: string;
    endpoint: string;
    createdAt: string;
    lastUsedAt: string | null;
    updatedAt: string;
  }[];
  auditLog: { timestamp: string; action: string; byYou: boolean; ipAddress: string | null; details: unknown }[];
  /** Your signed-in browsers: when each signed in, was last extended and ends (IP and browser only with SESSION_CLIENT_INFO=on). */
  sessions: {
    createdAt: string;
    lastExtendedAt: string;
    expiresAt: string;
    ipAddress: string | null;
    userAgent: string | null;
  }[];
  /** Each day's planned exercises, by break. */
  dailyPlans: { date: string; breaks: unknown }[];
  /**
   * What you told us about single exercises: "not-for-me" (with its reason, if you gave one) or
   * "liked", newest first.
   */
  exerciseFeedback: { name: string; verdict: string; reason: string | null; updatedAt: string }[];
  /** "Remind me in 15 minutes" requests. */
  snoozes: { date: string; slot: number; dueAt: string; status: string }[];
  /**
   * Entries that name your address without a signed-in account (code requests, wrong codes, test
   * e-mails): anyone can type an address, so the IP of whoever typed it is left out.
   */
  auditLogByAddress: { timestamp: string; action: string; details: unknown }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The exercises a delivery's stored suggestion carried ([] when none was stored or it is malformed). */
function exercisesOf(suggestion: unknown): SuggestedExercise[] {
  const list = (suggestion as { exercises?: unknown } | null)?.exercises;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) => {
    const x = e as Partial<SuggestedExercise> | null;
    if (!x || typeof x.name !== "string") return [];
    return [
      {
        name: x.name,
        minutes: Number(x.minutes) || 0,
        steps: Array.isArray(x.steps) ? x.steps.filter((s): s is string => typeof s === "string") : [],
      },
    ];
  });
}

export async function exportData(db: Db, userId: string, now = new Date()): Promise<DataExport> {
  const [user, settings, versions, breaks, deliveries, pauses, feed, audit] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, createdAt: true } }),
    db.userSettings.findUnique({
      where: { userId },
      select: {
        times: true,
        activeDays: true,
        durationPreference: true,
        pauseEmails: true,
        intensityLevel: true,
        movementPrefs: true,
        timezone: true,
        channels: true,
        moveWithinMinutes: true,
        resumeOn: true,
        onboardingCompleted: true,
        streakCount: true,
        streakAsOf: true,
        streakFreezes: true,
        streakFrozen: true,
      },
    }),
    db.scheduleVersion.findMany({
      where: { userId },
      select: { effectiveFrom: true, times: true, activeDays: true, timezone: true },
      orderBy: { effectiveFrom: "asc" },
    }),
    db.breakRecord.findMany({
      where: { userId },
      select: {
        localDate: true,
        slot: true,
        completedAt: true,
        skippedAt: true,
        skipReason: true,
        movedTo: true,
        movedAt: true,
      },
      orderBy: [{ localDate: "asc" }, { slot: "asc" }],
    }),
    db.delivery.findMany({
      where: { userId },
      select: {
        localDate: true,
        slot: true,
        channel: true,
        status: true,
        scheduledAt: true,
        sentAt: true,
        suggestion: true,
      },
      orderBy: [{ localDate: "asc" }, { slot: "asc" }, { channel: "asc" }],
    }),
    db.pausePeriod.findMany({
      where: { userId },
      select: { startedAt: true, endedAt: true },
      orderBy: { startedAt: "asc" },
    }),
    db.calendarFeed.findUnique({ where: { userId }, select: { createdAt: true } }),
    db.auditLog.findMany({
      where: { OR: [{ userId }, { targetId: userId }] },
      select: { timestamp: true, action: true, userId: true, ipAddress: true, details: true },
      orderBy: { timestamp: "asc" },
    }),
  ]);
  const [sessions, plans, snoozes, byAddress, devices, source, feedback] = await Promise.all([
    db.session.findMany({
      where: { userId },
      select: { createdAt: true, updatedAt: true, expiresAt: true, ipAddress: true, userAgent: true },
      orderBy: { createdAt: "asc" },
    }),
    db.dailyPlan.findMany({
      where: { userId, status: "ready" },
      select: { localDate: true, slots: true },
      orderBy: { localDate: "asc" },
    }),
    db.snooze.findMany({
      where: { userId },
      select: { localDate: true, slot: true, dueAt: true, status: true },
      orderBy: { dueAt: "asc" },
    }),
    db.auditLog.findMany({
      where: { userId: null, targetId: null, details: { path: ["email"], equals: user.email } },
      select: { timestamp: true, action: true, details: true },
      orderBy: { timestamp: "asc" },
    }),
    db.pushSubscription.findMany({
      where: { userId },
      select: { deviceName: true, endpoint: true, createdAt: true, lastUsedAt: true, updatedAt: true },
      orderBy: { createdAt: "asc" },
    }),
    db.calendarSource.findUnique({
      where: { userId },
      select: { createdAt: true, checkedAt: true, status: true, busy: true, daysOff: true },
    }),
    db.exerciseFeedback.findMany({
      where: { userId },
      select: { name: true, verdict: true, reason: true, updatedAt: true },
      orderBy: [{ updatedAt: "desc" }, { nameKey: "asc" }],
    }),
  ]);
  return {
    format: "limber-export",
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    account: { email: user.email, createdAt: user.createdAt.toISOString() },
    settings: settings ? { ...toView(settings), onboardingCompleted: settings.onboardingCompleted } : null,
    streak: settings
      ? {
          count: settings.streakCount,
          asOf: settings.streakAsOf,
          freezes: settings.streakFreezes,
          frozenDays: settings.streakFrozen ?? [],
        }
      : null,
    scheduleHistory: versions.map((v) => ({
      effectiveFrom: v.effectiveFrom.getTime() <= FIRST_VERSION_FROM.getTime() ? null : v.effectiveFrom.toISOString(),
      times: v.times,
      activeDays: v.activeDays,
      timezone: v.timezone,
    })),
    breaks: breaks.map((b) => ({
      date: b.localDate,
      slot: b.slot,
      completedAt: iso(b.completedAt),
      ...(b.skipReason && { skippedAt: iso(b.skippedAt) ?? undefined, skipReason: b.skipReason }),
      ...(b.movedTo && b.movedAt && { movedTo: b.movedTo, movedAt: b.movedAt.toISOString() }),
    })),
    // Delivery errors are the provider's internal text: left out. The exercises are the user's.
    reminders: deliveries.map((d) => ({
      date: d.localDate,
      slot: d.slot,
      channel: d.channel,
      status: d.status,
      scheduledAt: d.scheduledAt.toISOString(),
      sentAt: iso(d.sentAt),
      exercises: exercisesOf(d.suggestion),
    })),
    pausePeriods: pauses.map((p) => ({ startedAt: p.startedAt.toISOString(), endedAt: iso(p.endedAt) })),
    calendarFeed: feed ? { createdAt: feed.createdAt.toISOString() } : null,
    calendarSource: source
      ? {
          connectedAt: source.createdAt.toISOString(),
          lastReadAt: iso(source.checkedAt),
          status: source.status,
          busy: (source.busy as [number, number][]).map(([start, end]) => ({
            start: new Date(start).toISOString(),
            end: new Date(end).toISOString(),
          })),
          daysOff: source.daysOff,
        }
      : null,
    pushSubscriptions: devices.map((d) => ({
      device: d.deviceName,
      endpoint: d.endpoint,
      createdAt: d.createdAt.toISOString(),
      lastUsedAt: iso(d.lastUsedAt),
      updatedAt: d.updatedAt.toISOString(),
    })),
    auditLog: audit.map((a) => {
      const byYou = a.userId === userId;
      // Another account's entry about this user: its address is that account's data, not theirs.
      // A refused console unlock reads as the answer the user got, never why (not the owner's account).
      const details = !byYou ? {} : a.action === "admin_unlock_failed" ? unlockRefusalAsAnswered(a.details) : a.details;
      return {
        timestamp: a.timestamp.toISOString(),
        action: a.action,
        byYou,
        ipAddress: byYou ? a.ipAddress : null,
        details,
      };
    }),
    sessions: sessions.map((x) => ({
      createdAt: x.createdAt.toISOString(),
      lastExtendedAt: x.updatedAt.toISOString(),
      expiresAt: x.expiresAt.toISOString(),
      ipAddress: x.ipAddress || null,
      userAgent: x.userAgent || null,
    })),
    dailyPlans: plans.map((p) => ({ date: p.localDate, breaks: p.slots })),
    exerciseFeedback: feedback.map((f) => ({
      name: f.name,
      verdict: f.verdict,
      reason: f.reason,
      updatedAt: f.updatedAt.toISOString(),
    })),
    snoozes: snoozes.map((z) => ({ date: z.localDate, slot: z.slot, dueAt: z.dueAt.toISOString(), status: z.status })),
    auditLogByAddress: byAddress.map((a) => ({
      timestamp: a.timestamp.toISOString(),
      action: a.action,
      details: a.details,
    })),
  };
}

export const BREAKS_CSV_HEADER = ["date", "slot", "break", "completed_at", "skipped"] as const;

/**
 * The user's breaks as CSV: local date, slot (0 = first reminder time), its name, completion instant
 * (UTC), and why it was skipped when it was ("user" = Not today, "busy" = meetings, "day-off").
 */
export async function exportBreaksCsv(db: Db, userId: string): Promise<string> {
  const breaks = await db.breakRecord.findMany({
    where: { userId },
    select: { localDate: true, slot: true, completedAt: true, skipReason: true },
    orderBy: [{ localDate: "asc" }, { slot: "asc" }],
  });
  return toCsv(
    BREAKS_CSV_HEADER,
    breaks.map((b) => [
      b.localDate,
      b.slot,
      b.slot === 0 ? "first" : b.slot === 1 ? "second" : `slot ${b.slot + 1}`,
      iso(b.completedAt),
      b.completedAt ? null : b.skipReason,
    ]),
  );
}
