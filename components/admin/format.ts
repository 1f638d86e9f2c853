// Display helpers of the owner console (spec section 2, "Owner console").
import type { AdminUserView } from "@/lib/admin/types";

/** The spec's date display, in date-fns notation: e.g. "Jan 5, 2026 3:07 PM". */
export const ADMIN_DATE_FORMAT = "MMM d, yyyy h:mm a";

// Built from the Date's own local fields (the browser's time zone), not Intl: the first
// Intl.DateTimeFormat of a page loads ICU's locale data, some 100 ms of a phone's CPU during the
// console's hydration. The spec's format is fixed English, so no locale data is needed.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

let logTimeFormat: Intl.DateTimeFormat | undefined;

/** An audit entry's time in the viewer's own locale and time zone, to the second. */
export function formatLogTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  logTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
  return logTimeFormat.format(date);
}

/** First and last name, else the first name, else "" (the console then shows no name at all). */
export function displayName(user: Pick<AdminUserView, "firstName" | "lastName">): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  return first || "";
}

/** Action names are shown with spaces for underscores ("admin_user_paused" → "admin user paused"). */
export function formatAction(action: string): string {
  return action.replace(/_/g, " ");
}
