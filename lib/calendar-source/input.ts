// What the browser and the server share about a connected calendar: the form's schema and the view
// the Settings card shows. No server code here, so client components may import it.
import * as z from "@/lib/zod";

/** `{ url }` of PUT /api/user/calendar-source and the Settings card's form; the address itself is checked by connectCalendar. */
export const calendarSourceInput = z.object(
  {
    url: z
      .string({ error: "Paste your calendar's address." })
      .check(
        z.trim(),
        z.minLength(1, "Paste your calendar's address."),
        z.maxLength(4096, "This address is too long (at most 2,048 characters)."),
      ),
  },
  { error: "Paste your calendar's address." },
);

/** GET / PUT /api/user/calendar-source: where the connected calendar stands. */
export interface CalendarSourceView {
  status: "ok" | "error";
  /** Busy times in the next 7 days, as last read. */
  busyCount: number;
  /** When it was last read (successfully or not); ISO. */
  checkedAt: string | null;
  /** Why the last read failed (status "error"), in words for the user. */
  error?: string;
}
