"use client";

import { Sparkles } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { DURATIONS, EXERCISES_PER_DURATION, MAX_PREFS_LENGTH, normalizeDuration, normalizeIntensity } from "@/lib/schedule";
import type { Duration, Intensity } from "@/lib/schedule";
import { OptionGroup, OptionRadio } from "./option-radio";
import { SectionCard } from "./section-card";

const INTENSITY_OPTIONS: { value: Intensity; label: string; description: string }[] = [
  { value: "low", label: "Low", description: "Gentle, for beginners" },
  { value: "medium", label: "Medium", description: "Moderate" },
  { value: "high", label: "High", description: "More challenging" },
];

export interface MovementPreferencesProps {
  duration: Duration;
  intensity: Intensity;
  movementPrefs: string;
  onDurationChange: (value: Duration) => void;
  onIntensityChange: (value: Intensity) => void;
  onMovementPrefsChange: (value: string) => void;
}

export function MovementPreferences(props: MovementPreferencesProps) {
  const id = useId();
  const durationLegend = `${id}-duration`;
  const intensityLegend = `${id}-intensity`;
  const prefsId = `${id}-prefs`;
  const count = props.movementPrefs.length;

  return (
    <SectionCard
      title="Movement Preferences"
      icon={Sparkles}
      badge={<Badge className="px-1.5 text-[10px] leading-none">AI</Badge>}
      description="Each break is put together for you by AI from these preferences."
    >
      <fieldset className="space-y-3">
        <legend id={durationLegend} className="mb-3 text-sm font-medium">
          Break duration
        </legend>
        <OptionGroup
          aria-labelledby={durationLegend}
          value={String(props.duration)}
          onValueChange={(v) => props.onDurationChange(normalizeDuration(Number(v)))}
          className="grid-cols-1 gap-2 sm:grid-cols-3"
        >
          {DURATIONS.map((d) => {
            const n = EXERCISES_PER_DURATION[d];
            return (
              <OptionRadio key={d} value={String(d)} label={`${d} minutes`} description={`${n} ${n === 1 ? "exercise" : "exercises"}`} />
            );
          })}
        </OptionGroup>
      </fieldset>

      <fieldset className="space-y-3">
        <legend id={intensityLegend} className="mb-3 text-sm font-medium">
          Intensity
        </legend>
        <OptionGroup
          aria-labelledby={intensityLegend}
          value={props.intensity}
          onValueChange={(v) => props.onIntensityChange(normalizeIntensity(v))}
          className="grid-cols-1 gap-2 sm:grid-cols-3"
        >
          {INTENSITY_OPTIONS.map((o) => (
            <OptionRadio key={o.value} value={o.value} label={o.label} description={o.description} />
          ))}
        </OptionGroup>
      </fieldset>

      <div className="space-y-2">
        <Label htmlFor={prefsId}>Movement preferences</Label>
        <p id={`${prefsId}-hint`} className="text-sm text-muted-foreground">
          Tell us about your space, equipment or limitations, e.g. standing desk, sore knee, no equipment.
        </p>
        <Textarea
          id={prefsId}
          value={props.movementPrefs}
          onChange={(e) => props.onMovementPrefsChange(e.target.value)}
          maxLength={MAX_PREFS_LENGTH}
          rows={3}
          aria-describedby={`${prefsId}-hint ${prefsId}-count`}
        />
        <p id={`${prefsId}-count`} aria-live="polite" className="text-right text-sm text-muted-foreground">
          {`${count}/${MAX_PREFS_LENGTH} characters`}
        </p>
      </div>
    </SectionCard>
  );
}
