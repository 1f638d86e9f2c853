"use client";

import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { snapTime, TIME_STEP_SECONDS } from "@/lib/schedule";

/** A required reminder time on the 5-minute grid: on blur "10:02" becomes "10:00", "23:58" "00:00". */
export function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="time"
        step={TIME_STEP_SECONDS}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => {
          const snapped = snapTime(e.target.value);
          if (snapped !== e.target.value) onChange(snapped);
        }}
      />
    </div>
  );
}
