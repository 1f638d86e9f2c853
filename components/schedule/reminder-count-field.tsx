"use client";

// "Reminders per day: 1 or 2" (spec, Settings), shared by Settings and onboarding. Both forms name
// the fields `count` ("1" or "2") and `times` (both times kept, so switching back shows a second one).
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { FormField } from "@/components/ui/form";
import { defaultSecondTime } from "@/lib/schedule/forms";
import { OptionGroup, OptionRadio } from "./option-radio";

type CountValues = { count: "1" | "2"; times: [string, string] };

/**
 * The second time's class: with one reminder chosen it is hidden by CSS alone (it stays in the form,
 * so a form posted before scripts run still carries it; the schema then drops it).
 */
export const SECOND_TIME_CLASS = "[form:has(input[name=count][value='1']:checked)_&]:hidden";

/** The reminder count as two tiles, in the form of the surrounding FormProvider. */
export function ReminderCountField() {
  const form = useFormContext<CountValues, unknown, unknown>();
  const legend = useId();
  return (
    <FormField
      control={form.control}
      name="count"
      render={({ field }) => (
        <fieldset className="space-y-2">
          <legend id={legend} className="mb-2 text-sm font-medium">
            Reminders per day
          </legend>
          <OptionGroup
            name={field.name}
            aria-labelledby={legend}
            value={field.value}
            onValueChange={(v) => {
              field.onChange(v === "1" ? "1" : "2");
              // Back to two: offer a second time that is not the first one.
              const [first, second] = form.getValues("times");
              if (v === "2" && (!second || second === first)) form.setValue("times.1", defaultSecondTime(first));
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            className="grid-cols-2 gap-2"
          >
            <OptionRadio value="1" label="1" description="reminder" labelClassName="text-base" />
            <OptionRadio value="2" label="2" description="reminders" labelClassName="text-base" />
          </OptionGroup>
        </fieldset>
      )}
    />
  );
}
