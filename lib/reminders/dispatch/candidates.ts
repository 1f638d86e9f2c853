// What a run sends, before anything is sent: each due row becomes one candidate delivery per channel
// (one user, one break, one round, one channel), with everything the message needs. Pure.
import type { Channel } from "@/lib/schedule/constants";
import { normalizeDuration, normalizeIntensity, storedChannels } from "@/lib/schedule/settings";
import { localDate, localDateTimeToUtc, resolveTimeZone } from "@/lib/schedule/time";

/**
 * Where a delivery came from: a slot's scheduled time (moved on when done), a snooze, or a break
 * moved out of a meeting (its reminder goes at the moved time instead of the slot's).
 */
export type Origin = { kind: "slot"; nextAt: Date } | { kind: "snooze"; id: string } | { kind: "moved" };

export interface Candidate {
  userId: string;
  email: string;
  slot: number;
  /** 0: the scheduled reminder; 1-2: a snoozed one. */
  round: number;
  /** The break's scheduled instant (links expire relative to it). */
  scheduledAt: Date;
  /** When this delivery fell due (the slot's time, or the snooze's): its window runs from here. */
  dueAt: Date;
  channel: Channel;
  /** The channels the user chose (e-mail stands in for notifications when no device takes them). */
  chosen: Channel[];
  localDate: string;
  time: string;
  schedule: { times: string[]; activeDays: number[]; timezone: string };
  prefs: string;
  intensity: "low" | "medium" | "high";
  duration: 5 | 10 | 15;
  origin: Origin;
}

/** A candidate this run claimed: it alone may send it. */
export interface Job extends Candidate {
  attempts: number;
  deliveryId: string;
}

/** One break's reminder (user, slot, round): its channels' deliveries share it. */
export const breakKey = (j: { userId: string; slot: number; round: number }) => `${j.userId}:${j.slot}:${j.round}`;
/** One delivery: a break's reminder on one channel. */
export const jobKey = (j: { userId: string; slot: number; round: number; channel: string }) =>
  `${breakKey(j)}:${j.channel}`;

/** The settings columns a due row carries (lib/reminders/dispatch/index.ts reads them with it). */
export interface SettingsRow {
  times: string[];
  activeDays: number[];
  timezone: string;
  movementPrefs: string;
  intensityLevel: string;
  durationPreference: number;
  pauseEmails: boolean;
  onboardingCompleted: boolean;
  channels: string[] | null;
  pushDevices: number | string | null;
}

/**
 * The channels a break goes out on: the chosen ones, with e-mail standing in for notifications when
 * push is not set up here or no device of the user is subscribed (Settings says so).
 */
export function deliveryChannels(chosen: readonly Channel[], pushDevices: number, pushAvailable: boolean): Channel[] {
  const push = chosen.includes("push") && pushAvailable && pushDevices > 0;
  const email = chosen.includes("email") || (chosen.includes("push") && !push);
  return [...(email ? (["email"] as const) : []), ...(push ? (["push"] as const) : [])];
}

export interface DueBase {
  userId: string;
  email: string;
  slot: number;
  round: number;
  localDate?: string;
  /** The break's time when it is not the schedule's ("HH:MM", a moved break). */
  time?: string;
  origin: Origin;
  at: Date;
}

/** One candidate per channel the break goes out on. */
export function candidatesOf(base: DueBase, s: SettingsRow, pushAvailable: boolean): Candidate[] {
  const chosen = storedChannels(s.channels);
  const one = candidateOf(base, s, chosen);
  return deliveryChannels(chosen, Number(s.pushDevices ?? 0), pushAvailable).map((channel) => ({ ...one, channel }));
}

function candidateOf(base: DueBase, s: SettingsRow, chosen: Channel[]): Candidate {
  const schedule = { times: s.times, activeDays: s.activeDays, timezone: resolveTimeZone(s.timezone) };
  const date = base.localDate ?? localDate(base.at, schedule.timezone);
  const time = base.time ?? s.times[base.slot]!;
  return {
    userId: base.userId,
    email: base.email,
    slot: base.slot,
    round: base.round,
    scheduledAt: base.origin.kind === "snooze" ? localDateTimeToUtc(date, time, schedule.timezone) : base.at,
    dueAt: base.at,
    channel: "email",
    chosen,
    localDate: date,
    time,
    schedule,
    prefs: s.movementPrefs,
    intensity: normalizeIntensity(s.intensityLevel),
    duration: normalizeDuration(s.durationPreference),
    origin: base.origin,
  };
}
