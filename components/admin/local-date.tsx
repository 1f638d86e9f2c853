"use client";

import { formatAdminDate, useHydrated } from "./format";

/** A console timestamp in the browser's time zone ('MMM d, yyyy h:mm a'). */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={iso}>
      {hydrated ? formatAdminDate(iso) : "\u00a0"}
    </time>
  );
}
