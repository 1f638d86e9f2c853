"use client";

import { useFormContext } from "react-hook-form";
import { WhenFields } from "@/components/schedule/schedule-fields";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/native-select";
import type { SettingsFormValues } from "@/lib/schedule/forms";
import { DEFAULT_MOVE_WITHIN_MINUTES } from "@/lib/schedule/constants";

const TIME_LABELS = ["First reminder", "Second reminder"] as const;

/** How far a break may move around a meeting (0 turns moving off; at most 3 hours). */
const MOVE_WITHIN_CHOICES = [
  [0, "Don't move my breaks"],
  [15, "Move up to 15 minutes"],
  [30, "Move up to 30 minutes"],
  [60, "Move up to 1 hour"],
  [90, "Move up to 1½ hours"],
  [120, "Move up to 2 hours"],
  [180, "Move up to 3 hours"],
] as const;

/** The choices, with a value saved through the API that is not one of them kept as its own. */
function moveWithinChoices(value: number | undefined): (readonly [number, string])[] {
  if (value === undefined || MOVE_WITHIN_CHOICES.some(([m]) => m === value)) return [...MOVE_WITHIN_CHOICES];
  return [...MOVE_WITHIN_CHOICES, [value, `Move up to ${value} minutes`] as const].sort((a, b) => a[0] - b[0]);
}

/**
 * The Break Schedule section's fields (its card is drawn by the page, on the server): onboarding's
 * first step, drawn by the same component, then "Around meetings".
 */
export function BreakScheduleFields() {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <>
      <WhenFields<SettingsFormValues> days="active_days" timezone="timezone" timeLabels={TIME_LABELS} />
      <FormField
        control={form.control}
        name="move_within_minutes"
        render={({ field }) => (
          <FormItem described className="sm:max-w-sm">
            <FormLabel>Around meetings</FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                value={String(field.value ?? DEFAULT_MOVE_WITHIN_MINUTES)}
                onChange={(e) => field.onChange(Number(e.target.value))}
                onBlur={field.onBlur}
              >
                {moveWithinChoices(field.value).map(([minutes, text]) => (
                  <option key={minutes} value={minutes}>
                    {text}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormDescription>How far breaks may move for meetings.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
