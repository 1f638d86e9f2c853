"use client";

import { TimeField } from "@/components/schedule/time-field";
import { CalendarClock } from "lucide-react";
import { useId } from "react";
import { DaySelector } from "./day-selector";
import type { ReminderCount } from "./form-state";
import { OptionGroup, OptionRadio } from "./option-radio";
import { SectionCard } from "./section-card";
import { TimezoneField } from "./timezone-field";

export interface BreakScheduleProps {
  count: ReminderCount;
  times: [string, string];
  activeDays: number[];
  timezone: string;
  loadedTimezone: string;
  onCountChange: (count: ReminderCount) => void;
  onTimeChange: (slot: 0 | 1, value: string) => void;
  onActiveDaysChange: (days: number[]) => void;
  onTimezoneChange: (timezone: string) => void;
}

export function BreakSchedule(props: BreakScheduleProps) {
  const countLegend = useId();
  return (
    <SectionCard title="Break Schedule" icon={CalendarClock} description="When your movement breaks are e-mailed to you.">
      <fieldset className="space-y-3">
        <legend id={countLegend} className="mb-3 text-sm font-medium">
          Reminders per day
        </legend>
        <OptionGroup
          aria-labelledby={countLegend}
          value={String(props.count)}
          onValueChange={(v) => props.onCountChange(v === "1" ? 1 : 2)}
          className="grid-cols-2 gap-2"
        >
          <OptionRadio value="1" label="1" description="reminder" labelClassName="text-base" />
          <OptionRadio value="2" label="2" description="reminders" labelClassName="text-base" />
        </OptionGroup>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TimeField label="First reminder" value={props.times[0]} onChange={(v) => props.onTimeChange(0, v)} />
        {props.count === 2 && (
          <TimeField label="Second reminder" value={props.times[1]} onChange={(v) => props.onTimeChange(1, v)} />
        )}
      </div>

      <DaySelector value={props.activeDays} onChange={props.onActiveDaysChange} />

      <TimezoneField value={props.timezone} loaded={props.loadedTimezone} onChange={props.onTimezoneChange} />
    </SectionCard>
  );
}
