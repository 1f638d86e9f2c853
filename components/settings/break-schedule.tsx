"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { ActiveDaysField } from "@/components/schedule/break-fields";
import { OptionGroup, OptionRadio } from "@/components/schedule/option-radio";
import { TimeField } from "@/components/schedule/time-field";
import { TimezoneField } from "@/components/schedule/timezone-field";
import { FormField } from "@/components/ui/form";
import type { SettingsFormValues } from "@/lib/schedule/forms";
import { defaultSecondTime } from "./form-state";

/** The Break Schedule section's fields (its card is drawn by the page, on the server). */
export function BreakScheduleFields() {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  const countLegend = useId();
  return (
    <>
      <FormField
        control={form.control}
        name="count"
        render={({ field }) => (
          <fieldset className="space-y-3">
            <legend id={countLegend} className="mb-3 text-sm font-medium">
              Reminders per day
            </legend>
            <OptionGroup
              name={field.name}
              aria-labelledby={countLegend}
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

      {/* Both times are always in the form (so it posts them before scripts run); with one reminder
          the second is hidden by CSS alone and not sent. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <TimeField control={form.control} name="times.0" label="First reminder" />
        <TimeField
          control={form.control}
          name="times.1"
          label="Second reminder"
          className="[form:has(input[name=count][value='1']:checked)_&]:hidden"
        />
      </div>

      <ActiveDaysField control={form.control} name="active_days" />

      <TimezoneField control={form.control} name="timezone" />
    </>
  );
}
