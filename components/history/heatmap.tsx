"use client";

import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { HistoryDay } from "@/lib/progress/history";
import { HEATMAP_WEEKS as WEEKS, monthLabels, type HeatmapRange } from "./heatmap-layout";
import {
  addDays,
  cellStatusOf,
  describeDay,
  formatLongDate,
  STATUS_CELL,
  STATUS_LABEL,
  TODAY_CELL,
  type CellStatus,
} from "./status";

// Rows Monday to Sunday: desk workers' weeks start on Monday.
const ROWS = [
  { short: "Mon", long: "Monday" },
  { short: "", long: "Tuesday" },
  { short: "Wed", long: "Wednesday" },
  { short: "", long: "Thursday" },
  { short: "Fri", long: "Friday" },
  { short: "", long: "Saturday" },
  { short: "", long: "Sunday" },
];

interface Cell {
  date: string;
  status: CellStatus;
  scheduled?: number;
  completed?: number;
  label: string;
}

/** The 53 weeks from `start` (a Monday), as columns of 7 cells (Monday first). */
function buildCells(days: HistoryDay[], today: string, start: string): Cell[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return Array.from({ length: WEEKS * 7 }, (_, i) => {
    const date = addDays(start, i);
    const day = byDate.get(date);
    const status: CellStatus = day ? cellStatusOf(day) : date > today ? "future" : "none";
    const cell = { date, status, scheduled: day?.scheduled, completed: day?.completed };
    return { ...cell, label: `${formatLongDate(date)}: ${describeDay(cell)}` };
  });
}

const CELL_BASE =
  "size-[var(--cell)] shrink-0 rounded-[2px] outline-offset-1 focus-visible:outline-2 focus-visible:outline-ring";

/** The cell an event landed on (its data-index), or null outside the cells. */
function cellIndex(target: EventTarget): number | null {
  const cell = target instanceof HTMLElement ? target.closest<HTMLElement>("[data-index]") : null;
  return cell ? Number(cell.dataset.index) : null;
}

/**
 * The 12-month calendar heatmap: an ARIA grid (rows = weekdays, columns = weeks) with one tab stop
 * and arrow-key navigation (roving tabindex), so keyboard and screen-reader users reach every
 * named day without 371 tab stops; the same days are also in the table view below it. Shown only
 * where the card is wide enough for all 53 weeks (phones get the month view, month-view.tsx); should
 * it still be too narrow (a zoomed page), it scrolls inside its own box, starting at this week.
 */
