// Which weeks the history heatmap shows and where its month labels go, and the weeks of the phone's
// month view. Pure (dates as "YYYY-MM-DD"), so the layout is unit-tested without a browser.
import { addDays, monthShort, weekday } from "./status";
import { MONTHS } from "@/components/dashboard/en-us-dates";

/** 12 months of weeks: the columns the heatmap always has, so it fills its card at every age. */
export const HEATMAP_WEEKS = 53;
/** A month label is about three columns wide: closer labels would overlap. */
const LABEL_COLUMNS = 3;

export interface HeatmapRange {
  /** The Monday of the first column. */
  start: string;
  /** Index of today's column. */
  todayColumn: number;
  /** True when the first column is the week the user joined (fewer than 12 months of history). */
  fromSignUp: boolean;
}

/** The Monday of a date's week (weeks start on Monday, as desk workers' do). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}

/**
 * The 53 weeks ending with this week; for a user who joined less than a year ago, the 53 weeks
 * starting with the week they joined (the weeks after today are upcoming, empty squares), so a
 * new account's grid starts at its first day instead of with months of nothing.
 */
export function heatmapRange(today: string, firstDay: string): HeatmapRange {
  const thisWeek = mondayOf(today);
  const yearAgo = addDays(thisWeek, -(HEATMAP_WEEKS - 1) * 7);
  const joined = mondayOf(firstDay < today ? firstDay : today);
  const fromSignUp = joined > yearAgo;
  const start = fromSignUp ? joined : yearAgo;
  const todayColumn = Math.round((Date.parse(thisWeek) - Date.parse(start)) / (7 * 86_400_000));
  return { start, todayColumn, fromSignUp };
}

export interface MonthLabel {
  column: number;
  label: string;
}

/**
 * One label per month, over the first column whose week holds the month's 1st (the first column
 * is labelled with its own month). A label closer than three columns to the next one is dropped,
 * so labels never overlap: the first one gives way to the next.
 */
export function monthLabels(start: string, weeks = HEATMAP_WEEKS): MonthLabel[] {
  const out: MonthLabel[] = [];
  for (let column = 0; column < weeks; column++) {
    const monday = addDays(start, column * 7);
    const first = Array.from({ length: 7 }, (_, i) => addDays(monday, i)).find((d) => d.endsWith("-01"));
    if (column === 0) out.push({ column, label: monthShort(first ?? monday) });
    else if (first) out.push({ column, label: monthShort(first) });
  }
  return out.filter((m, i) => {
    const next = out[i + 1];
    // The last column's label would stick out past the grid: it needs a second column.
    return next ? next.column - m.column >= LABEL_COLUMNS : m.column <= weeks - 2;
  });
}

// ---- The phone's month view: one calendar month at a time, weeks as rows (Monday first). ----

/** A month as "YYYY-MM": the month of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month `n` months after `month` ("YYYY-MM"; n may be negative). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "November 2026". */
export const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The last date of a month. */
export const lastOfMonth = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);

/**
 * The weeks (Monday to Sunday) that hold a month's days: 4 to 6 rows of 7 dates, the days of the
 * months before and after it included (the view leaves those blank).
 */
export function monthWeeks(month: string): string[][] {
  const end = lastOfMonth(month);
  const weeks: string[][] = [];
  for (let monday = mondayOf(`${month}-01`); monday <= end; monday = addDays(monday, 7))
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  return weeks;
}

/** The most weeks a month spans: the view keeps this many rows' height, so paging never moves the page. */
export const MONTH_ROWS = 6;

/** The same day of the month `n` months on (the 31st becomes the month's last day when it has fewer). */
export function sameDayInMonth(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const last = lastOfMonth(month);
  const day = `${month}-${date.slice(8, 10)}`;
  return day > last ? last : day;
}

/**
 * The first month the phone's view pages back to. `firstDay` is the history's first day: the day
 * the user joined, or for an older account the first of the 365 days the page reads, whose month
 * is then shown only if it starts on the 1st (the days before are not in the history, and would
 * read as "before you joined").
 */
export function firstMonthShown(today: string, firstDay: string): string {
  const windowStart = addDays(today, -(HISTORY_DAYS - 1));
  const first = firstDay < today ? firstDay : today;
  return first > windowStart || first.endsWith("-01") ? monthOf(first) : addMonths(monthOf(first), 1);
}

/** The days of history the page reads (app/(wide)/history/page.tsx). */
export const HISTORY_DAYS = 365;
