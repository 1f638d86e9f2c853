"use client";

import { useFormContext } from "react-hook-form";
import { DurationField, IntensityField, PreferencesField } from "@/components/schedule/break-fields";
import type { SettingsFormValues } from "@/lib/schedule/forms";

/** The Movement Preferences section's fields (its card is drawn by the page, on the server). */
export function MovementPreferencesFields() {
  const { control } = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <>
      <DurationField control={control} name="duration_preference" />
      <IntensityField control={control} name="intensity_level" />
      <PreferencesField control={control} name="movement_prefs" />
    </>
  );
}
