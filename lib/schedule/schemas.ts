// Validation and save-time normalisation of the user's schedule settings: SERVER ONLY (route
// handlers and server modules import this file directly; it is deliberately not exported from the
// `@/lib/schedule` barrel, which client components use, so zod never reaches the browser).
// Split in two steps on purpose: the zod schemas reject what a user must fix (with a message
// fit to show them, from SETTINGS_MESSAGES), while normalizeSettingsUpdate quietly maps
// odd-but-harmless values (an unknown duration or intensity, an empty zone) onto the product defaults.
import "server-only";
import { z } from "zod";
import { DEFAULT_TIMES, MAX_PREFS_LENGTH } from "./constants";
import {
  normalizeDuration,
  normalizeIntensity,
  SETTINGS_MESSAGES,
  type SettingsPatch,
  type SettingsUpdateInput,
  type SetupInput,
} from "./settings";
import { isValidTime, isValidTimeZone } from "./time";

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

export type SetupData = z.output<typeof setupSchema>;

/** The message to show for a failed parse: the first issue is the one the user should fix first. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid settings";
}

// The plain payload types the browser uses must stay what the schemas accept.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const payloadTypesMatch: [Same<SettingsUpdateInput, z.input<typeof settingsUpdateSchema>>, Same<SetupInput, z.input<typeof setupSchema>>] = [
  true,
  true,
];
void payloadTypesMatch;
