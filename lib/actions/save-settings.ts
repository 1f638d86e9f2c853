"use server";

import type { SettingsFormValues } from "@/lib/schedule/forms";
import { normalizeSettingsUpdate, settingsFormSchema } from "@/lib/schedule/schemas";
import { getSettings, updateSettings } from "@/lib/users/settings";
import type { SettingsView } from "@/lib/users/settings-view";
import type { Channel, SettingsPatch } from "@/lib/schedule";
import { days, num, text } from "./form-data";
import { parseInput, requireActionUser, runAction } from "./safe-action";
import type { FormState } from "./types";

export type SaveSettingsState = FormState<{ changed: (keyof SettingsPatch)[]; settings: SettingsView }, SettingsFormValues>;

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
  };
}

/** Settings' Save Changes (PUT /api/user/settings): validates everything before writing anything. */
export async function saveSettings(_prev: SaveSettingsState, form: FormData): Promise<SaveSettingsState> {
  const values = valuesOf(form);
  const result = await runAction(async () => {
    const { db, user, ip } = await requireActionUser();
    const patch = normalizeSettingsUpdate(parseInput(settingsFormSchema, values));
    const changed = await updateSettings(db, user.id, patch, ip);
    return { changed, settings: await getSettings(db, user.id) };
  });
  return { ...result, values };
}
