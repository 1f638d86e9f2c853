// The phone's month calendar as the server renders it (the page's first paint): today's month, its
// days named for screen readers, one tab stop, and the buttons to earlier months.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MonthView } from "@/components/history/month-view";
import { addDays } from "@/components/history/status";
import type { HistoryDay } from "@/lib/progress/history";

const nav = { className: "btn", previous: <i>prev</i>, next: <i>next</i> };
/** Days from `from` through `to`: both breaks done on weekdays, weekends rest days. */
function history(from: string, to: string): HistoryDay[] {
  const out: HistoryDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
    out.push(
      wd % 6 === 0
        ? { date, scheduled: 0, completed: 0, status: "rest" }
        : date === to
          ? { date, scheduled: 2, completed: 1, status: "pending" }
          : { date, scheduled: 2, completed: 2, status: "complete" },
    );
  }
  return out;
}
const render = (days: HistoryDay[], today: string, firstMonth: string) =>
  renderToStaticMarkup(<MonthView days={days} today={today} firstMonth={firstMonth} labelledBy="h" nav={nav} />);
const attr = (html: string, name: string) => [...html.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map((m) => m[1]);

describe("MonthView", () => {
  // 2026-11-25 is a Wednesday; November 2026 starts on a Sunday (six weeks).
  const today = "2026-11-25";

  it("shows today's month: a cell per day, named, today current and the one tab stop", () => {
    const html = render(history("2026-10-05", today), today, "2026-10");
    expect(html).toContain(">November 2026<");
    const dates = attr(html, "data-date");
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe("2026-11-01");
    expect(dates.at(-1)).toBe("2026-11-30");
    expect(html.match(/role="row"/g)).toHaveLength(1 + 6); // the weekday names, then six weeks
    expect(html.match(/role="columnheader"/g)).toHaveLength(7);
    expect(html).toContain('aria-label="Monday, November 2, 2026: all done, 2 of 2 breaks"');
    expect(html).toContain('aria-label="Saturday, November 7, 2026: rest day, no breaks scheduled"');
    expect(html).toContain('aria-label="Thursday, November 26, 2026: upcoming"');
    expect(html.match(/tabindex="0"/gi)).toHaveLength(1);
    expect(html).toMatch(/data-date="2026-11-25"[^>]*aria-current="date"[^>]*tabindex="0"/i);
    // The day under the grid, in a line of its own.
    expect(html).toContain("Today · 1 of 2 breaks so far");
    expect(html).toContain("17 days all done");
  });

  it("the buttons: earlier months while there are some, never past this month; aria-disabled, so they keep focus", () => {
    const html = render(history("2026-10-05", today), today, "2026-10");
    const buttons = [...html.matchAll(/<button[^>]*>/g)].map((m) => m[0]);
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain('aria-label="Previous Month"');
    expect(buttons[0]).not.toContain("aria-disabled=");
    expect(buttons[1]).toContain('aria-label="Next Month"');
    expect(buttons[1]).toContain('aria-disabled="true"');
    expect(buttons.join("")).not.toMatch(/\sdisabled/);
    // A user who joined this month: nothing to page to either way.
    const fresh = render(history("2026-11-20", today), today, "2026-11");
    expect(fresh.match(/aria-disabled="true"/g)).toHaveLength(2);
    expect(fresh).toContain('aria-label="Thursday, November 19, 2026: before you joined"');
  });
});
