// Reading and changing a user's schedule settings. Route handlers stay thin and call these.
import type { Db } from "@/lib/db";
import { auditSafely } from "@/lib/platform/audit";
import { auditCoalesced } from "@/lib/platform/audit-coalesce";
import { enforce, MINUTE, type Limit } from "@/lib/platform/rate-limit";
import type { SettingsPatch } from "@/lib/schedule/settings";
import type { SetupData } from "@/lib/schedule/schemas";
import { rescheduleUser } from "@/lib/reminders/slots";
import { placeUpcoming } from "@/lib/calendar-source/placement";
import { finalizeStreak } from "@/lib/progress/streak";
import { FIRST_VERSION_FROM, type ScheduleFields } from "@/lib/schedule/stored-versions";
import { SETTINGS_MESSAGES, toView, type SettingsView } from "@/lib/schedule/settings";
import { MAX_RESUME_DAYS_AHEAD } from "@/lib/schedule/constants";
import { addDays, localDate, resolveTimeZone } from "@/lib/schedule/time";
import { InvalidInput } from "@/lib/errors";

/** Fields that decide when reminders go out. */
const SCHEDULE_FIELDS = new Set<keyof SettingsPatch>(["times", "activeDays", "timezone", "pauseEmails"]);
/** Fields that decide where a connected calendar's meetings put the coming breaks. */
const PLACEMENT_FIELDS = new Set<keyof SettingsPatch>([
  "times",
  "activeDays",
  "timezone",
  "durationPreference",
  "moveWithinMinutes",
]);
/** Fields that decide which breaks a day has: their history is kept (schedule_versions). */
const VERSIONED_FIELDS = new Set<keyof SettingsPatch>(["times", "activeDays", "timezone"]);

export async function getSettings(db: Db, userId: string): Promise<SettingsView> {
  return toView(await db.userSettings.findUnique({ where: { userId } }));
}

/**
 * Onboarding: stores the first schedule (and what the later steps asked) and marks onboarding
 * complete. The first schedule is the user's first version (in force since the epoch); setting up
 * again later is a schedule change like any other.
 */
export async function completeSetup(db: Db, userId: string, data: SetupData, ip: string, now = new Date()) {
  const values = {
    timezone: data.timezone,
    times: [...data.times],
    durationPreference: data.durationPreference,
    ...(data.activeDays !== undefined && { activeDays: [...data.activeDays] }),
    ...(data.intensityLevel !== undefined && { intensityLevel: data.intensityLevel }),
    ...(data.movementPrefs !== undefined && { movementPrefs: data.movementPrefs }),
  };
  await db.$transaction(async (tx) => {
    const before = await tx.userSettings.findUnique({ where: { userId } });
    await tx.userSettings.upsert({
      where: { userId },
      create: { userId, ...values, onboardingCompleted: true },
      update: { ...values, onboardingCompleted: true },
    });
    const after = toView(await tx.userSettings.findUnique({ where: { userId } }));
    await recordScheduleVersion(tx, userId, before?.onboardingCompleted ? toView(before) : null, after, now);
    await rescheduleUser(tx, userId, now, before?.onboardingCompleted ? toView(before) : undefined);
  });
  await auditSafely(db, { action: "onboarding_completed", userId, targetId: userId, ipAddress: ip });
}

/**
 * Applies a validated, normalised patch in one transaction and returns the names of the fields
 * that changed. A change of times, days or timezone is recorded as a schedule version from `now`
 * (days already begun keep the breaks they had: lib/schedule/versions.ts); the streak is settled
 * first. Pausing or resuming opens or closes a pause period so streaks can tell paused days apart.
 */
export async function applySettingsPatch(db: Db, userId: string, input: SettingsPatch, now = new Date()) {
  await finalizeStreak(db, userId, now);
  const changed = await db.$transaction(async (tx) => {
    const current = toView(await tx.userSettings.findUnique({ where: { userId } }));
    const patch = withResumeDay(input, current, now);
    const changed = (Object.keys(patch) as (keyof SettingsPatch)[]).filter(
      (k) => JSON.stringify(patch[k]) !== JSON.stringify(current[k]),
    );
    if (changed.length === 0) return changed;
    await tx.userSettings.upsert({ where: { userId }, create: { userId, ...current, ...patch }, update: patch });
    if (changed.includes("pauseEmails")) {
      if (patch.pauseEmails) await tx.pausePeriod.create({ data: { userId, startedAt: now } });
      else await tx.pausePeriod.updateMany({ where: { userId, endedAt: null }, data: { endedAt: now } });
    }
    if (changed.some((k) => VERSIONED_FIELDS.has(k)))
      await recordScheduleVersion(tx, userId, current, { ...current, ...patch }, now);
    if (changed.some((k) => SCHEDULE_FIELDS.has(k))) await rescheduleUser(tx, userId, now, current);
    return changed;
  });
  // With a calendar connected, the coming breaks are placed again for the new schedule.
  if (changed.some((k) => PLACEMENT_FIELDS.has(k)) && (await db.calendarSource.count({ where: { userId } })) > 0)
    await placeUpcoming(db, userId, now);
  return changed;
}

