"use client";

import { LocateFixed } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { detectTimezone, OFFERED_TIMEZONES } from "@/lib/schedule";
import { showToast } from "@/lib/toast";
import { NativeSelect } from "@/components/ui/native-select";

export interface TimezoneFieldProps {
  value: string;
  /** The zone loaded from the server: kept as an option even when it is not one we offer. */
  loaded: string;
  onChange: (timezone: string) => void;
}

export function TimezoneField({ value, loaded, onChange }: TimezoneFieldProps) {
  const id = useId();
  const offered: readonly string[] = OFFERED_TIMEZONES;
  const extra = [...new Set([loaded, value])].filter((tz) => tz !== "" && !offered.includes(tz));
  const options = [...extra, ...offered];

  // Only changes the form; "Save Changes" persists it.
  function applyDetected() {
    try {
      const { timezone } = detectTimezone({
        resolved: Intl.DateTimeFormat().resolvedOptions().timeZone,
        offsetMinutes: -new Date().getTimezoneOffset(),
        locale: navigator.language,
      });
      if (timezone !== value) {
        onChange(timezone);
        showToast({ title: "Timezone updated", description: `from ${value} to ${timezone}` });
      } else {
        showToast({ title: "Timezone detected", description: timezone });
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

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Timezone</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Reminder times are in this timezone.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <NativeSelect
          id={id}
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="w-full sm:flex-1"
        >
          {value === "" && (
            <option value="" disabled>
              Select a timezone
            </option>
          )}
          {options.map((tz) => (
            <option key={tz} value={tz}>
              {tz}
            </option>
          ))}
        </NativeSelect>
        <Button type="button" variant="outline" onClick={applyDetected} className="w-full sm:w-auto">
          <LocateFixed aria-hidden="true" />
          Use Detected Timezone
        </Button>
      </div>
    </div>
  );
}