export function Heatmap({
  days,
  today,
  range,
  labelledBy,
}: {
  days: HistoryDay[];
  today: string;
  range: HeatmapRange;
  labelledBy: string;
}) {
  const cells = useMemo(() => buildCells(days, today, range.start), [days, today, range.start]);
  const todayIndex = Math.max(
    0,
    cells.findIndex((c) => c.date === today),
  );
  const [active, setActive] = useState(todayIndex);
  const [hovered, setHovered] = useState<number | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const shown = cells[hovered ?? active] ?? cells[todayIndex]!;

  const months = useMemo(() => monthLabels(range.start), [range.start]);
  // This week is the last column for a year-old account: the box starts scrolled to its end
  // without script (direction: rtl). A newer account's grid starts at its first week, at the left.
  const startAtEnd = range.todayColumn >= WEEKS / 2;
  const box = useRef<HTMLDivElement>(null);
  // Where the box is narrower than the year (a zoomed page): today near its right edge, the weeks
  // before it in view (the browser clamps the scroll at either end).
  useLayoutEffect(() => {
    const el = box.current;
    const cell = el?.querySelector<HTMLElement>('[aria-current="date"]');
    if (!el || !cell) return;
    const c = cell.getBoundingClientRect();
    el.scrollLeft += c.right + 2 * c.width - el.getBoundingClientRect().right;
  }, []);

  function move(to: number) {
    if (to < 0 || to >= cells.length) return;
    setActive(to);
    setHovered(null);
    const el = grid.current?.querySelector<HTMLElement>(`[data-index="${to}"]`);
    el?.focus();
    el?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const row = active % 7;
    const target: Record<string, number> = {
      ArrowLeft: active - 7,
      ArrowRight: active + 7,
      ArrowUp: row > 0 ? active - 1 : active,
      ArrowDown: row < 6 ? active + 1 : active,
      Home: e.ctrlKey ? 0 : row,
      End: e.ctrlKey ? cells.length - 1 : (WEEKS - 1) * 7 + row,
      PageUp: Math.max(row, active - 4 * 7),
      PageDown: Math.min((WEEKS - 1) * 7 + row, active + 4 * 7),
    };
    if (!(e.key in target)) return;
    e.preventDefault();
    move(target[e.key]!);
  }

  return (
    // The squares grow with the card (container units): 53 weeks fill it on a laptop.
    <div className="space-y-3 @container">
      <div className="flex gap-1 [--gap:3px] [--cell:clamp(10px,calc((100cqw_-_2.25rem)/53_-_var(--gap)),22px)]">
        {/* The weekday names, outside the scroll box: the weeks (and their month names) scroll
            beside them, never under them. Screen readers get each row's own row header. */}
        <div
          aria-hidden="true"
          className="flex w-6 shrink-0 flex-col gap-[var(--gap)] pt-[calc(0.25rem+1rem+var(--gap))] text-[10px] leading-[var(--cell)] text-muted-foreground"
        >
          {ROWS.map((r) => (
            <span key={r.long} className="h-[var(--cell)]">
              {r.short}
            </span>
          ))}
        </div>
        <div ref={box} className={`min-w-0 flex-1 overflow-x-auto pb-2${startAtEnd ? " [direction:rtl]" : ""}`}>
          {/* p-1: room for today's ring and the focus outline at the edges. */}
          <div className="inline-block p-1 [direction:ltr]">
            <div
              className="relative mb-[var(--gap)] h-4 text-[11px] leading-4 text-muted-foreground"
              aria-hidden="true"
            >
              {months.map((m) => (
                <span
                  key={m.column}
                  className="absolute top-0 whitespace-nowrap"
                  style={{ left: `calc(${m.column} * (var(--cell) + var(--gap)))` }}
                >
                  {m.label}
                </span>
              ))}
            </div>
            <div
              ref={grid}
              role="grid"
              aria-labelledby={labelledBy}
              aria-describedby={`${labelledBy}-keys`}
              onKeyDown={onKeyDown}
              // One listener for every cell (read from data-index) instead of two closures per cell.
              onClick={(e) => {
                const index = cellIndex(e.target);
                if (index !== null) move(index);
              }}
              onMouseOver={(e) => {
                const index = cellIndex(e.target);
                if (index !== null && index !== hovered) setHovered(index);
              }}
              onMouseLeave={() => setHovered(null)}
              className="flex flex-col gap-[var(--gap)]"
            >
              {ROWS.map((r, row) => (
                <div role="row" key={r.long} className="flex gap-[var(--gap)]">
                  <span role="rowheader" className="sr-only">
                    {r.long}
                  </span>
                  {Array.from({ length: WEEKS }, (_, col) => {
                    const index = col * 7 + row;
                    const cell = cells[index]!;
                    return (
                      <div
                        key={cell.date}
                        role="gridcell"
                        data-index={index}
                        data-date={cell.date}
                        data-status={cell.status}
                        aria-label={cell.label}
                        aria-current={cell.date === today ? "date" : undefined}
                        tabIndex={index === active ? 0 : -1}
                        // Plain concatenation: these classes never conflict, and tailwind-merge on
                        // 371 cells was a measurable share of the page's hydration.
                        className={`${CELL_BASE} ${STATUS_CELL[cell.status]}${cell.date === today ? ` ${TODAY_CELL}` : ""}`}
                      />
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
      <p className="min-h-5 text-sm" aria-hidden="true">
        <span className="font-medium">{formatLongDate(shown.date)}</span>
        <span className="text-muted-foreground">
          :{" "}
          {shown.status === "none" || shown.status === "future"
            ? STATUS_LABEL[shown.status].toLowerCase()
            : describeDay(shown)}
        </span>
      </p>
      <p id={`${labelledBy}-keys`} className="sr-only">
        Use the arrow keys to move between days and weeks, Home and End for the first and last week.
      </p>
    </div>
  );
}