/**
 * A pause's resume day is checked against the user's own today (in the zone they will have): it
 * needs the pause, and must come after today and within MAX_RESUME_DAYS_AHEAD. Resuming, or
 * pausing without a day, clears it.
 */
function withResumeDay(patch: SettingsPatch, current: SettingsView, now: Date): SettingsPatch {
  const paused = patch.pauseEmails ?? current.pauseEmails;
  if (!paused && typeof patch.resumeOn === "string")
    throw new InvalidInput({ resume_on: SETTINGS_MESSAGES.resumeWithoutPause });
  if (!paused) return current.resumeOn === null && patch.resumeOn === undefined ? patch : { ...patch, resumeOn: null };
  if (patch.pauseEmails === true && !current.pauseEmails && patch.resumeOn === undefined)
    return { ...patch, resumeOn: null };
  const day = patch.resumeOn;
  if (day === undefined || day === null) return patch;
  const today = localDate(now, resolveTimeZone(patch.timezone ?? current.timezone));
  if (day <= today) throw new InvalidInput({ resume_on: SETTINGS_MESSAGES.resumeNotAhead });
  if (day > addDays(today, MAX_RESUME_DAYS_AHEAD))
    throw new InvalidInput({ resume_on: SETTINGS_MESSAGES.resumeTooFar });
  return patch;
}

/** PUT /api/user/settings: applies the patch and records which fields changed (never their text). */
export async function updateSettings(db: Db, userId: string, patch: SettingsPatch, ip: string, now = new Date()) {
  await enforce(db, [settingsSaveLimit(userId)], SETTINGS_LIMIT_MESSAGE, {
    now: now.getTime(),
    audit: { action: "settings_rate_limited", userId, targetId: userId, ipAddress: ip },
  });
  const changed = await applySettingsPatch(db, userId, patch, now);
  if (changed.length > 0) {
    // One row per user per 10 minutes, with the count and every field changed in that window.
    await auditCoalesced(
      db,
      { action: "settings_updated", userId, targetId: userId, ipAddress: ip, details: { fields: changed } },
      now.getTime(),
    );
  }
  return changed;
}

/**
 * Saves per user: far above what a person does in Settings, low enough that a script cannot turn
 * saves into unbounded writes (schedule versions, slot rebuilds).
 */
export const settingsSaveLimit = (userId: string): Limit => ({
  key: `settings-save:${userId}`,
  max: 120,
  windowMs: 10 * MINUTE,
});
export const SETTINGS_LIMIT_MESSAGE = "Too many changes in a short time. Please wait a few minutes and try again.";

/**
 * Pauses (until turned back on) or resumes a user's e-mails (admin console, one-click unsubscribe,
 * a pause's resume day). Returns whether it changed.
 */
export async function setPaused(db: Db, userId: string, paused: boolean, now = new Date()) {
  return (await applySettingsPatch(db, userId, { pauseEmails: paused, resumeOn: null }, now)).includes("pauseEmails");
}

type Tx = Pick<Db, "scheduleVersion">;

const sameSchedule = (a: ScheduleFields, b: ScheduleFields) =>
  JSON.stringify([a.times, a.activeDays, a.timezone]) === JSON.stringify([b.times, b.activeDays, b.timezone]);

/**
 * Records a schedule that takes effect at `at`. A user without any version yet first gets
 * `before` (or, for a first setup, the new schedule itself) as the one in force since the epoch.
 * Nothing is written when the schedule did not change.
 */
export async function recordScheduleVersion(
  tx: Tx,
  userId: string,
  before: ScheduleFields | null,
  after: ScheduleFields,
  at: Date,
) {
  const fields = (s: ScheduleFields) => ({ times: [...s.times], activeDays: [...s.activeDays], timezone: s.timezone });
  const existing = await tx.scheduleVersion.findFirst({ where: { userId }, select: { effectiveFrom: true } });
  if (!existing) {
    await tx.scheduleVersion.create({
      data: { userId, effectiveFrom: FIRST_VERSION_FROM, ...fields(before ?? after) },
    });
    if (!before || sameSchedule(before, after)) return;
  } else if (before && sameSchedule(before, after)) {
    return;
  }
  await tx.scheduleVersion.upsert({
    where: { userId_effectiveFrom: { userId, effectiveFrom: at } },
    create: { userId, effectiveFrom: at, ...fields(after) },
    update: fields(after),
  });
}
