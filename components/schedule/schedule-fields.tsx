"use client";

// The schedule's fields as one block, drawn the same in Settings (Break Schedule, Movement
// Preferences) and onboarding (steps 1 and 2): the same tiles, day boxes, time fields and time
// zone field, laid out by the room they have (container queries: two columns from 36 rem, as in
// a Settings card from 768 px; one in onboarding's narrower card). Each form passes its own field
// names; both name the reminder count `count` and the times `times`.
import type { FieldValues, Path } from "react-hook-form";
import { useFormContext } from "react-hook-form";
import { ActiveDaysField, DurationField, IntensityField } from "./break-fields";
import { ReminderCountField, SECOND_TIME_CLASS } from "./reminder-count-field";
import { TimeField } from "./time-field";
import { TimezoneField } from "./timezone-field";

type Times = { times: [string, string] };

export interface WhenFieldsProps<V extends FieldValues> {
  /** The active days' field. */
  days: Path<V>;
  /** The time zone's field. */
  timezone: Path<V>;
  /** The two times' labels ("First reminder" in Settings, "First break time" in onboarding: the spec's words). */
  timeLabels: readonly [string, string];
  /** "It is 10:11 AM there now" under the zone (false where the page shows that time already). */
  showTime?: boolean;
}

/** When: reminders per day beside their times, the active days, the time zone. */
export function WhenFields<V extends FieldValues>({ days, timezone, timeLabels, showTime = true }: WhenFieldsProps<V>) {
  const form = useFormContext<V & Times, unknown, unknown>();
  const control = form.control;
  return (
    <div className="@container flex flex-col gap-5">
      <div className="grid gap-5 @xl:grid-cols-2 @xl:gap-6">
        <ReminderCountField />
        <div className="grid grid-cols-2 gap-3 @xl:self-end">
          <TimeField control={control} name={"times.0" as Path<V & Times>} label={timeLabels[0]} />
          <TimeField
            control={control}
            name={"times.1" as Path<V & Times>}
            label={timeLabels[1]}
            className={SECOND_TIME_CLASS}
          />
        </div>
      </div>
      <ActiveDaysField control={control} name={days as Path<V & Times>} />
      {/* Half the width beside nothing from 36 rem: a zone's name is short, the picker need not span the card. */}
      <div className="grid @xl:grid-cols-2 @xl:gap-6">
        <TimezoneField control={control} name={timezone as Path<V & Times>} showTime={showTime} />
      </div>
    </div>
  );
}

export interface BreakKindFieldsProps<V extends FieldValues> {
  duration: Path<V>;
  intensity: Path<V>;
}

/** The break: its duration beside its intensity from 36 rem, three tiles each at every width. */
export function BreakKindFields<V extends FieldValues>({ duration, intensity }: BreakKindFieldsProps<V>) {
  const { control } = useFormContext<V, unknown, unknown>();
  return (
    <div className="@container">
      <div className="grid gap-5 @xl:grid-cols-2 @xl:gap-6">
        <DurationField control={control} name={duration} />
        <IntensityField control={control} name={intensity} />
      </div>
    </div>
  );
}
