"use client";

// The history page's one interactive part: the calendar (a month at a time on a phone, the whole
// year where it fits) and, on request, the same days as a table. The rest of the page (stats,
// rates, the last 30 days) is rendered by the server.
import { useState, type ReactNode } from "react";
import type { HistoryDay } from "@/lib/progress/history";
import { Heatmap } from "./heatmap";
import { firstMonthShown, type HeatmapRange } from "./heatmap-layout";
import { MonthView, type MonthNav } from "./month-view";
import { cellStatusOf, formatMediumDate, STATUS_LABEL } from "./status";

const TABLE_ID = "history-table";

/**
 * Which calendar shows is up to the card's width (a CSS container query on the card, named
 * "heatmap"): both are in the page, one hidden, so nothing is measured and nothing moves once the
 * script runs. `toggle` and `nav` are the buttons' look (classes and icons), drawn by the server's
 * button primitive.
 */
export function DaysView({
  days,
  today,
  range,
  labelledBy,
  toggle,
  nav,
}: {
  days: HistoryDay[];
  today: string;
  range: HeatmapRange;
  labelledBy: string;
  toggle: { className: string; icon: ReactNode };
  nav: MonthNav;
}) {
  const [showTable, setShowTable] = useState(false);
  return (
    <>
      <div data-testid="history-calendar">
        <div className="@min-[51rem]/heatmap:hidden">
          <MonthView
            days={days}
            today={today}
            firstMonth={firstMonthShown(today, days[0]?.date ?? today)}
            labelledBy={labelledBy}
            nav={nav}
          />
        </div>
        <div className="hidden @min-[51rem]/heatmap:block">
          <Heatmap days={days} today={today} range={range} labelledBy={labelledBy} />
        </div>
      </div>
      <button
        type="button"
        data-slot="button"
        data-variant="outline"
        data-size="sm"
        className={toggle.className}
        aria-expanded={showTable}
        aria-controls={TABLE_ID}
        onClick={() => setShowTable((v) => !v)}
      >
        {toggle.icon}
        {showTable ? "Hide the Table" : "Show as a Table"}
      </button>
      <div id={TABLE_ID} hidden={!showTable}>
        {showTable && (
          // One scroll box, focusable (a plain table: the Table primitive would nest a second one).
          <div
            role="region"
            aria-label="Every day, newest first"
            tabIndex={0}
            className="max-h-96 overflow-y-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">Every day of the last 12 months, newest first</caption>
              <thead className="sticky top-0 bg-card">
                <tr className="border-b">
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    How it went
                  </th>
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Breaks done
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((d) => (
                  <tr key={d.date} className="border-b last:border-0">
                    <td className="px-2 py-1.5">{formatMediumDate(d.date)}</td>
                    <td className="px-2 py-1.5">{STATUS_LABEL[cellStatusOf(d)]}</td>
                    <td className="px-2 py-1.5 tabular-nums">
                      {d.scheduled === 0 ? "—" : `${Math.min(d.completed, d.scheduled)} of ${d.scheduled}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
