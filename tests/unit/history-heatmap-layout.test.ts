import { describe, expect, it } from "vitest";
import { HEATMAP_WEEKS, heatmapRange, mondayOf, monthLabels } from "@/components/history/heatmap-layout";
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
