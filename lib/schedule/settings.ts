// Validation and save-time normalisation for the user's schedule settings.
// Split in two steps on purpose: the zod schemas reject what a user must fix (with a message
// fit to show them), while normalizeSettingsUpdate quietly maps odd-but-harmless values
// (an unknown duration or intensity, an empty zone) onto the product defaults.
import { z } from "@/lib/zod";
import {
  DEFAULT_DURATION,
  DEFAULT_INTENSITY,
  DEFAULT_TIMES,
  DURATIONS,
  INTENSITIES,
  MAX_PREFS_LENGTH,
  type Duration,
  type Intensity,
} from "./constants";
import { isValidTime, isValidTimeZone } from "./time";

export type UserSettings = {
  times: string[];
  activeDays: number[];
  durationPreference: Duration;
  intensityLevel: Intensity;
  movementPrefs: string;
  timezone: string;
  pauseEmails: boolean;
};

/** A partial update in the stored (camelCase) shape: absent keys are left untouched. */
export type SettingsPatch = Partial<UserSettings>;

export const SETTINGS_MESSAGES = {
  body: "Settings must be a JSON object",
  time: "Times must be in HH:MM format (00:00-23:59)",
  timesList: "Times must be a list of HH:MM times",
  tooManyTimes: "You can choose at most 2 reminder times",
  sameTimes: "The two reminder times must be different",
  setupTimes: "Choose exactly 2 reminder times",
  activeDay: "Active days must be numbers from 0 (Sunday) to 6 (Saturday)",
  tooManyDays: "You can choose at most 7 active days",
  duration: "Break length must be a number of minutes (5, 10 or 15)",
  pause: "Pause e-mails must be true or false",
  intensity: "Intensity must be low, medium or high",
  prefsType: "Movement preferences must be text",
  prefsChars: "Movement preferences contain characters that cannot be saved",
  prefsLength: `Movement preferences can be at most ${MAX_PREFS_LENGTH} characters`,
  timezoneType: "Timezone must be text",
  timezoneMissing: "Please choose a timezone",
  timezone: "Unknown timezone: please choose one from the list",
} as const;

/** Maps anything but 5, 10 or 15 minutes to the default (old clients, hand-made requests). */
export function normalizeDuration(n: number): Duration {
  return (DURATIONS as readonly number[]).includes(n) ? (n as Duration) : DEFAULT_DURATION;
}

/** Exact match only ("High" is not "high"): the UI sends the canonical values. */
export function normalizeIntensity(s: string): Intensity {
  return (INTENSITIES as readonly string[]).includes(s) ? (s as Intensity) : DEFAULT_INTENSITY;
}

// Building blocks. `error` covers both a missing value and a wrong type.
const timeSchema = z.string({ error: SETTINGS_MESSAGES.time }).refine(isValidTime, { error: SETTINGS_MESSAGES.time });

const weekdaySchema = z
  .number({ error: SETTINGS_MESSAGES.activeDay })
  .int({ error: SETTINGS_MESSAGES.activeDay })
  .min(0, { error: SETTINGS_MESSAGES.activeDay })
  .max(6, { error: SETTINGS_MESSAGES.activeDay });

const distinct = (times: readonly string[]) => new Set(times).size === times.length;

// Trimmed zone: "" is allowed here and becomes "UTC" at normalisation time.
const timezoneSchema = z
  .string({ error: (issue) => (issue.input === undefined ? SETTINGS_MESSAGES.timezoneMissing : SETTINGS_MESSAGES.timezoneType) })
  .trim()
  .refine((tz) => tz === "" || isValidTimeZone(tz), { error: SETTINGS_MESSAGES.timezone });

/**
 * PUT /api/user/settings payload (snake_case, every field optional). Unknown keys are dropped,
 * not rejected, so older/newer clients keep working; wrong types are rejected.
 */
export const settingsUpdateSchema = z.object(
  {
    times: z
      .array(timeSchema, { error: SETTINGS_MESSAGES.timesList })
      .max(2, { error: SETTINGS_MESSAGES.tooManyTimes })
      .refine(distinct, { error: SETTINGS_MESSAGES.sameTimes }),
    active_days: z
      .array(weekdaySchema, { error: SETTINGS_MESSAGES.activeDay })
      // Checked before de-duplication: a legitimate client never sends more than 7 entries,
      // and this bounds the work done on a hostile payload.
      .max(7, { error: SETTINGS_MESSAGES.tooManyDays })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    duration_preference: z.number({ error: SETTINGS_MESSAGES.duration }),
    pause_emails: z.boolean({ error: SETTINGS_MESSAGES.pause }),
    intensity_level: z.string({ error: SETTINGS_MESSAGES.intensity }),
    // Length counted in characters (code points), so an emoji counts once, as a user would count it.
    movement_prefs: z
      .string({ error: SETTINGS_MESSAGES.prefsType })
      // Control characters (PostgreSQL refuses U+0000) and lone surrogates cannot be stored: say so
      // rather than silently changing what the user wrote.
      .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s) && s.isWellFormed(), {
        error: SETTINGS_MESSAGES.prefsChars,
      })
      .trim()
      .refine((s) => Array.from(s).length <= MAX_PREFS_LENGTH, { error: SETTINGS_MESSAGES.prefsLength }),
    timezone: timezoneSchema,
  },
  { error: SETTINGS_MESSAGES.body },
).partial();

export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;
export type ParsedSettingsUpdate = z.output<typeof settingsUpdateSchema>;

/**
 * Save-time normalisation of a parsed update into the stored shape. Times are stored as given
 * (snapping to the 5-minute grid is a UI concern). Absent fields stay absent.
 */
export function normalizeSettingsUpdate(parsed: ParsedSettingsUpdate): SettingsPatch {
  const patch: SettingsPatch = {};
  if (parsed.times !== undefined) patch.times = parsed.times.length > 0 ? [...parsed.times] : [...DEFAULT_TIMES];
  if (parsed.active_days !== undefined) patch.activeDays = [...parsed.active_days];
  if (parsed.duration_preference !== undefined) patch.durationPreference = normalizeDuration(parsed.duration_preference);
  if (parsed.pause_emails !== undefined) patch.pauseEmails = parsed.pause_emails;
  if (parsed.intensity_level !== undefined) patch.intensityLevel = normalizeIntensity(parsed.intensity_level);
  if (parsed.movement_prefs !== undefined) patch.movementPrefs = parsed.movement_prefs;
  if (parsed.timezone !== undefined) patch.timezone = parsed.timezone === "" ? "UTC" : parsed.timezone;
  return patch;
}

/** POST /api/user/setup payload (camelCase, all required): the onboarding form. */
export const setupSchema = z.object(
  {
    timezone: timezoneSchema.transform((tz) => (tz === "" ? "UTC" : tz)),
    times: z
      .array(timeSchema, { error: SETTINGS_MESSAGES.setupTimes })
      .length(2, { error: SETTINGS_MESSAGES.setupTimes })
      .refine(distinct, { error: SETTINGS_MESSAGES.sameTimes })
      .transform((t) => t as [string, string]),
    durationPreference: z.number({ error: SETTINGS_MESSAGES.duration }).transform(normalizeDuration),
  },
  { error: SETTINGS_MESSAGES.body },
);

export type SetupInput = z.input<typeof setupSchema>;
export type SetupData = z.output<typeof setupSchema>;

/** The message to show for a failed parse: the first issue is the one the user should fix first. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid settings";
}
