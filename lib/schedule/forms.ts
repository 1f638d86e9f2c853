// The Settings and onboarding forms' values and their payloads: plain code, no zod, so the pages
// that hold the forms ship it at once; the schemas that check them (./schemas) load when needed.
import { DEFAULT_TIMES, type Channel } from "./constants";
import type { SettingsUpdateInput, SetupInput } from "./settings";
import { snapTime } from "./clock";

/** The Settings form's values: the update payload's names, both times kept, and the reminder count. */
export type SettingsFormValues = {
  count: "1" | "2";
  times: [string, string];
  active_days: number[];
  duration_preference: number;
  intensity_level: string;
  movement_prefs: string;
  timezone: string;
  pause_emails: boolean;
  channels: Channel[];
  /** Left out by a form that does not show it: the saved value stays. */
  move_within_minutes?: number;
  /** While paused, the first day reminders resume ("YYYY-MM-DD"); "" until turned back on. Left out: unchanged. */
  resume_on?: string;
  /** The weekly recap e-mail; left out by a form that does not show it: unchanged. */
  weekly_recap_email?: boolean;
};

type CorePayload = Required<Omit<SettingsUpdateInput, "move_within_minutes" | "resume_on" | "weekly_recap_email">>;

/** The PUT /api/user/settings payload a Settings form stands for (times snapped, one or two). */
export function settingsPayload(values: SettingsFormValues): CorePayload & SettingsUpdateInput {
  const times = values.count === "1" ? [values.times[0]] : [...values.times];
  return {
    times: times.map(snapTime),
    active_days: [...values.active_days].sort((a, b) => a - b),
    duration_preference: values.duration_preference,
    pause_emails: values.pause_emails,
    intensity_level: values.intensity_level,
    movement_prefs: values.movement_prefs,
    timezone: values.timezone,
    channels: [...values.channels],
    ...(values.move_within_minutes !== undefined && { move_within_minutes: values.move_within_minutes }),
    // A resume day goes with a pause only; resuming (or pausing without one) clears it.
    ...(values.resume_on !== undefined && {
      resume_on: values.pause_emails && values.resume_on ? values.resume_on : null,
    }),
    ...(values.weekly_recap_email !== undefined && { weekly_recap_email: values.weekly_recap_email }),
  };
}

/** The second time to offer when the user switches to two reminders (never the first one again). */
export function defaultSecondTime(first: string): string {
  const [defaultFirst, defaultSecond] = DEFAULT_TIMES;
  return first === defaultSecond ? defaultFirst : defaultSecond;
}

/**
 * The onboarding form's values: the setup payload, every step's field present, both times kept
 * and the reminder count, as in Settings (one reminder: only the first time is sent).
 */
export type SetupFormValues = Required<SetupInput> & { count: "1" | "2"; times: [string, string] };

/** The setup payload the onboarding form stands for (times not yet snapped; one or two). */
export function setupPayload({ count, times, ...rest }: SetupFormValues): SetupInput {
  return { ...rest, times: count === "1" ? [times[0]] : [...times] };
}

/** The onboarding's steps and the fields each asks for (a step moves on when its fields pass). */
export const SETUP_STEPS = [
  ["count", "times.0", "times.1", "activeDays", "timezone"],
  ["durationPreference", "intensityLevel"],
  ["movementPrefs"],
] as const;
export type SetupStep = 1 | 2 | 3;
