// The heatmap's squares must tell every status apart; a rest day and a day still to come once looked
// the same (both empty outlines) and read as "nothing happened yet" (issue 33).
import { describe, expect, it } from "vitest";
import { LEGEND, legendFor, STATUS_CELL, STATUS_HINT, STATUS_LABEL } from "@/components/history/status";

const fill = (cls: string) => cls.split(/\s+/).filter((c) => c.startsWith("bg-"));

describe("heatmap cell styles", () => {
  it("gives every status in the legend its own look, a label and a hint", () => {
    const looks = LEGEND.map((s) => STATUS_CELL[s]);
    expect(new Set(looks).size).toBe(LEGEND.length);
    for (const s of LEGEND) {
      expect(STATUS_LABEL[s]).toBeTruthy();
      expect(STATUS_HINT[s]).toBeTruthy();
    }
  });

  it("fills a rest day and leaves a day to come empty", () => {
    expect(fill(STATUS_CELL.rest)).not.toEqual([]);
    expect(fill(STATUS_CELL.future)).toEqual([]);
    expect(fill(STATUS_CELL.rest)).not.toEqual(fill(STATUS_CELL.future));
  });
});

describe("legendFor", () => {
  it("a new account's legend is Today and Upcoming only", () => {
    expect(legendFor([{ status: "pending" }])).toEqual(["pending", "future"]);
    expect(legendFor([])).toEqual(["pending", "future"]);
  });
  it("adds each status the days show, once, in the legend's order (a freeze is its own entry)", () => {
    expect(
      legendFor([
        { status: "rest" },
        { status: "complete" },
        { status: "missed", frozen: true },
        { status: "complete" },
      ]),
    ).toEqual(["complete", "frozen", "rest", "pending", "future"]);
  });
});
