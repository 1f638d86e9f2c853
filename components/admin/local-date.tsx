"use client";

import { formatAdminDate, useHydrated } from "./format";

/** A console timestamp in the browser's time zone (by default the spec's 'MMM d, yyyy h:mm a'). */
export function LocalDate({ iso, format = formatAdminDate }: { iso: string; format?: (iso: string) => string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={iso}>
      {hydrated ? format(iso) : "\u00a0"}
    </time>
  );
}
