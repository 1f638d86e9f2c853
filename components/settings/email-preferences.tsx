"use client";

import { useId, useState, type ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { OptionGroup, OptionRadio } from "@/components/schedule/option-radio";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { inputClasses } from "@/components/ui/input-classes";
import { MAX_RESUME_DAYS_AHEAD, type Channel } from "@/lib/schedule/constants";
import type { SettingsFormValues } from "@/lib/schedule/forms";
import { SwitchRow } from "./switch-row";

/** The radio's value for a list of channels, and back ("email,push" is both). */
const channelsValue = (channels: readonly Channel[]) =>
  channels.includes("email") && channels.includes("push") ? "email,push" : channels.includes("push") ? "push" : "email";
const channelsOf = (value: string): Channel[] =>
  value === "email,push" ? ["email", "push"] : value === "push" ? ["push"] : ["email"];

/** "YYYY-MM-DD" of the day `offset` days after today in `timeZone` (the date input's bounds). */
function dayInZone(timeZone: string, offset: number): string {
  let today: string;
  try {
    today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  } catch {
    today = new Date().toISOString().slice(0, 10);
  }
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Days from today (in the zone) to the next Monday: 1-7 (a Monday goes to the one after). */
function daysToMonday(timeZone: string): number {
  const weekday = new Date(`${dayInZone(timeZone, 0)}T12:00:00Z`).getUTCDay();
  return (8 - weekday) % 7 || 7;
}

export interface EmailPreferencesProps {
  /** The user's devices with notifications on (listed in the device part). */
  pushDevices: number;
  /** Notifications are set up on this server. */
  pushAvailable: boolean;
  /** The device part (this device, installing, the account's devices), drawn by the page. */
  devicePart?: ReactNode;
  /** Show the device part whatever the channel (it holds a notice about a device). */
  pinDevicePart?: boolean;
}

const devicesText = (n: number) => `${n} ${n === 1 ? "device" : "devices"}`;

/**
 * Where the user's reminders go now, for the "Remind me by" field: what the dispatch does with the
 * chosen channels and this user's devices (lib/reminders/dispatch/candidates.ts, deliveryChannels).
 */
export function remindByNote(channels: readonly Channel[], pushDevices: number, pushAvailable: boolean): string | null {
  const push = channels.includes("push");
  if (push && !pushAvailable) return "Notifications are not set up on this server, so your reminders are emailed.";
  if (push && pushDevices === 0)
    return "No device has notifications turned on yet, so your reminders are emailed until you turn them on below.";
  if (push && channels.includes("email"))
    return `Each reminder goes to your ${devicesText(pushDevices)} with notifications on and by email.`;
  if (push) return `Each reminder goes to your ${devicesText(pushDevices)} with notifications on, not by email.`;
  if (pushAvailable && pushDevices > 0)
    return `Reminders go by email only, so your ${devicesText(pushDevices)} with notifications on ${pushDevices === 1 ? "gets" : "get"} no break reminders. Choose Notifications or Both to get them there.`;
  return null;
}

/**
 * The Email & Notifications section's fields (its card, which says where the emails go, is drawn by
 * the page, on the server): the channel, the devices once notifications matter, and the two switches.
 */
export function EmailPreferencesFields({
  pushDevices,
  pushAvailable,
  devicePart,
  pinDevicePart,
}: EmailPreferencesProps) {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  const id = useId();
  const channels = form.watch("channels");
  const note = remindByNote(channels, pushDevices, pushAvailable);
  // Once this visit has seen a device, its part stays: removing the last one must not take the
  // list (and the focus in it) away.
  const [hadDevices, setHadDevices] = useState(pushDevices > 0);
  if (pushDevices > 0 && !hadDevices) setHadDevices(true);
  const showDevices = pushAvailable && (channels.includes("push") || hadDevices || pinDevicePart);
  return (
    <>
      <FormField
        control={form.control}
        name="channels"
        render={({ field }) => (
          <fieldset className="space-y-2">
            <legend id={`${id}-by`} className="mb-2 text-sm font-medium">
              Remind me by
            </legend>
            <OptionGroup
              name={field.name}
              aria-labelledby={`${id}-by`}
              aria-describedby={note ? `${id}-note` : undefined}
              value={channelsValue(field.value)}
              onValueChange={(v) => field.onChange(channelsOf(v))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              // "Notifications" is the longest word: its tile is the widest.
              className="grid-cols-[1fr_1.5fr_1fr] gap-2 sm:max-w-md"
            >
              <OptionRadio value="email" label="Email" />
              <OptionRadio
                value="push"
                label="Notifications"
                description={
                  pushAvailable && pushDevices > 0 ? `on your ${devicesText(pushDevices)}` : "on your devices"
                }
              />
              <OptionRadio value="email,push" label="Both" />
            </OptionGroup>
            {note && (
              // Nothing is lost when push cannot be used: the dispatch e-mails a break no device can take.
              <p id={`${id}-note`} className="text-sm text-muted-foreground">
                {note}
              </p>
            )}
          </fieldset>
        )}
      />

      {showDevices && (
        <div data-device-part className="flex flex-col gap-4 rounded-lg border p-3 sm:p-4">
          {devicePart}
        </div>
      )}

      <FormField
        control={form.control}
        name="pause_emails"
        render={({ field }) => (
          <SwitchRow
            ref={field.ref}
            name={field.name}
            checked={field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            label="Pause emails"
            description="Stops all reminders for now."
          />
        )}
      />
      {form.watch("pause_emails") && <ResumeOnField timezone={form.watch("timezone")} />}
      <FormField
        control={form.control}
        name="weekly_recap_email"
        render={({ field }) => (
          <>
            {/* Says the form had the switch, so one turned off (which posts nothing) turns the email off. */}
            <input type="hidden" name="weekly_recap_email_shown" value="1" />
            <SwitchRow
              ref={field.ref}
              name={field.name}
              checked={field.value ?? true}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              label="Weekly recap email"
              description="Your week's breaks, each Monday."
            />
          </>
        )}
      />
    </>
  );
}

const QUICK_DAY =
  "h-10 shrink-0 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** While paused: the day reminders start again by themselves (optional; empty = until turned back on). */
function ResumeOnField({ timezone }: { timezone: string }) {
  const form = useFormContext<SettingsFormValues, unknown, unknown>();
  return (
    <FormField
      control={form.control}
      name="resume_on"
      render={({ field }) => (
        <FormItem described>
          <FormLabel>Resume on</FormLabel>
          <FormDescription>
            Reminders start again by themselves on this day. Leave it empty to pause until you turn them back on.
          </FormDescription>
          <div className="flex items-center gap-2">
            <FormControl>
              <input
                {...field}
                value={field.value ?? ""}
                type="date"
                min={dayInZone(timezone, 1)}
                max={dayInZone(timezone, MAX_RESUME_DAYS_AHEAD)}
                className={`${inputClasses} w-auto`}
              />
            </FormControl>
            {field.value ? (
              <button
                type="button"
                className="h-10 rounded-md px-3 text-sm font-medium text-muted-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label="Clear the resume day"
                onClick={() => field.onChange("")}
              >
                Clear
              </button>
            ) : null}
          </div>
          {!field.value && (
            // The two pauses people take most: the rest of today, and the rest of the week.
            <div className="flex gap-2">
              <button type="button" className={QUICK_DAY} onClick={() => field.onChange(dayInZone(timezone, 1))}>
                Rest of Today
              </button>
              <button
                type="button"
                className={QUICK_DAY}
                onClick={() => field.onChange(dayInZone(timezone, daysToMonday(timezone)))}
              >
                Until Monday
              </button>
            </div>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
