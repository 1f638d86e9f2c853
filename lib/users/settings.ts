// Reading and changing a user's schedule settings. Route handlers stay thin and call these.
import type { Db } from "@/lib/db";
import { auditSafely } from "@/lib/admin/audit";
import {
  DEFAULT_ACTIVE_DAYS,
  DEFAULT_DURATION,
  DEFAULT_INTENSITY,
  DEFAULT_TIMES,
  normalizeDuration,
  normalizeIntensity,
  type SettingsPatch,
  type UserSettings,
} from "@/lib/schedule";
import type { SetupData } from "@/lib/schedule/schemas";
import { rescheduleUser } from "@/lib/reminders/slots";
import { finalizeStreak } from "./dashboard";

export type SettingsView = UserSettings;

/** Fields that decide when reminders go out. */
const SCHEDULE_FIELDS = new Set<keyof SettingsPatch>(["times", "activeDays", "timezone", "pauseEmails"]);

type Row = Pick<
  NonNullable<Awaited<ReturnType<Db["userSettings"]["findUnique"]>>>,
  "times" | "activeDays" | "durationPreference" | "pauseEmails" | "intensityLevel" | "movementPrefs" | "timezone"
> | null;

/** The settings entity of the spec, with its defaults for a user who has no row yet. */
export function toView(row: Row): SettingsView {
  return {
    times: row?.times.length ? row.times : [...DEFAULT_TIMES],
    activeDays: row?.activeDays ?? [...DEFAULT_ACTIVE_DAYS],
    durationPreference: normalizeDuration(row?.durationPreference ?? DEFAULT_DURATION),
    pauseEmails: row?.pauseEmails ?? false,
    intensityLevel: normalizeIntensity(row?.intensityLevel ?? DEFAULT_INTENSITY),
    movementPrefs: row?.movementPrefs ?? "",
    timezone: row?.timezone ?? "UTC",
  };
}

export async function getSettings(db: Db, userId: string): Promise<SettingsView> {
  return toView(await db.userSettings.findUnique({ where: { userId } }));
}

export async function isOnboardingComplete(db: Db, userId: string): Promise<boolean> {
  const row = await db.userSettings.findUnique({ where: { userId }, select: { onboardingCompleted: true } });
  return row?.onboardingCompleted ?? false;
}

/** Onboarding: stores the first schedule and marks onboarding complete. */
export async function completeSetup(db: Db, userId: string, data: SetupData, ip: string) {
  const values = { timezone: data.timezone, times: [...data.times], durationPreference: data.durationPreference };
  await db.$transaction(async (tx) => {
    await tx.userSettings.upsert({
      where: { userId },
      create: { userId, ...values, onboardingCompleted: true },
      update: { ...values, onboardingCompleted: true },
    });
    await rescheduleUser(tx, userId);
  });
  await auditSafely(db, { action: "onboarding_completed", userId, targetId: userId, ipAddress: ip });
}

/**
 * Applies a validated, normalised patch in one transaction and returns the names of the fields
 * that changed. The streak is first settled under the old schedule (finished days keep the rules
 * they had), and pausing or resuming opens or closes a pause period so streaks can tell paused
 * days apart.
 */
export async function applySettingsPatch(db: Db, userId: string, patch: SettingsPatch, now = new Date()) {
  await finalizeStreak(db, userId, now);
  return db.$transaction(async (tx) => {
    const current = toView(await tx.userSettings.findUnique({ where: { userId } }));
    const changed = (Object.keys(patch) as (keyof SettingsPatch)[]).filter(
      (k) => JSON.stringify(patch[k]) !== JSON.stringify(current[k]),
    );
    if (changed.length === 0) return changed;
    await tx.userSettings.upsert({ where: { userId }, create: { userId, ...current, ...patch }, update: patch });
    if (changed.includes("pauseEmails")) {
      if (patch.pauseEmails) await tx.pausePeriod.create({ data: { userId, startedAt: now } });
      else await tx.pausePeriod.updateMany({ where: { userId, endedAt: null }, data: { endedAt: now } });
    }
    if (changed.some((k) => SCHEDULE_FIELDS.has(k))) await rescheduleUser(tx, userId, now);
    return changed;
  });
}

/** PUT /api/user/settings: applies the patch and records which fields changed (never their text). */
export async function updateSettings(db: Db, userId: string, patch: SettingsPatch, ip: string, now = new Date()) {
  const changed = await applySettingsPatch(db, userId, patch, now);
  if (changed.length > 0) {
    await auditSafely(db, { action: "settings_updated", userId, targetId: userId, ipAddress: ip, details: { fields: changed } });
  }
  return changed;
}

/** Pauses or resumes a user's e-mails (admin console, one-click unsubscribe). Returns whether it changed. */
export async function setPaused(db: Db, userId: string, paused: boolean, now = new Date()) {
  return (await applySettingsPatch(db, userId, { pauseEmails: paused }, now)).length > 0;
}
