"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { OptionGroup, OptionRadio } from "@/components/schedule/option-radio";
import { labelClasses } from "@/components/ui/label-classes";
import { FormField } from "@/components/ui/form";
import type { Channel } from "@/lib/schedule/constants";
import type { SettingsFormValues } from "@/lib/schedule/forms";

/** The radio's value for a list of channels, and back ("email,push" is both). */
const channelsValue = (channels: readonly Channel[]) => (channels.includes("email") && channels.includes("push") ? "email,push" : channels.includes("push") ? "push" : "email");
const channelsOf = (value: string): Channel[] => (value === "email,push" ? ["email", "push"] : value === "push" ? ["push"] : ["email"]);

export interface EmailPreferencesProps {
  email: string;
  /** The user's devices with notifications on (Settings' Notifications card lists them). */
  pushDevices: number;
  /** Notifications are set up on this server. */
  pushAvailable: boolean;
}

/** The Email Preferences section's fields (its card is drawn by the page, on the server). */
export function EmailPreferencesFields({ email, pushDevices, pushAvailable }: EmailPreferencesProps) {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  const id = useId();
  const channels = form.watch("channels");
  const wantsPush = channels.includes("push");
  return (
    <>
      <FormField
        control={form.control}
        name="channels"
        render={({ field }) => (
          <fieldset className="space-y-3">
            <legend id={`${id}-by`} className="mb-3 text-sm font-medium">
              Remind me by
            </legend>
            <OptionGroup
              name={field.name}
              aria-labelledby={`${id}-by`}
              aria-describedby={wantsPush && (pushDevices === 0 || !pushAvailable) ? `${id}-fallback` : undefined}
              value={channelsValue(field.value)}
              onValueChange={(v) => field.onChange(channelsOf(v))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              className="gap-2 sm:grid-cols-3"
            >
              <OptionRadio value="email" label="E-mail" />
              <OptionRadio value="push" label="Notifications" description="on your devices" />
              <OptionRadio value="email,push" label="Both" />
            </OptionGroup>
            {wantsPush && (pushDevices === 0 || !pushAvailable) && (
              // Nothing is lost meanwhile: the dispatch e-mails a break no device can take.
              <p id={`${id}-fallback`} className="text-sm text-muted-foreground">
                {pushAvailable
                  ? "No device has notifications turned on yet, so your reminders are e-mailed until you turn them on under Notifications below."
                  : "Notifications are not set up on this server, so your reminders are e-mailed."}
              </p>
            )}
          </fieldset>
        )}
      />

      <div className="flex min-h-10 items-center justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={id} className={labelClasses}>
            Pause emails
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            While paused, no reminders are sent, by e-mail or notification.
          </p>
        </div>
        {/* A native checkbox with the switch role: it posts "pause_emails" when on, also before scripts run. */}
        <span className="relative inline-flex h-6 w-11 shrink-0">
          <FormField
            control={form.control}
            name="pause_emails"
            render={({ field }) => (
              <input
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                id={id}
                type="checkbox"
                role="switch"
                aria-describedby={`${id}-hint`}
                className="peer absolute -inset-x-1 -inset-y-3 z-10 size-auto cursor-pointer appearance-none rounded-full opacity-0"
              />
            )}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent bg-input shadow-xs transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-checked:[&>span]:translate-x-5"
          >
            <span className="block size-5 rounded-full bg-card shadow-sm ring-0 transition-transform" />
          </span>
        </span>
      </div>
      <p className="text-sm break-words text-muted-foreground">
        Reminders are sent to <strong className="font-semibold text-foreground">{email}</strong>
      </p>
    </>
  );
}
