// Settings shapes, the validation messages and the pure normalisers. Plain code, safe anywhere:
// the zod schemas built on them live in ./schemas (shared by the forms, their actions and the
// route handlers; not exported from the barrel, so pages that validate nothing ship no zod).
import {
  CHANNELS,
  DEFAULT_ACTIVE_DAYS,
  DEFAULT_CHANNELS,
  DEFAULT_DURATION,
  DEFAULT_INTENSITY,
  DEFAULT_MOVE_WITHIN_MINUTES,
  DEFAULT_TIMES,
  MAX_MOVE_WITHIN_MINUTES,
  MAX_RESUME_DAYS_AHEAD,
  DURATIONS,
  INTENSITIES,
  MAX_PREFS_LENGTH,
  type Channel,
  type Duration,
  type Intensity,
} from "./constants";
import { formatTime12 } from "./clock";

export type UserSettings = {
  times: string[];
  activeDays: number[];
  durationPreference: Duration;
  intensityLevel: Intensity;
  movementPrefs: string;
  timezone: string;
  pauseEmails: boolean;
  /** Where reminders go: "email", "push" or both, in that order. */
  channels: Channel[];
  /** How far a break may move to get out of a meeting (0: never moves). */
  moveWithinMinutes: number;
  /** While paused: the first local day ("YYYY-MM-DD") reminders go out again by themselves; null: until turned back on. */
  resumeOn: string | null;
  /** The weekly recap e-mail (issue 33): on by default. */
  weeklyRecapEmail: boolean;
};

/** A partial update in the stored (camelCase) shape: absent keys are left untouched. */
export type SettingsPatch = Partial<UserSettings>;

export const SETTINGS_MESSAGES = {
  body: "Settings must be a JSON object",
  time: "Times must be in HH:MM format (00:00-23:59)",
  timesList: "Times must be a list of HH:MM times",
  tooManyTimes: "You can choose at most 2 reminder times",
  noDays: "Select at least one day to receive reminders",
  setupTimes: "Choose 1 or 2 reminder times",
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
  channels: "Choose how to get reminders: by e-mail, by notification, or both",
  moveWithin: `How far a break may move must be a whole number of minutes from 0 to ${MAX_MOVE_WITHIN_MINUTES}`,
  resumeOn: "The day reminders resume must be a date (YYYY-MM-DD)",
  resumeWithoutPause: "A day to resume reminders needs reminders paused",
  resumeNotAhead: "The day reminders resume must be after today",
  resumeTooFar: `The day reminders resume must be within ${MAX_RESUME_DAYS_AHEAD} days`,
  weeklyRecapEmail: "Weekly recap e-mail must be true or false",
} as const;

/** A stored or sent list of channels in canonical order, duplicates and unknown names dropped. */
export function normalizeChannels(list: readonly string[]): Channel[] {
  return CHANNELS.filter((c) => list.includes(c));
}

/** A stored row's channels (the settings view and the dispatch read them alike): never none. */
export function storedChannels(list: readonly string[] | null | undefined): Channel[] {
  const channels = normalizeChannels(list ?? []);
  return channels.length > 0 ? channels : [...DEFAULT_CHANNELS];
}

/** Two reminders on one time (after snapping), named so the user knows which to move. */
export function sameTimesMessage(time: string): string {
  return `Both reminders are at ${formatTime12(time)}. Choose two different times.`;
}

/** Maps anything but 5, 10 or 15 minutes to the default (old clients, hand-made requests). */
export function normalizeDuration(n: number): Duration {
  return (DURATIONS as readonly number[]).includes(n) ? (n as Duration) : DEFAULT_DURATION;
}

/** Exact match only ("High" is not "high"): the UI sends the canonical values. */
export function normalizeIntensity(s: string): Intensity {
  return (INTENSITIES as readonly string[]).includes(s) ? (s as Intensity) : DEFAULT_INTENSITY;
}

/**
 * PUT /api/user/settings payload (snake_case, every field optional), as a client sends it. The
 * server's zod schema (./schemas) is checked against this type at compile time.
 */
export type SettingsUpdateInput = {
  times?: string[];
  active_days?: number[];
  duration_preference?: number;
  pause_emails?: boolean;
  intensity_level?: string;
  movement_prefs?: string;
  timezone?: string;
  channels?: string[];
  move_within_minutes?: number;
  resume_on?: string | null;
  weekly_recap_email?: boolean;
};

/**
 * POST /api/user/setup payload (camelCase): the spec's three fields are required (one or two
 * times); active days, intensity and preferences (asked by the onboarding's later steps) are
 * optional.
 */
export type SetupInput = {
  timezone: string;
  times: string[];
  durationPreference: number;
  activeDays?: number[];
  intensityLevel?: string;
  movementPrefs?: string;
};

// ---- the settings as the app reads them -------------------------------------------------------
// The stored row with the product's defaults filled in: one function, so the dashboard, history,
// export, calendar and settings code all read settings alike without importing one another.

export type SettingsView = UserSettings;

/** The stored row's fields that make the view (a user without a row yet: null). */
type Row = {
  times: string[];
  activeDays: number[];
  durationPreference: number;
  pauseEmails: boolean;
  intensityLevel: string;
  movementPrefs: string;
  timezone: string;
  channels?: string[] | null;
  moveWithinMinutes?: number;
  resumeOn?: string | null;
  weeklyRecapEmail?: boolean;
} | null;

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
    channels: storedChannels(row?.channels),
    moveWithinMinutes: row?.moveWithinMinutes ?? DEFAULT_MOVE_WITHIN_MINUTES,
    // A resume day belongs to a pause; without one it means nothing.
    resumeOn: row?.pauseEmails ? (row?.resumeOn ?? null) : null,
    weeklyRecapEmail: row?.weeklyRecapEmail ?? true,
  };
}
