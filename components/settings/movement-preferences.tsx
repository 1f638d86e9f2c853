"use client";

import { useFormContext } from "react-hook-form";
import { PreferencesField } from "@/components/schedule/break-fields";
import { BreakKindFields } from "@/components/schedule/schedule-fields";
import type { SettingsFormValues } from "@/lib/schedule/forms";

/** The Movement Preferences section's fields (its card is drawn by the page, on the server). */
export function MovementPreferencesFields() {
  const { control } = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <>
      <BreakKindFields<SettingsFormValues> duration="duration_preference" intensity="intensity_level" />
      <PreferencesField control={control} name="movement_prefs" hint="E.g. standing desk, sore knee." rows={2} />
    </>
  );
}
