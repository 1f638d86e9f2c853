"use client";

// The phone's calendar: one month at a time, as wide as the card (seven columns, Monday first), with
// buttons for the months before. A year of 53 weeks does not fit a phone without sideways
// scrolling or squares too small to tap; a month does, with squares a thumb can hit.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { HistoryDay } from "@/lib/progress/history";
import {
  addMonths,
  lastOfMonth,
  mondayOf,
  MONTH_ROWS,
  monthOf,
  monthTitle,
  monthWeeks,
  sameDayInMonth,
} from "./heatmap-layout";
import {
  addDays,
  cellStatusOf,
  dayStatusLine,
  describeDay,
  formatLongDate,
  STATUS_CELL,
  TODAY_CELL,
  type CellStatus,
} from "./status";

const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

/** The previous/next buttons' look (classes and icons), drawn by the server's button primitive. */
export interface MonthNav {
  className: string;
  previous: ReactNode;
  next: ReactNode;
}

interface Day {
  date: string;
  status: CellStatus;
  scheduled?: number;
  completed?: number;
}

export function MonthView({
  days,
  today,
  firstMonth,
  labelledBy,
  nav,
}: {
  days: HistoryDay[];
  today: string;
  /** The first month that can be shown ("YYYY-MM"). */
  firstMonth: string;
  labelledBy: string;
  nav: MonthNav;
}) {
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const dayOf = (date: string): Day => {
    const d = byDate.get(date);
    return d
      ? { date, status: cellStatusOf(d), scheduled: d.scheduled, completed: d.completed }
      : { date, status: date > today ? "future" : "none" };
  };
  const lastMonth = monthOf(today);
  const minDate = `${firstMonth}-01`;
  const maxDate = lastOfMonth(lastMonth);

  // The day in focus (and shown under the grid); the month shown is its month.
  const [active, setActive] = useState(today);
  const month = monthOf(active);
  const weeks = monthWeeks(month);
  const grid = useRef<HTMLDivElement>(null);
  const focusActive = useRef(false);
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${active}"]`)?.focus();
  }, [active]);

  const allDone = weeks.flat().filter((d) => d.startsWith(month) && dayOf(d).status === "complete").length;
  const shown = dayOf(active);

  /** To another month by its buttons: today in today's month, else its 1st. */
  function page(n: -1 | 1) {
    const to = addMonths(month, n);
    if (to < firstMonth || to > lastMonth) return;
    setActive(to === lastMonth ? today : `${to}-01`);
  }

  function move(to: string) {
    if (to < minDate || to > maxDate) return;
    focusActive.current = true;
    setActive(to);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const monday = mondayOf(active);
    const target: Record<string, string> = {
      ArrowLeft: addDays(active, -1),
      ArrowRight: addDays(active, 1),
      ArrowUp: addDays(active, -7),
      ArrowDown: addDays(active, 7),
      Home: monday,
      End: addDays(monday, 6),
      PageUp: sameDayInMonth(active, -1),
      PageDown: sameDayInMonth(active, 1),
    };
    if (!(e.key in target)) return;
    e.preventDefault();
    move(target[e.key]!);
  }

  const atFirst = month <= firstMonth;
  const atLast = month >= lastMonth;
  const titleId = `${labelledBy}-month`;
  const gridId = `${titleId}-grid`;
  const navButton = (n: -1 | 1, disabled: boolean, label: string, icon: ReactNode) => (
    <button
      type="button"
      data-slot="button"
      data-variant="outline"
      data-size="icon-sm"
      className={`${nav.className} aria-disabled:cursor-not-allowed aria-disabled:opacity-40`}
      aria-label={label}
      // aria-disabled, not disabled: a button that turns disabled under the keyboard drops its focus.
      aria-disabled={disabled || undefined}
      aria-controls={gridId}
      onClick={() => page(n)}
    >
      {icon}
    </button>
  );

  return (
    <div className="mx-auto max-w-md space-y-3">
      <div className="flex items-center justify-between gap-2">
        {navButton(-1, atFirst, "Previous Month", nav.previous)}
        <div className="min-w-0 flex-1 text-center">
          {/* Read out when the buttons change the month. */}
          <p id={titleId} className="font-semibold" aria-live="polite">
            {monthTitle(month)}
          </p>
          <p className="text-xs text-muted-foreground">
            {allDone === 0
              ? `No days all done${month === lastMonth ? " yet" : ""}`
              : `${allDone} ${allDone === 1 ? "day" : "days"} all done`}
          </p>
        </div>
        {navButton(1, atLast, "Next Month", nav.next)}
      </div>

      <div
        ref={grid}
        id={gridId}
        role="grid"
        aria-labelledby={`${labelledBy} ${titleId}`}
        aria-describedby={`${titleId}-keys`}
        onKeyDown={onKeyDown}
        onClick={(e) => {
          const cell = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>("[data-date]") : null;
          if (cell?.dataset.date) move(cell.dataset.date);
        }}
        className="space-y-1"
      >
        <div role="row" className="grid grid-cols-7 gap-1">
          {WEEKDAYS.map(([short, long]) => (
            <div key={long} role="columnheader" className="text-center text-[11px] text-muted-foreground">
              <span aria-hidden="true">{short}</span>
              <span className="sr-only">{long}</span>
            </div>
          ))}
        </div>
        {/* Always six rows high: a month of four or five weeks leaves the rest empty, so the card
            below does not move when the month changes. */}
        <div className="space-y-1" style={{ minHeight: `calc(${MONTH_ROWS} * 3rem + ${MONTH_ROWS - 1} * 0.25rem)` }}>
          {weeks.map((week) => (
            <div role="row" key={week[0]} className="grid grid-cols-7 gap-1">
              {week.map((date) => {
                if (!date.startsWith(month)) return <div key={date} role="gridcell" className="h-12" />;
                const day = dayOf(date);
                const isToday = date === today;
                return (
                  <div
                    key={date}
                    role="gridcell"
                    data-date={date}
                    data-status={day.status}
                    aria-label={`${formatLongDate(date)}: ${describeDay(day)}`}
                    aria-current={isToday ? "date" : undefined}
                    data-active={date === active || undefined}
                    tabIndex={date === active ? 0 : -1}
                    className="flex h-12 cursor-pointer flex-col items-center gap-1 rounded-md pt-0.5 outline-ring focus-visible:outline-2 data-active:bg-muted"
                  >
                    <span
                      aria-hidden="true"
                      className={`text-[11px] leading-none tabular-nums ${isToday ? "font-bold text-foreground" : "text-muted-foreground"}`}
                    >
                      {Number(date.slice(8, 10))}
                    </span>
                    <span
                      aria-hidden="true"
                      className={`size-7 rounded-md ${STATUS_CELL[day.status]}${isToday ? ` ${TODAY_CELL}` : ""}`}
                    />
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>

      {/* The day in focus (tapped or reached with the keys): the grid's cells name it for screen readers. */}
      <div className="flex items-center gap-3 rounded-lg bg-muted/60 px-3 py-2" aria-hidden="true">
        <span className={`size-4 shrink-0 rounded-[3px] ${STATUS_CELL[shown.status]}`} />
        <span className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-medium">{formatLongDate(shown.date)}</span>
          <span className="block truncate text-muted-foreground">{dayStatusLine(shown)}</span>
        </span>
      </div>
      <p id={`${titleId}-keys`} className="sr-only">
        Use the arrow keys to move between days, Page Up and Page Down for the month before and after.
      </p>
    </div>
  );
}
