// A user's settings as the app reads them: the stored row with the product's defaults filled in.
// Its own module so that the dashboard, history, export, calendar and settings code can all read
// settings without importing one another.
import type { Db } from "@/lib/db";
import {
  DEFAULT_ACTIVE_DAYS,
  DEFAULT_DURATION,
  DEFAULT_INTENSITY,
  DEFAULT_TIMES,
  normalizeDuration,
  normalizeIntensity,
  storedChannels,
  type UserSettings,
} from "@/lib/schedule";

export type SettingsView = UserSettings;

type Row = Pick<
  NonNullable<Awaited<ReturnType<Db["userSettings"]["findUnique"]>>>,
  "times" | "activeDays" | "durationPreference" | "pauseEmails" | "intensityLevel" | "movementPrefs" | "timezone"
> & { channels?: string[] | null } | null;

/** The settings entity of the spec, with its defaults for a user who has no row yet. */
export function toView(row: Row): SettingsView {
  return {
    times: row?.times.length ? row.times : [...DEFAULT_TIMES],
    activeDays: row?.activeDays ?? [...DEFAULT_ACTIVE_DAYS],
    durationPreference: normalizeDuration(row?.durationPreference ?? DEFAULT_DURATION),
    pauseEmails: row?.pauseEmails ?? false,
    intensityLevel: normalizeIntensity(row?.intensityLevel ?? DEFAULT_INTENSITY),
    movementPrefs: row?.movementPrefs ?? "",
    timezone: row?.timezone ?? "UTC",
    channels: storedChannels(row?.channels),
  };
}
