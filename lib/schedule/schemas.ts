// The schedule schemas, shared by the settings and onboarding forms (react-hook-form's resolver,
// in the browser), their server actions and the route handlers: one set of rules and messages.
// Split in two steps on purpose: the schemas reject what a user must fix (with a message fit to
// show them, from SETTINGS_MESSAGES), while normalizeSettingsUpdate quietly maps odd-but-harmless
// values (an unknown duration or intensity, an empty zone) onto the product defaults.
import * as z from "@/lib/zod";
import { CHANNELS, DEFAULT_TIMES, MAX_MOVE_WITHIN_MINUTES, MAX_PREFS_LENGTH } from "./constants";
import {
  normalizeChannels,
  normalizeDuration,
  normalizeIntensity,
  sameTimesMessage,
  SETTINGS_MESSAGES,
  type SettingsPatch,
  type SettingsUpdateInput,
  type SetupInput,
} from "./settings";
import { settingsPayload, setupPayload, type SettingsFormValues, type SetupFormValues } from "./forms";
import { isCalendarDate, isValidTime, isValidTimeZone, snapTime } from "./clock";

export type { SettingsFormValues, SetupFormValues };

// Building blocks. `error` covers both a missing value and a wrong type.
const timeSchema = z
  .string({ error: SETTINGS_MESSAGES.time })
  .check(z.refine(isValidTime, { error: SETTINGS_MESSAGES.time }));

const weekdaySchema = z
  .number({ error: SETTINGS_MESSAGES.activeDay })
  .check(
    z.int({ error: SETTINGS_MESSAGES.activeDay }),
    z.gte(0, { error: SETTINGS_MESSAGES.activeDay }),
    z.lte(6, { error: SETTINGS_MESSAGES.activeDay }),
  );

const distinct = (times: readonly string[]) => new Set(times).size === times.length;

/** `min` to 2 distinct times; a repeat is named in the message. */
function timesList(min: 0 | 1, sizeMessage: string) {
  return z.array(timeSchema, { error: min > 0 ? sizeMessage : SETTINGS_MESSAGES.timesList }).check(
    ...(min > 0 ? [z.minLength(min, { error: sizeMessage })] : []),
    z.maxLength(2, { error: sizeMessage }),
    // On the second time: that is the one to move (the first one keeps its place).
    z.refine(distinct, { path: [1], error: (issue) => sameTimesMessage(String((issue.input as string[])[0])) }),
  );
}

/** At least one and at most 7 weekdays, de-duplicated and sorted. */
const activeDaysSchema = z.pipe(
  z
    .array(weekdaySchema, { error: SETTINGS_MESSAGES.activeDay })
    // Checked before de-duplication: a legitimate client never sends more than 7 entries, and
    // this bounds the work done on a hostile payload.
    .check(
      z.maxLength(7, { error: SETTINGS_MESSAGES.tooManyDays }),
      z.minLength(1, { error: SETTINGS_MESSAGES.noDays }),
    ),
  z.transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

// Length counted in characters (code points), so an emoji counts once, as a user would count it.
const prefsSchema = z.string({ error: SETTINGS_MESSAGES.prefsType }).check(
  // Control characters (PostgreSQL refuses U+0000) and lone surrogates cannot be stored: say so
  // rather than silently changing what the user wrote.
  z.refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s) && s.isWellFormed(), {
    error: SETTINGS_MESSAGES.prefsChars,
  }),
  z.trim(),
  z.refine((s) => Array.from(s).length <= MAX_PREFS_LENGTH, { error: SETTINGS_MESSAGES.prefsLength }),
);

/** One or both of "email" and "push"; stored in canonical order without repeats. */
const channelsSchema = z.pipe(
  // Checked as a whole, so the one message sits on the field (not on "channels.0").
  z.array(z.string({ error: SETTINGS_MESSAGES.channels }), { error: SETTINGS_MESSAGES.channels }).check(
    z.minLength(1, { error: SETTINGS_MESSAGES.channels }),
    z.maxLength(CHANNELS.length * 2, { error: SETTINGS_MESSAGES.channels }),
    z.refine((list) => list.every((c) => (CHANNELS as readonly string[]).includes(c)), {
      error: SETTINGS_MESSAGES.channels,
    }),
  ),
  z.transform((list) => normalizeChannels(list)),
);

// Trimmed zone: "" is allowed here and becomes "UTC" at normalisation time.
const timezoneSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? SETTINGS_MESSAGES.timezoneMissing : SETTINGS_MESSAGES.timezoneType),
  })
  .check(
    z.trim(),
    z.refine((tz) => tz === "" || isValidTimeZone(tz), { error: SETTINGS_MESSAGES.timezone }),
  );

/**
 * PUT /api/user/settings payload (snake_case, every field optional). Unknown keys are dropped,
 * not rejected, so older/newer clients keep working; wrong types are rejected.
 */
