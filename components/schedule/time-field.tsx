"use client";

import { useId, useState } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { inputClasses } from "@/components/ui/input-classes";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { snapNote, snapTime } from "@/lib/schedule/clock";
import { TIME_STEP_SECONDS } from "@/lib/schedule/constants";

export interface TimeFieldProps<V extends FieldValues> {
  control: Control<V, unknown, unknown>;
  name: Path<V>;
  label: string;
  className?: string;
}

/**
 * A reminder time on the 5-minute grid, as a form field. On blur "10:02" becomes "10:00" and the
 * label's line says so as it happens ("10:02 AM → 10:00 AM"; past midnight, "start of day"), with
 * the whole sentence announced and named in the field's description. The note sits beside the
 * label, not under the field, so nothing moves under the pointer that made the field lose focus.
 */
export function TimeField<V extends FieldValues>({ control, name, label, className }: TimeFieldProps<V>) {
  const noteId = useId();
  const [note, setNote] = useState<ReturnType<typeof snapNote>>(null);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <div className="flex min-h-4 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <FormLabel>{label}</FormLabel>
            <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
              {note?.short}
            </span>
          </div>
          <FormControl>
            <input
              ref={field.ref}
              name={field.name}
              type="time"
              step={TIME_STEP_SECONDS}
              data-slot="input"
              className={inputClasses}
              value={field.value}
              aria-describedby={note ? noteId : undefined}
              onChange={(e) => {
                setNote(null);
                field.onChange(e.target.value);
              }}
              onBlur={(e) => {
                const typed = e.target.value;
                const snapped = snapTime(typed);
                if (snapped !== typed) field.onChange(snapped);
                setNote(snapNote(typed, snapped));
                field.onBlur();
              }}
            />
          </FormControl>
          <span id={noteId} aria-live="polite" className="sr-only">
            {note?.full}
          </span>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
