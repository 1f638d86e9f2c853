"use client";

import { Mail } from "lucide-react";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { SectionCard } from "./section-card";

export interface EmailPreferencesProps {
  email: string;
  pauseEmails: boolean;
  onPauseEmailsChange: (paused: boolean) => void;
}

export function EmailPreferences({ email, pauseEmails, onPauseEmailsChange }: EmailPreferencesProps) {
  const id = useId();
  return (
    <SectionCard title="Email Preferences" icon={Mail}>
      <div className="flex min-h-10 items-center justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>Pause emails</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            While paused, no reminder e-mails are sent.
          </p>
        </div>
        {/* A native button with the switch role (no library); the label names it and clicking the label toggles it. */}
        <button
          type="button"
          role="switch"
          id={id}
          aria-checked={pauseEmails}
          data-state={pauseEmails ? "checked" : "unchecked"}
          aria-describedby={`${id}-hint`}
          onClick={() => onPauseEmailsChange(!pauseEmails)}
          className="peer relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent shadow-xs transition-all outline-hidden after:absolute after:-inset-x-1 after:-inset-y-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=checked]:bg-primary data-[state=unchecked]:bg-input"
        >
          <span
            data-state={pauseEmails ? "checked" : "unchecked"}
            className="pointer-events-none block size-5 rounded-full bg-card shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
          />
        </button>
      </div>
      <p className="text-sm break-words text-muted-foreground">
        Reminders are sent to <strong className="font-semibold text-foreground">{email}</strong>
      </p>
    </SectionCard>
  );
}
