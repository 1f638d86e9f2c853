// How each day status looks and reads. Never colour alone: every status has its own fill pattern
// (solid, half, outlined, striped, dotted, dashed outline), a name, and an icon in lists.
import type { HistoryDay, HistoryStatus } from "@/lib/progress/history";

/**
 * Grid cells also cover days without history: before the first day, and the rest of this week; and a
 * day a streak freeze was spent on (a partial or missed day that kept the streak) shows as "frozen".
 */
export type CellStatus = HistoryStatus | "frozen" | "none" | "future";

/** How a day of the history is shown: "frozen" when a streak freeze kept the streak on it. */
export function cellStatusOf(day: Pick<HistoryDay, "status" | "frozen">): CellStatus {
  return day.frozen ? "frozen" : day.status;
}

export const STATUS_LABEL: Record<CellStatus, string> = {
  complete: "All done",
  partial: "Partly done",
  missed: "Missed",
  rest: "Rest day",
  paused: "Paused",
  frozen: "Streak freeze",
  pending: "Today",
  none: "Before you joined",
  future: "Upcoming",
};

export const STATUS_HINT: Record<Exclude<CellStatus, "none">, string> = {
  complete: "every break done",
  partial: "some breaks done",
  missed: "no break done",
  rest: "no breaks scheduled",
  paused: "reminders paused, streak kept",
  frozen: "a freeze kept your streak",
  pending: "the square with a dark ring",
  future: "days still to come",
};

export const STATUS_CELL: Record<CellStatus, string> = {
  complete: "bg-primary border border-primary",
  partial: "border border-primary bg-[linear-gradient(135deg,var(--primary)_50%,transparent_50%)]",
  missed: "border-[1.5px] border-destructive bg-destructive-subtle",
  // A filled grey square, in light and dark, so it never reads as an empty day to come.
  rest: "bg-muted-foreground/30 border border-transparent",
  paused:
    "border border-muted-foreground bg-[repeating-linear-gradient(135deg,var(--muted-foreground)_0_1.5px,transparent_1.5px_4px)]",
  // A freeze: a dotted fill inside a solid outline (the half-done day's colour, not the missed red).
  frozen:
    "border-[1.5px] border-primary bg-secondary bg-[radial-gradient(circle,var(--primary)_0.9px,transparent_1.2px)] bg-[length:4px_4px]",
  pending: "border-2 border-dashed border-primary",
  none: "border border-transparent",
  // Days still to come: an empty outline, so a new account's grid reads as a calendar to fill.
  future: "border border-input/70",
};

/** Today, whatever its status: a dark ring around the square. */
export const TODAY_CELL = "ring-2 ring-foreground ring-offset-1 ring-offset-card";

/**
 * The legend's entries for these days: the statuses they show (in LEGEND's order), plus Today and
 * Upcoming, which every grid has. A new account sees two entries, not eight it has no use for yet.
 */
export function legendFor(days: readonly Pick<HistoryDay, "status" | "frozen">[]): Exclude<CellStatus, "none">[] {
  const shown = new Set<CellStatus>(days.map(cellStatusOf));
  return LEGEND.filter((s) => s === "pending" || s === "future" || shown.has(s));
}

/** The legend, in reading order. */
export const LEGEND: Exclude<CellStatus, "none">[] = [
  "complete",
  "partial",
  "missed",
  "frozen",
  "rest",
  "paused",
  "pending",
  "future",
];

// Calendar math on "YYYY-MM-DD" at UTC midnight (days are 24 h there), kept here so the browser
// bundle does not pull in the time zone library for it.
const utc = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
export const addDays = (date: string, n: number) => new Date(utc(date) + n * 86_400_000).toISOString().slice(0, 10);
/** 0 = Sunday. */
export const weekday = (date: string) => new Date(utc(date)).getUTCDay();

export {
  longDate as formatLongDate,
  mediumDate as formatMediumDate,
  shortDay as formatShortDate,
  shortMonth as monthShort,
} from "@/components/dashboard/en-us-dates";

/** "2 of 2 breaks", "1 of 2 so far", "no breaks scheduled" … for a day. */
export function describeDay(day: { date: string; status: CellStatus; scheduled?: number; completed?: number }): string {
  const { status } = day;
  if (status === "none") return "before you joined";
  if (status === "future") return "upcoming";
  const scheduled = day.scheduled ?? 0;
  const done = Math.min(day.completed ?? 0, scheduled);
  const breaks = `${done} of ${scheduled} ${scheduled === 1 ? "break" : "breaks"}`;
  switch (status) {
    case "rest":
      return "rest day, no breaks scheduled";
    case "paused":
      return `reminders paused${scheduled ? ` (${breaks})` : ""}`;
    case "pending":
      return `today, ${breaks} so far`;
    case "frozen":
      return `streak freeze used, your streak was kept (${breaks})`;
    default:
      return `${STATUS_LABEL[status].toLowerCase()}, ${breaks}`;
  }
}

/**
 * A day's status in a short line of its own, under its date ("All done · 2 of 2 breaks", "Today ·
 * 1 of 2 so far", "Rest day"): the phone's month view shows it in a fixed two-line space, so it is
 * never longer than a line there.
 */
export function dayStatusLine(day: { status: CellStatus; scheduled?: number; completed?: number }): string {
  const { status } = day;
  const scheduled = day.scheduled ?? 0;
  if (status === "none" || status === "future" || status === "rest" || scheduled === 0) return STATUS_LABEL[status];
  const done = Math.min(day.completed ?? 0, scheduled);
  const breaks = `${done} of ${scheduled} ${scheduled === 1 ? "break" : "breaks"}`;
  return `${STATUS_LABEL[status]} · ${breaks}${status === "pending" ? " so far" : ""}`;
}
