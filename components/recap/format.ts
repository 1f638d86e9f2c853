// Plain text for the recap and trophies (no React): dates are the user's local dates ("YYYY-MM-DD").
const MONTH_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" });
const FULL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

export const monthDay = (date: string) => MONTH_DAY.format(noon(date));
export const weekdayName = (date: string) => WEEKDAY.format(noon(date));
export const fullDate = (date: string) => FULL.format(noon(date));
export const weekLabel = (start: string, end: string) => `${monthDay(start)} - ${monthDay(end)}`;
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "+3 vs the week before", "-2 vs the week before", "Same as the week before". */
export function changeLabel(n: number): string {
  if (n === 0) return "Same as the week before";
  return `${n > 0 ? "+" : "\u2212"}${Math.abs(n)} vs the week before`;
}

/** The day after a local date (the recap's week ends on Sunday; Monday is the day after). */
export function nextDay(date: string): string {
  const d = noon(date);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The localStorage key that remembers a dismissed "Your week" card, one per week. */
export const recapDismissKey = (weekStart: string) => `limber.recap.dismissed.${weekStart}`;
