"use client";

// Settings' Appearance card: the colour theme of this device (System / Light / Dark), applied at
// once and remembered in this browser (components/shell/theme.ts); not part of the account's
// settings form, so it needs no Save.
import { Palette } from "lucide-react";
import { useId, useSyncExternalStore } from "react";
import { OptionGroup, OptionRadio } from "@/components/schedule/option-radio";
import { readTheme, saveTheme, THEME_STORAGE_KEY, type Theme } from "@/components/shell/theme";
import { SectionCard } from "./section-card";

const listeners = new Set<() => void>();
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab's choice.
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY || e.key === null) onChange();
  };
  addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    removeEventListener("storage", onStorage);
  };
}

export function AppearanceCard() {
  const id = useId();
  // The server cannot know this device's choice: "System" until hydrated, then the stored one.
  const theme = useSyncExternalStore<Theme>(subscribe, readTheme, () => "system");
  const choose = (value: string) => {
    saveTheme(value as Theme);
    for (const l of listeners) l();
  };
  return (
    <SectionCard id="appearance" icon={Palette} layout="row" description="How Limber looks on this device.">
      {/* The card's title says what the choice is: the group's name is read, not shown. */}
      <span id={`${id}-label`} className="sr-only">
        Theme
      </span>
      <OptionGroup
        name="theme"
        aria-labelledby={`${id}-label`}
        value={theme}
        onValueChange={choose}
        className="grid-cols-3 gap-2 sm:w-72"
      >
        <OptionRadio value="system" label="System" />
        <OptionRadio value="light" label="Light" />
        <OptionRadio value="dark" label="Dark" />
      </OptionGroup>
    </SectionCard>
  );
}
