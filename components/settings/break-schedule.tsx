"use client";

import { useFormContext } from "react-hook-form";
import { ActiveDaysField } from "@/components/schedule/break-fields";
import { ReminderCountField, SECOND_TIME_CLASS } from "@/components/schedule/reminder-count-field";
import { TimeField } from "@/components/schedule/time-field";
import { TimezoneField } from "@/components/schedule/timezone-field";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/native-select";
import type { SettingsFormValues } from "@/lib/schedule/forms";
import { DEFAULT_MOVE_WITHIN_MINUTES } from "@/lib/schedule/constants";

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
 * The Break Schedule section's fields (its card is drawn by the page, on the server): from 768 px
 * two columns (reminders per day beside their times, the timezone beside "Around meetings").
 */
export function BreakScheduleFields() {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <>
      <div className="grid gap-5 md:grid-cols-2 md:gap-6">
        <ReminderCountField />

        <div className="grid grid-cols-2 gap-3 md:self-end">
          <TimeField control={form.control} name="times.0" label="First reminder" />
          <TimeField control={form.control} name="times.1" label="Second reminder" className={SECOND_TIME_CLASS} />
        </div>
      </div>

      <ActiveDaysField control={form.control} name="active_days" compact />

      <div className="grid gap-5 md:grid-cols-2 md:gap-6">
        <TimezoneField control={form.control} name="timezone" compact />

        <FormField
          control={form.control}
          name="move_within_minutes"
          render={({ field }) => (
            <FormItem described>
              <div className="flex min-h-6 items-center">
                <FormLabel>Around meetings</FormLabel>
              </div>
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
              {/* The rest (nearest free time, else skipped) is said in the Calendar card. */}
              <FormDescription>How far breaks may move for meetings.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
    </>
  );
}
