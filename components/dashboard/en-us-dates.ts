// A calendar date ("YYYY-MM-DD", no time zone) written out in US English, as Intl's en-US formats
// write it, without Intl: the first Intl.DateTimeFormat a page creates loads the locale's data, a
// visible share of a phone's hydration for a line of text. Browser-safe, no dependencies.
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const short = (name: string) => name.slice(0, 3);

function parts(date: string) {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1;
  const d = Number(date.slice(8, 10));
  return { y, m, d, wd: new Date(Date.UTC(y, m, d)).getUTCDay() };
}

/** "Friday, March 20, 2026". */
export function longDate(date: string): string {
  const { y, m, d, wd } = parts(date);
  return `${WEEKDAYS[wd]}, ${MONTHS[m]} ${d}, ${y}`;
}

/** "Friday, March 20". */
export function longDay(date: string): string {
  const { m, d, wd } = parts(date);
  return `${WEEKDAYS[wd]}, ${MONTHS[m]} ${d}`;
}

/** "Fri, Mar 20, 2026". */
export function mediumDate(date: string): string {
  const { y, m, d, wd } = parts(date);
  return `${short(WEEKDAYS[wd]!)}, ${short(MONTHS[m]!)} ${d}, ${y}`;
}

/** "Fri, Mar 20". */
export function shortDay(date: string): string {
  const { m, d, wd } = parts(date);
  return `${short(WEEKDAYS[wd]!)}, ${short(MONTHS[m]!)} ${d}`;
}

/** "Mar". */
export function shortMonth(date: string): string {
  return short(MONTHS[parts(date).m]!);
}
