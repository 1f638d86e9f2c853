// Product constants for break scheduling. Kept together so the settings API, the
// scheduler and the UI can never disagree about defaults or allowed values.

/** Local reminder times a new user gets ("HH:MM", 24h): mid-morning and mid-afternoon. */
export const DEFAULT_TIMES = ["10:00", "15:00"] as const;

/** Monday-Friday (0 = Sunday): Limber is for desk workers, so weekends are off by default. */
export const DEFAULT_ACTIVE_DAYS = [1, 2, 3, 4, 5] as const;

/** Break lengths in minutes that we have content for. */
export const DURATIONS = [5, 10, 15] as const;
export type Duration = (typeof DURATIONS)[number];
export const DEFAULT_DURATION: Duration = 5;

export const INTENSITIES = ["low", "medium", "high"] as const;
export type Intensity = (typeof INTENSITIES)[number];
export const DEFAULT_INTENSITY: Intensity = "medium";

/**
 * How reminders reach the user: e-mail, break notifications on their devices (Web Push), or both.
 * E-mail alone by default: notifications need each device to be turned on first.
 */
export const CHANNELS = ["email", "push"] as const;
export type Channel = (typeof CHANNELS)[number];
export const DEFAULT_CHANNELS: readonly Channel[] = ["email"];

/**
 * How far a break may move to get out of a meeting in the user's own calendar (issue 31): 0 turns
 * moving off; an hour by default, three at most.
 */
export const DEFAULT_MOVE_WITHIN_MINUTES = 60;
export const MAX_MOVE_WITHIN_MINUTES = 180;

/** A pause with an end ("resume on") reaches at most this many days ahead. */
export const MAX_RESUME_DAYS_AHEAD = 366;

/** Free-text movement preferences are capped so e-mails and prompts stay small. */
export const MAX_PREFS_LENGTH = 200;

/** How many exercises one break contains, by its length in minutes. */
export const EXERCISES_PER_DURATION = { 5: 1, 10: 2, 15: 3 } as const satisfies Record<Duration, number>;

/**
 * The zones the settings picker offers (any valid IANA zone is still accepted by the API).
 * One or two per populated offset so that auto-detection can usually land on an exact entry.
 */
export const OFFERED_TIMEZONES = [
  "UTC",
  "America/Toronto",
  "America/New_York",
  "America/Chicago",
  "America/Edmonton",
  "America/Denver",
  "America/Vancouver",
  "America/Los_Angeles",
  "America/St_Johns",
  "America/Halifax",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Moscow",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
] as const;

/** `step` for <input type="time">: reminders are picked on a 5-minute grid. */
export const TIME_STEP_SECONDS = 300;

/**
 * A break counts as due for this long after its scheduled instant. The sender runs more often
 * than this, so a late or skipped run still sends it; de-duplication is the sender's job.
 */
export const REMINDER_WINDOW_MINUTES = 30;
