"use client";

import { useId } from "react";
import { Toggle } from "@/components/ui/toggle";
import { DAYS } from "./form-state";

export interface DaySelectorProps {
  value: number[];
  onChange: (days: number[]) => void;
}

/** Seven on/off buttons, Sunday first; saving with no day selected is allowed (hint only). */
export function DaySelector({ value, onChange }: DaySelectorProps) {
  const hintId = useId();
  const toggle = (day: number, on: boolean) =>
    onChange(on ? [...new Set([...value, day])].sort((a, b) => a - b) : value.filter((d) => d !== day));

  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="mb-3 text-sm font-medium">Active days</legend>
      <div className="grid grid-cols-7 gap-1 sm:flex sm:gap-2">
        {DAYS.map((day) => (
          <Toggle
            key={day.value}
            variant="outline"
            aria-label={day.name}
            pressed={value.includes(day.value)}
            onPressedChange={(on) => toggle(day.value, on)}
            className="h-11 min-w-10 px-0 sm:w-14"
          >
            <span aria-hidden="true">{day.short}</span>
          </Toggle>
        ))}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Select at least one day to receive reminders
      </p>
    </fieldset>
  );
}
