// Times of day as Settings shows them in text, like the dashboard does: "4:00 PM", never "04:00 PM".
// (The native time inputs draw their own value; this is for the words around them.)

// One formatter per zone: building one costs far more than formatting with it (every minute).
const formats = new Map<string, Intl.DateTimeFormat>();

/** The time at `at` in `timeZone`: "4:00 PM", "12:05 AM" (an hour without a leading zero). */
export function formatClock(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone });
    formats.set(timeZone, format);
  }
  // (Recent ICU puts a narrow no-break space before AM/PM: "4:00 PM" never breaks in two.)
  return format.format(at);
}
