"use server";

import type { SettingsFormValues } from "@/lib/schedule/forms";
import { normalizeSettingsUpdate, settingsFormSchema } from "@/lib/schedule/schemas";
import { getSettings, updateSettings } from "@/lib/users/settings-store";
import type { SettingsView } from "@/lib/schedule/settings";
import type { Channel } from "@/lib/schedule/constants";
import type { SettingsPatch } from "@/lib/schedule/settings";
import { days, num, text } from "./form-data";
import { userAction } from "./client";
import type { FormState } from "./types";

export type SaveSettingsState = FormState<
  { changed: (keyof SettingsPatch)[]; settings: SettingsView },
  SettingsFormValues
>;

function valuesOf(form: FormData): SettingsFormValues {
  return {
    count: text(form, "count") === "1" ? "1" : "2",
    times: [text(form, "times.0"), text(form, "times.1")],
    active_days: days(form, "active_days"),
    duration_preference: num(form, "duration_preference"),
    intensity_level: text(form, "intensity_level"),
    movement_prefs: text(form, "movement_prefs"),
    timezone: text(form, "timezone"),
    pause_emails: form.has("pause_emails"),
    // One radio: "email", "push" or "email,push" (the schema refuses anything else).
    channels: text(form, "channels").split(",").filter(Boolean) as Channel[],
    // Fields a page may not show: left out, the saved values stay.
    ...(form.has("move_within_minutes") && { move_within_minutes: num(form, "move_within_minutes") }),
    ...(form.has("resume_on") && { resume_on: text(form, "resume_on") }),
    // A checkbox posts only when ticked: the hidden "weekly_recap_email_shown" says the form had it.
    ...(form.has("weekly_recap_email_shown") && { weekly_recap_email: form.has("weekly_recap_email") }),
  };
}

/** Settings' Save Changes (PUT /api/user/settings): validates everything before writing anything. */
export const saveSettings = userAction.form(
  { values: valuesOf, schema: settingsFormSchema },
  async (input, { db, user, ip }) => {
    const changed = await updateSettings(db, user.id, normalizeSettingsUpdate(input), ip);
    return { changed, settings: await getSettings(db, user.id) };
  },
);
