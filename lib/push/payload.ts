// What a notification carries: only what the notification shows and the break's signed tokens, so
// the service worker can carry out "I did it" and "Snooze 15 min" without a session. Never the
// e-mail address or the preferences (the payload passes through the browser's push service,
// encrypted, but still: nothing it does not need). Pure.
import type { SuggestedExercise } from "@/lib/exercises/library/types";

export const NOTIFICATION_TITLE = "Time for your movement break";
export const TEST_NOTIFICATION_TITLE = "Notifications are on";

/** The JSON the service worker reads (public/sw.js). */
export interface NotificationPayload {
  v: 1;
  title: string;
  body: string;
  /** Same tag, same notification: a repeat replaces it instead of stacking (one per break). */
  tag: string;
  /** Opened on a tap: a path of the app. */
  url: string;
  /** The break's signed tokens for the notification's buttons (absent on a test notification). */
  done?: string;
  snooze?: string;
}

/** "Neck Rolls, then 1 more: a 10-minute break." */
export function breakBody(exercises: readonly Pick<SuggestedExercise, "name">[], durationMinutes: number): string {
  const first = exercises[0]?.name;
  const more = exercises.length - 1;
  const length = `a ${durationMinutes}-minute break`;
  if (!first) return `Time for ${length}.`;
  return more > 0 ? `${first}, then ${more} more: ${length}.` : `${first}: ${length}.`;
}

export function breakNotification(input: {
  exercises: readonly Pick<SuggestedExercise, "name">[];
  durationMinutes: number;
  localDate: string;
  slot: number;
  doneToken: string;
  /** Absent once the break has been snoozed as often as it may be. */
  snoozeToken?: string;
}): NotificationPayload {
  const t = encodeURIComponent(input.doneToken);
  return {
    v: 1,
    title: NOTIFICATION_TITLE,
    body: breakBody(input.exercises, input.durationMinutes),
    tag: `break-${input.localDate}-${input.slot}`,
    url: `/break/${input.slot}?t=${t}`,
    done: input.doneToken,
    ...(input.snoozeToken ? { snooze: input.snoozeToken } : {}),
  };
}

export function testNotification(productName: string): NotificationPayload {
  return {
    v: 1,
    title: TEST_NOTIFICATION_TITLE,
    body: `${productName} will remind you here when it's time for a break.`,
    tag: "test",
    url: "/settings",
  };
}
