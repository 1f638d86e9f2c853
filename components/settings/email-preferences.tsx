"use client";

import { Mail } from "lucide-react";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
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
        <Switch id={id} checked={pauseEmails} onCheckedChange={onPauseEmailsChange} aria-describedby={`${id}-hint`} />
      </div>
      <p className="text-sm break-words text-muted-foreground">
        Reminders are sent to <strong className="font-semibold text-foreground">{email}</strong>
      </p>
    </SectionCard>
  );
}
