"use client";

import { useFormContext } from "react-hook-form";
import { DurationField, IntensityField, PreferencesField } from "@/components/schedule/break-fields";
import type { SettingsFormValues } from "@/lib/schedule/forms";

/** The Movement Preferences section's fields (its card is drawn by the page, on the server). */
export function MovementPreferencesFields() {
  const { control } = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <>
      {/* From 768 px duration and intensity side by side; three compact choices each at every width. */}
      <div className="grid gap-5 md:grid-cols-2 md:gap-6">
        <DurationField control={control} name="duration_preference" compact />
        <IntensityField control={control} name="intensity_level" compact />
      </div>
      <PreferencesField control={control} name="movement_prefs" hint="E.g. standing desk, sore knee." rows={2} />
    </>
  );
}
