// The Settings form's values from the settings as read (GET /api/user/settings), and the days.
import { DEFAULT_TIMES } from "@/lib/schedule/constants";
import type { UserSettings } from "@/lib/schedule/settings";
import { defaultSecondTime, type SettingsFormValues } from "@/lib/schedule/forms";
import { NETWORK_FAILURE } from "@/components/forms/use-form-action";
import type { SaveSettingsState } from "@/lib/actions/save-settings";

/** GET /api/user/settings. */
export type SettingsData = UserSettings;

const [DEFAULT_FIRST] = DEFAULT_TIMES;

export function toFormValues(data: SettingsData): SettingsFormValues {
  const first = data.times[0] ?? DEFAULT_FIRST;
  return {
    count: data.times.length >= 2 ? "2" : "1",
    // Both times are kept while one reminder is chosen, so switching back shows a second one.
    times: [first, data.times[1] ?? defaultSecondTime(first)],
    active_days: [...data.activeDays].sort((a, b) => a - b),
    duration_preference: data.durationPreference,
    intensity_level: data.intensityLevel,
    movement_prefs: data.movementPrefs,
    timezone: data.timezone,
    pause_emails: data.pauseEmails,
    channels: [...data.channels],
    move_within_minutes: data.moveWithinMinutes,
    resume_on: data.resumeOn ?? "",
    weekly_recap_email: data.weeklyRecapEmail,
  };
}

/**
 * The settings form's id: a field drawn outside it (Around meetings, in the Calendar card, which has
 * forms of its own) belongs to it through its `form` attribute, so it is posted with it, with or
 * without scripts.
 */
export const SETTINGS_FORM_ID = "settings-form";

/** What to do, for the Save bar's "Not saved." after a refused or failed save ("" when it did not fail). */
export function saveFailedText(result: SaveSettingsState): string {
  if (result.ok !== false) return "";
  if (result.status === NETWORK_FAILURE.status) return "Check your connection, then try again.";
  if (result.fieldErrors && Object.keys(result.fieldErrors).length > 0) return "Fix the marked fields, then try again.";
  return "Please try again.";
}
