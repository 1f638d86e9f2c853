"use client";

// The break's fields that Settings and onboarding share, each a react-hook-form field of whichever
// form it sits in (its field name passed in): active days, duration, intensity and preferences.
import { useId } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { textareaClasses } from "@/components/ui/field-classes";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { DURATIONS, EXERCISES_PER_DURATION, MAX_PREFS_LENGTH, type Intensity } from "@/lib/schedule/constants";
import { normalizeDuration, SETTINGS_MESSAGES } from "@/lib/schedule/settings";
import { DaySelector } from "./day-selector";
import { OptionGroup, OptionRadio } from "./option-radio";

export interface BreakFieldProps<V extends FieldValues> {
  control: Control<V, unknown, unknown>;
  name: Path<V>;
}

const INTENSITY_OPTIONS: { value: Intensity; label: string; description: string }[] = [
  { value: "low", label: "Low", description: "Gentle, for beginners" },
  { value: "medium", label: "Medium", description: "Moderate" },
  { value: "high", label: "High", description: "More challenging" },
];

/** Characters as a person counts them (and as the server limits them): an emoji is one. */
export const charCount = (s: string) => Array.from(s).length;

/** Active days: seven day boxes; "no day" turns the hint itself into the error. */
export function ActiveDaysField<V extends FieldValues>({ control, name }: BreakFieldProps<V>) {
  const hintId = useId();
  const errorId = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        // "No day" is the hint's own sentence: the hint turns into the error rather than repeating it.
        const separate = !!error && error !== SETTINGS_MESSAGES.noDays;
        const describedBy = separate ? `${hintId} ${errorId}` : hintId;
        return (
          <fieldset className="space-y-2" aria-describedby={describedBy}>
            <legend className="mb-2 text-sm font-medium">Active days</legend>
            <DaySelector
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              describedBy={error ? describedBy : undefined}
              invalid={!!error}
            />
            <p
              id={hintId}
              className={error && !separate ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"}
            >
              {SETTINGS_MESSAGES.noDays}
            </p>
            {separate && (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

interface Option {
  value: string;
  label: string;
  description: string;
}

/**
 * A group of option tiles (native radios), three in a row at every width, for one field (Settings
 * and onboarding alike); `parse` turns the radio's text into the field's value.
 */
function OptionsField<V extends FieldValues>({
  control,
  name,
  legend,
  options,
  parse = (v) => v,
}: BreakFieldProps<V> & { legend: string; options: readonly Option[]; parse?: (value: string) => unknown }) {
  const legendId = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="space-y-2">
          <legend id={legendId} className="mb-2 text-sm font-medium">
            {legend}
          </legend>
          <OptionGroup
            name={field.name}
            aria-labelledby={legendId}
            value={String(field.value)}
            onValueChange={(v) => field.onChange(parse(v))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            className="grid-cols-3 gap-2"
          >
            {options.map((o) => (
              <OptionRadio key={o.value} value={o.value} label={o.label} description={o.description} />
            ))}
          </OptionGroup>
        </fieldset>
      )}
    />
  );
}

const DURATION_OPTIONS: Option[] = DURATIONS.map((d) => {
  const n = EXERCISES_PER_DURATION[d];
  return { value: String(d), label: `${d} minutes`, description: `${n} ${n === 1 ? "exercise" : "exercises"}` };
});

/** Break duration: 5, 10 or 15 minutes (1, 2 or 3 exercises). */
export function DurationField<V extends FieldValues>(props: BreakFieldProps<V>) {
  return (
    <OptionsField
      {...props}
      legend="Break duration"
      options={DURATION_OPTIONS}
      parse={(v) => normalizeDuration(Number(v))}
    />
  );
}

/** Intensity: low, medium or high. */
export function IntensityField<V extends FieldValues>(props: BreakFieldProps<V>) {
  return <OptionsField {...props} legend="Intensity" options={INTENSITY_OPTIONS} />;
}

const PREFERENCES_HINT =
  "Tell us about your space, equipment or limitations, e.g. standing desk, sore knee, no equipment.";

/** The free-text preferences with a live counter; past 200 characters the counter and an error say so. */
export function PreferencesField<V extends FieldValues>({
  control,
  name,
  hint = PREFERENCES_HINT,
  rows = 3,
}: BreakFieldProps<V> & { hint?: string; rows?: number }) {
  const counterId = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const count = charCount(String(field.value ?? ""));
        const over = count > MAX_PREFS_LENGTH;
        return (
          <FormItem described>
            <FormLabel>Movement preferences</FormLabel>
            <FormDescription>{hint}</FormDescription>
            <FormControl>
              <textarea
                {...field}
                data-slot="textarea"
                className={textareaClasses}
                value={String(field.value ?? "")}
                rows={rows}
                aria-describedby={counterId}
              />
            </FormControl>
            <div className="flex items-start justify-between gap-3">
              <FormMessage />
              <p
                id={counterId}
                aria-live="polite"
                className={`ml-auto shrink-0 text-right text-sm tabular-nums ${over || fieldState.error ? "font-medium text-destructive" : "text-muted-foreground"}`}
              >
                {`${count}/${MAX_PREFS_LENGTH} characters`}
              </p>
            </div>
          </FormItem>
        );
      }}
    />
  );
}
