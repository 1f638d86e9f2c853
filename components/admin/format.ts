// Display helpers of the owner console (spec section 2, "Owner console").
import { useSyncExternalStore } from "react";
import type { AdminUserView } from "@/lib/admin/types";

/** The spec's date display, in date-fns notation: e.g. "Jan 5, 2026 3:07 PM". */
export const ADMIN_DATE_FORMAT = "MMM d, yyyy h:mm a";

// Built with Intl (no date library in the browser bundle), in the browser's own time zone.
let adminDateFormat: Intl.DateTimeFormat | undefined;

export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  adminDateFormat ??= new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of adminDateFormat.formatToParts(date)) part[p.type] = p.value;
  return `${part.month} ${part.day}, ${part.year} ${part.hour}:${part.minute} ${part.dayPeriod}`;
}

let logTimeFormat: Intl.DateTimeFormat | undefined;

/** An audit entry's time in the viewer's own locale and time zone, to the second. */
export function formatLogTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  logTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
  return logTimeFormat.format(date);
}

/** First and last name, else the first name, else 'Unnamed'. */
export function displayName(user: Pick<AdminUserView, "firstName" | "lastName">): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  return first || "Unnamed";
}

/** Action names are shown with spaces for underscores ("admin_user_paused" → "admin user paused"). */
export function formatAction(action: string): string {
  return action.replace(/_/g, " ");
}

const noop = () => () => {};
/**
 * False while the server renders and during hydration, true afterwards. Dates are shown in the
 * browser's time zone, which the server does not know, so they are rendered only once hydrated.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
