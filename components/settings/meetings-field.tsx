"use client";

// "Around meetings": how far a break may move out of a meeting of the connected calendar. A field
// of the settings form (saved with Save Changes) drawn in the Calendar card, under the calendar it
// works with; until one is connected it is shown switched off, with what it needs. Disabled, it is
// not posted, so the value saved stays (lib/actions/save-settings.ts leaves out a field not sent).
import { useFormContext } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/native-select";
import { DEFAULT_MOVE_WITHIN_MINUTES } from "@/lib/schedule/constants";
import type { SettingsFormValues } from "@/lib/schedule/forms";
import { SETTINGS_FORM_ID } from "./form-state";

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

export function MeetingsField({ connected }: { connected: boolean }) {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <FormField
      control={form.control}
      name="move_within_minutes"
      render={({ field }) => (
        <FormItem described className="sm:max-w-sm">
          <FormLabel className={connected ? undefined : "text-muted-foreground"}>Around meetings</FormLabel>
          <FormControl>
            <NativeSelect
              form={SETTINGS_FORM_ID}
              name={field.name}
              ref={field.ref}
              value={String(field.value ?? DEFAULT_MOVE_WITHIN_MINUTES)}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              disabled={!connected}
            >
              {moveWithinChoices(field.value).map(([minutes, text]) => (
                <option key={minutes} value={minutes}>
                  {text}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormDescription>
            {connected
              ? "How far a break may move. With no free time near, it is skipped, streak safe."
              : "Works once your calendar is connected."}
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
