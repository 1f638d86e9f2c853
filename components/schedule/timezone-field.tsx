"use client";

import { LocateFixed } from "lucide-react";
import { useEffect, useState } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { buttonVariants } from "@/components/ui/classes";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { isValidTimeZone } from "@/lib/schedule/clock";
import { detectTimezone } from "@/lib/schedule/timezone-detect";
import { showToast } from "@/components/ui/toast";
import { formatClock } from "./clock-text";
import { TimezonePicker } from "./timezone-picker";
import { zoneLabel } from "./zone-label";

/** What the browser says about its zone, for detectTimezone. */
export function browserZone() {
  return {
    resolved: Intl.DateTimeFormat().resolvedOptions().timeZone,
    offsetMinutes: -new Date().getTimezoneOffset(),
    locale: navigator.language,
  };
}

/**
 * "10:32 AM" in `tz` now (formatClock: no leading zero), refreshed every minute (empty on the
 * server and for an unknown zone).
 */
export function useLocalTime(tz: string) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    let interval: ReturnType<typeof setInterval> | undefined;
    // On the next minute boundary, then every minute.
    const timeout = setTimeout(
      () => {
        setNow(new Date());
        interval = setInterval(() => setNow(new Date()), 60_000);
      },
      60_000 - (Date.now() % 60_000),
    );
    return () => {
      clearTimeout(timeout);
      if (interval) clearInterval(interval);
    };
  }, []);
  if (!now || !isValidTimeZone(tz)) return "";
  return formatClock(now, tz);
}

export interface TimezoneFieldProps<V extends FieldValues> {
  control: Control<V, unknown, unknown>;
  name: Path<V>;
  label?: string;
  /** "It is 10:11 AM there now" under the field (false where the page already shows that time). */
  showTime?: boolean;
}

/** The Timezone field: a searchable picker, 'Use Detected Timezone', and the time there now. */
export function TimezoneField<V extends FieldValues>({
  control,
  name,
  label = "Timezone",
  showTime = true,
}: TimezoneFieldProps<V>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <TimezoneItem
          label={label}
          showTime={showTime}
          field={
            field as unknown as {
              name: string;
              value: string;
              onChange: (v: string) => void;
              onBlur: () => void;
              ref: (el: HTMLInputElement | null) => void;
            }
          }
        />
      )}
    />
  );
}

function TimezoneItem({
  label,
  showTime,
  field,
}: {
  label: string;
  showTime: boolean;
  field: {
    name: string;
    value: string;
    onChange: (v: string) => void;
    onBlur: () => void;
    ref: (el: HTMLInputElement | null) => void;
  };
}) {
  const time = useLocalTime(field.value);

  // Only changes the form; saving persists it.
  function applyDetected() {
    try {
      const { timezone } = detectTimezone(browserZone());
      if (timezone !== field.value) {
        showToast({
          title: "Timezone updated",
          description: `from ${field.value ? zoneLabel(field.value) : "none"} to ${zoneLabel(timezone)}`,
        });
        field.onChange(timezone);
      } else {
        showToast({ title: "Timezone detected", description: zoneLabel(timezone) });
      }
    } catch (error) {
      console.error("Timezone detection failed", error);
      showToast({
        title: "Timezone detection failed",
        description: "Please select your timezone manually from the dropdown",
        variant: "destructive",
      });
    }
  }

  const detect = (
    <button
      type="button"
      data-slot="button"
      onClick={applyDetected}
      className={buttonVariants({
        variant: "outline",
        size: "sm",
        className: "-my-1.5",
      })}
    >
      <LocateFixed aria-hidden="true" />
      Use Detected Timezone
    </button>
  );
  const picker = (
    <FormControl>
      <TimezonePicker
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        ref={field.ref}
      />
    </FormControl>
  );

  const description = (
    <FormDescription>
      Reminder times are in this timezone.
      {showTime && time && (
        <>
          {" "}
          It is <span className="font-medium whitespace-nowrap text-foreground tabular-nums">{time}</span> there now.
        </>
      )}
    </FormDescription>
  );

  // Settings and onboarding alike: the label's line holds the button, the hint follows the picker.
  return (
    <FormItem described>
      <div className="flex min-h-6 items-center justify-between gap-3">
        <FormLabel>{label}</FormLabel>
        {detect}
      </div>
      {picker}
      {description}
      <FormMessage />
    </FormItem>
  );
}
