// Display helpers of the owner console (spec section 2, "Owner console").
import { format } from "date-fns";
import { useSyncExternalStore } from "react";
import type { AdminUserView } from "@/lib/admin/types";

export const ADMIN_DATE_FORMAT = "MMM d, yyyy h:mm a";

export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, ADMIN_DATE_FORMAT);
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
