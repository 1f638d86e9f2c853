"use client";

import { useHydrated } from "@/components/providers/use-hydrated";
import { formatAdminDate } from "./format";

// Dates are shown in the browser's time zone, which the server does not know: only once hydrated.

/** A console timestamp in the browser's time zone (by default the spec's 'MMM d, yyyy h:mm a'). */
export function LocalDate({ iso, format = formatAdminDate }: { iso: string; format?: (iso: string) => string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={iso}>
      {hydrated ? format(iso) : "\u00a0"}
    </time>
  );
}
