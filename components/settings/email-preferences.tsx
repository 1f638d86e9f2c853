"use client";

import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { labelClasses } from "@/components/ui/label-classes";
import { FormField } from "@/components/ui/form";
import type { SettingsFormValues } from "@/lib/schedule/forms";

/** The Email Preferences section's fields (its card is drawn by the page, on the server). */
export function EmailPreferencesFields({ email }: { email: string }) {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  const id = useId();
  return (
    <>
      <div className="flex min-h-10 items-center justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={id} className={labelClasses}>
            Pause emails
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            While paused, no reminder e-mails are sent.
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
