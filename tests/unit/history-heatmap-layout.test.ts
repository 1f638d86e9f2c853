import { describe, expect, it } from "vitest";
import {
  addMonths,
  firstMonthShown,
  HEATMAP_WEEKS,
  heatmapRange,
  lastOfMonth,
  MONTH_ROWS,
  mondayOf,
  monthLabels,
  monthTitle,
  monthWeeks,
  sameDayInMonth,
} from "@/components/history/heatmap-layout";
import { addDays, weekday } from "@/components/history/status";

describe("heatmapRange", () => {
  // 2026-11-25 is a Wednesday.
  const today = "2026-11-25";

  it("a year-old account: the 53 weeks ending with this week, today in the last column", () => {
    const r = heatmapRange(today, "2024-01-10");
    expect(r).toEqual({ start: addDays("2026-11-23", -52 * 7), todayColumn: HEATMAP_WEEKS - 1, fromSignUp: false });
    expect(weekday(r.start)).toBe(1);
  });

  it("a new account starts at the week it joined, today in the first column (no empty months before)", () => {
    expect(heatmapRange(today, today)).toEqual({ start: "2026-11-23", todayColumn: 0, fromSignUp: true });
  });

  it("an account of a few months starts at its sign-up week", () => {
    const r = heatmapRange(today, "2026-05-09"); // a Saturday
    expect(r.start).toBe("2026-05-04");
    expect(r.fromSignUp).toBe(true);
    expect(r.todayColumn).toBe(29);
  });

  it("joined exactly 52 weeks ago (same Monday as the year's first column): the plain last 12 months", () => {
    const r = heatmapRange(today, addDays("2026-11-23", -52 * 7));
    expect(r.fromSignUp).toBe(false);
    expect(r.todayColumn).toBe(52);
  });
});

describe("mondayOf", () => {
  it.each([
    ["2026-11-23", "2026-11-23"],
    ["2026-11-29", "2026-11-23"],
    ["2026-11-25", "2026-11-23"],
    ["2026-03-01", "2026-02-23"],
  ])("%s → %s", (d, m) => expect(mondayOf(d)).toBe(m));
});

describe("monthLabels", () => {
  it("one label per month, over the column whose week holds the 1st, in order", () => {
    const start = "2025-11-24"; // a Monday; 53 weeks reach 2026-11-29
    const labels = monthLabels(start);
    for (const { column, label } of labels.slice(1)) {
      const week = Array.from({ length: 7 }, (_, i) => addDays(start, column * 7 + i));
      const first = week.find((d) => d.endsWith("-01"))!;
      expect(first, label).toBeDefined();
      expect(new Date(`${first}T00:00:00Z`).toLocaleString("en-US", { month: "short", timeZone: "UTC" })).toBe(label);
    }
    expect(labels.map((l) => l.label)).toEqual([
      "Dec",
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
    ]);
  });

  it("never two labels closer than three columns (no overlap): the partial first month gives way", () => {
    // 2026-07-20: the first column is July, but the next column already holds August 1st.
    const labels = monthLabels("2026-07-20");
    expect(labels[0]).toEqual({ column: 1, label: "Aug" });
    for (let i = 1; i < labels.length; i++) expect(labels[i]!.column - labels[i - 1]!.column).toBeGreaterThanOrEqual(3);
  });

  it("a month starting in the last column gets no label (it would stick out past the grid)", () => {
    // Find a start whose last column (52) holds a 1st.
    let start = "2025-01-06";
    while (!Array.from({ length: 7 }, (_, i) => addDays(start, 52 * 7 + i)).some((d) => d.endsWith("-01")))
      start = addDays(start, 7);
    const labels = monthLabels(start);
    expect(labels.at(-1)!.column).toBeLessThanOrEqual(HEATMAP_WEEKS - 2);
  });

  it("labels the first column with its own month when the next 1st is far enough", () => {
    expect(monthLabels("2026-06-08")[0]).toEqual({ column: 0, label: "Jun" });
  });
});

describe("the phone's month view", () => {
  it("addMonths crosses years both ways", () => {
    expect(addMonths("2026-11", 1)).toBe("2026-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-11", -11)).toBe("2025-12");
    expect(addMonths("2026-03", -27)).toBe("2023-12");
  });

  it("names the month in full", () => {
    expect(monthTitle("2026-11")).toBe("November 2026");
    expect(monthTitle("2027-01")).toBe("January 2027");
  });

  it("lastOfMonth knows February and leap years", () => {
    expect(lastOfMonth("2026-02")).toBe("2026-02-28");
    expect(lastOfMonth("2028-02")).toBe("2028-02-29");
    expect(lastOfMonth("2026-12")).toBe("2026-12-31");
  });

  it("monthWeeks: Monday-first rows covering every day of the month, never more than MONTH_ROWS", () => {
    // November 2026 starts on a Sunday: six rows, the first holding only the 1st.
    const nov = monthWeeks("2026-11");
    expect(nov).toHaveLength(6);
    expect(nov[0]).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
    expect(nov.at(-1)![0]).toBe("2026-11-30");
    // February 2027 starts on a Monday and has 28 days: exactly four rows.
    expect(monthWeeks("2027-02")).toHaveLength(4);
    for (let m = "2025-01"; m <= "2028-12"; m = addMonths(m, 1)) {
      const weeks = monthWeeks(m);
      expect(weeks.length).toBeLessThanOrEqual(MONTH_ROWS);
      const inMonth = weeks.flat().filter((d) => d.startsWith(m));
      expect(inMonth[0]).toBe(`${m}-01`);
      expect(inMonth.at(-1)).toBe(lastOfMonth(m));
      for (const week of weeks) expect(weekday(week[0]!)).toBe(1);
    }
  });

  it("sameDayInMonth keeps the day, or the month's last when it has fewer", () => {
    expect(sameDayInMonth("2026-11-15", -1)).toBe("2026-10-15");
    expect(sameDayInMonth("2026-03-31", -1)).toBe("2026-02-28");
    expect(sameDayInMonth("2026-12-31", 1)).toBe("2027-01-31");
  });

  it("firstMonthShown: the month joined; for an older account the first whole month of the 365 days", () => {
    expect(firstMonthShown("2026-11-28", "2026-11-28")).toBe("2026-11");
    expect(firstMonthShown("2026-11-28", "2026-05-09")).toBe("2026-05");
    // The history of an older account starts 364 days back (2025-11-29): December is the first whole month.
    expect(firstMonthShown("2026-11-28", addDays("2026-11-28", -364))).toBe("2025-12");
    for (let today = "2026-01-01"; today <= "2028-12-31"; today = addDays(today, 1)) {
      const first = `${firstMonthShown(today, addDays(today, -364))}-01`;
      const back = (Date.parse(today) - Date.parse(first)) / 86_400_000;
      expect(back, today).toBeLessThanOrEqual(364);
      expect(back, today).toBeGreaterThanOrEqual(334); // 11 whole months at least
    }
  });
});
