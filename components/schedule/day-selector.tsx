"use client";

import { Check } from "lucide-react";
import type { Ref } from "react";
import { SELECTED_CHECK } from "./option-radio";

export const DAYS = [
  { value: 0, short: "Sun", name: "Sunday" },
  { value: 1, short: "Mon", name: "Monday" },
  { value: 2, short: "Tue", name: "Tuesday" },
  { value: 3, short: "Wed", name: "Wednesday" },
  { value: 4, short: "Thu", name: "Thursday" },
  { value: 5, short: "Fri", name: "Friday" },
  { value: 6, short: "Sat", name: "Saturday" },
] as const;

export interface DaySelectorProps {
  name: string;
  value: number[];
  onChange: (days: number[]) => void;
  onBlur?: () => void;
  /** The first day's checkbox: where the form puts the focus on "no day selected". */
  ref?: Ref<HTMLInputElement>;
  /** The hint and, when there is one, the error. */
  describedBy?: string;
  invalid?: boolean;
}

/**
 * Seven checkboxes, Sunday first, drawn as toggle buttons: each posts its day under `name`, so the
 * form saves them before scripts run too. Named by the full day ("Monday"), shown as "Mon".
 */
export function DaySelector({ name, value, onChange, onBlur, ref, describedBy, invalid }: DaySelectorProps) {
  const toggle = (day: number, on: boolean) =>
    onChange(on ? [...new Set([...value, day])].sort((a, b) => a - b) : value.filter((d) => d !== day));
  return (
    // gap-1.5: a focused day's ring (2 px offset + 2 px ring) keeps clear of its neighbours, so a
    // selected (teal) neighbour never blends with the ring.
    <div className="grid grid-cols-7 gap-1.5 sm:flex sm:gap-2">
      {DAYS.map((day, i) => (
        <label key={day.value} className="group/option relative block sm:w-14">
          <input
            ref={i === 0 ? ref : undefined}
            type="checkbox"
            name={name}
            value={day.value}
            checked={value.includes(day.value)}
            onChange={(e) => toggle(day.value, e.target.checked)}
            onBlur={onBlur}
            aria-label={day.name}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
          />
          {/* Selected: the primary fill and border, and a check above the day (as a chosen tile has). */}
          <span
            aria-hidden="true"
            className="pointer-events-none flex h-11 min-w-9 flex-col items-center justify-center rounded-md border border-input bg-card text-sm leading-4 font-medium shadow-xs transition-colors peer-[:hover:not(:checked)]:bg-accent peer-[:hover:not(:checked)]:text-accent-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-[:hover:checked]:bg-primary/90 peer-aria-invalid:border-destructive"
          >
            <span
              data-check
              className={`${SELECTED_CHECK} invisible flex -mt-0.5 size-3.5 group-has-checked/option:visible`}
            >
              <Check className="size-3.5" strokeWidth={3} />
            </span>
            <span>{day.short}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