export const settingsUpdateSchema = z.partial(
  z.object(
    {
      times: timesList(0, SETTINGS_MESSAGES.tooManyTimes),
      active_days: activeDaysSchema,
      duration_preference: z.number({ error: SETTINGS_MESSAGES.duration }),
      pause_emails: z.boolean({ error: SETTINGS_MESSAGES.pause }),
      intensity_level: z.string({ error: SETTINGS_MESSAGES.intensity }),
      movement_prefs: prefsSchema,
      timezone: timezoneSchema,
      channels: channelsSchema,
      move_within_minutes: z
        .number({ error: SETTINGS_MESSAGES.moveWithin })
        .check(
          z.int({ error: SETTINGS_MESSAGES.moveWithin }),
          z.gte(0, { error: SETTINGS_MESSAGES.moveWithin }),
          z.lte(MAX_MOVE_WITHIN_MINUTES, { error: SETTINGS_MESSAGES.moveWithin }),
        ),
      weekly_recap_email: z.boolean({ error: SETTINGS_MESSAGES.weeklyRecapEmail }),
      // A date; whether it may be used (paused, after today in the user's zone) is the save's check.
      resume_on: z.nullable(
        z
          .string({ error: SETTINGS_MESSAGES.resumeOn })
          .check(z.refine(isCalendarDate, { error: SETTINGS_MESSAGES.resumeOn })),
      ),
    },
    { error: SETTINGS_MESSAGES.body },
  ),
);

export type ParsedSettingsUpdate = z.output<typeof settingsUpdateSchema>;

/**
 * Save-time normalisation of a parsed update into the stored shape. Times are stored as given
 * (the forms snap them to the 5-minute grid before validating). Absent fields stay absent.
 */
export function normalizeSettingsUpdate(parsed: ParsedSettingsUpdate): SettingsPatch {
  const patch: SettingsPatch = {};
  if (parsed.times !== undefined) patch.times = parsed.times.length > 0 ? [...parsed.times] : [...DEFAULT_TIMES];
  if (parsed.active_days !== undefined) patch.activeDays = [...parsed.active_days];
  if (parsed.duration_preference !== undefined)
    patch.durationPreference = normalizeDuration(parsed.duration_preference);
  if (parsed.pause_emails !== undefined) patch.pauseEmails = parsed.pause_emails;
  if (parsed.intensity_level !== undefined) patch.intensityLevel = normalizeIntensity(parsed.intensity_level);
  if (parsed.movement_prefs !== undefined) patch.movementPrefs = parsed.movement_prefs;
  if (parsed.timezone !== undefined) patch.timezone = parsed.timezone === "" ? "UTC" : parsed.timezone;
  if (parsed.channels !== undefined) patch.channels = [...parsed.channels];
  if (parsed.move_within_minutes !== undefined) patch.moveWithinMinutes = parsed.move_within_minutes;
  if (parsed.resume_on !== undefined) patch.resumeOn = parsed.resume_on;
  if (parsed.weekly_recap_email !== undefined) patch.weeklyRecapEmail = parsed.weekly_recap_email;
  return patch;
}

/**
 * POST /api/user/setup payload (camelCase): the spec's timezone, times (one or two, as Settings'
 * reminders per day) and duration, plus the onboarding's optional active days, intensity and
 * preferences.
 */
export const setupSchema = z.object(
  {
    timezone: z.pipe(
      timezoneSchema,
      z.transform((tz) => (tz === "" ? "UTC" : tz)),
    ),
    times: timesList(1, SETTINGS_MESSAGES.setupTimes),
    durationPreference: z.pipe(z.number({ error: SETTINGS_MESSAGES.duration }), z.transform(normalizeDuration)),
    activeDays: z.optional(activeDaysSchema),
    intensityLevel: z.optional(
      z.pipe(z.string({ error: SETTINGS_MESSAGES.intensity }), z.transform(normalizeIntensity)),
    ),
    movementPrefs: z.optional(prefsSchema),
  },
  { error: SETTINGS_MESSAGES.body },
);

export type SetupData = z.output<typeof setupSchema>;

/** The message to show for a failed parse: the first issue is the one the user should fix first. */
export function firstIssueMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid settings";
}

// ---- the forms (./forms) -------------------------------------------------------------------------
// The forms hold what their inputs hold; these schemas snap the times (as the time fields do on
// blur) and then apply the call's own schema, so the browser, the action and the route handler
// accept and refuse exactly the same things.

export const settingsFormSchema = z.pipe(
  z.transform((values: SettingsFormValues): SettingsUpdateInput => settingsPayload(values)),
  settingsUpdateSchema,
);

export const setupFormSchema = z.pipe(
  z.transform((v: SetupFormValues): SetupInput => {
    const payload = setupPayload(v);
    return { ...payload, times: payload.times.map(snapTime) };
  }),
  setupSchema,
);

// The plain payload types the browser uses must stay what the schemas accept.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const payloadTypesMatch: [
  Same<SettingsUpdateInput, z.input<typeof settingsUpdateSchema>>,
  Same<SetupInput, z.input<typeof setupSchema>>,
] = [true, true];
void payloadTypesMatch;
