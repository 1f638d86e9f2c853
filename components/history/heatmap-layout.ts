// Which weeks the history heatmap shows and where its month labels go. Pure (dates as
// "YYYY-MM-DD"), so the layout is unit-tested without a browser.
import { addDays, monthShort, weekday } from "./status";

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
