// Local form state of the Settings screen and its mapping to and from the API shapes.
import {
  DEFAULT_TIMES,
  snapTime,
  type Duration,
  type Intensity,
  type SettingsUpdateInput,
  type UserSettings,
} from "@/lib/schedule";

/** GET /api/user/settings. */
export type SettingsData = UserSettings;

export type ReminderCount = 1 | 2;

export type SettingsForm = {
  count: ReminderCount;
  /** Both times are kept while one reminder is chosen, so switching back restores the second. */
  times: [string, string];
  activeDays: number[];
  duration: Duration;
  intensity: Intensity;
  movementPrefs: string;
  timezone: string;
  pauseEmails: boolean;
};

const [DEFAULT_FIRST, DEFAULT_SECOND] = DEFAULT_TIMES;

export function toForm(data: SettingsData): SettingsForm {
  const first = data.times[0] ?? DEFAULT_FIRST;
  const second = data.times[1] ?? "";
  return {
    count: data.times.length >= 2 ? 2 : 1,
    times: [first, second],
    activeDays: [...data.activeDays].sort((a, b) => a - b),
    duration: data.durationPreference,
    intensity: data.intensityLevel,
    movementPrefs: data.movementPrefs,
    timezone: data.timezone,
    pauseEmails: data.pauseEmails,
  };
}

/** The second time to show when the user switches back to two reminders. */
export function defaultSecondTime(first: string): string {
  // The API rejects two equal times, so avoid proposing the first one again.
  return first === DEFAULT_SECOND ? DEFAULT_FIRST : DEFAULT_SECOND;
}

/** PUT /api/user/settings payload (snake_case). Times are snapped here too, in case a field never blurred. */
export function toPayload(form: SettingsForm): SettingsUpdateInput {
  const times = form.count === 1 ? [form.times[0]] : [...form.times];
  return {
    times: times.map(snapTime),
    active_days: [...form.activeDays].sort((a, b) => a - b),
    duration_preference: form.duration,
    pause_emails: form.pauseEmails,
    intensity_level: form.intensity,
    movement_prefs: form.movementPrefs,
    timezone: form.timezone,
  };
}

/** Same payload, so saving would change nothing. */
export function samePayload(a: SettingsForm, b: SettingsForm): boolean {
  return JSON.stringify(toPayload(a)) === JSON.stringify(toPayload(b));
}

export const DAYS = [
  { value: 0, short: "Sun", name: "Sunday" },
  { value: 1, short: "Mon", name: "Monday" },
  { value: 2, short: "Tue", name: "Tuesday" },
  { value: 3, short: "Wed", name: "Wednesday" },
  { value: 4, short: "Thu", name: "Thursday" },
  { value: 5, short: "Fri", name: "Friday" },
  { value: 6, short: "Sat", name: "Saturday" },
] as const;
