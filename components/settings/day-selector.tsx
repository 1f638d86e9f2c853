"use client";

import { useId } from "react";
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
          // A native toggle button (aria-pressed), styled like the outline toggle.
          <button
            key={day.value}
            type="button"
            aria-label={day.name}
            aria-pressed={value.includes(day.value)}
            data-state={value.includes(day.value) ? "on" : "off"}
            onClick={() => toggle(day.value, !value.includes(day.value))}
            className="inline-flex h-11 min-w-10 items-center justify-center gap-2 rounded-md border border-input bg-transparent px-0 text-sm font-medium whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground data-[state=on]:hover:bg-primary/90 sm:w-14"
          >
            <span aria-hidden="true">{day.short}</span>
          </button>
        ))}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Select at least one day to receive reminders
      </p>
    </fieldset>
  );
}
