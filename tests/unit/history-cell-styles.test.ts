// The heatmap's squares must tell every status apart; a rest day and a day still to come once looked
// the same (both empty outlines) and read as "nothing happened yet" (issue 33).
import { describe, expect, it } from "vitest";
import { dayStatusLine, LEGEND, legendFor, STATUS_CELL, STATUS_HINT, STATUS_LABEL } from "@/components/history/status";

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

describe("dayStatusLine (the phone's line under a day's date)", () => {
  it("names the status with the breaks done, short enough for one line", () => {
    expect(dayStatusLine({ status: "complete", scheduled: 2, completed: 2 })).toBe("All done · 2 of 2 breaks");
    expect(dayStatusLine({ status: "partial", scheduled: 2, completed: 1 })).toBe("Partly done · 1 of 2 breaks");
    expect(dayStatusLine({ status: "pending", scheduled: 1, completed: 0 })).toBe("Today · 0 of 1 break so far");
    expect(dayStatusLine({ status: "frozen", scheduled: 2, completed: 1 })).toBe("Streak freeze · 1 of 2 breaks");
    expect(dayStatusLine({ status: "rest", scheduled: 0, completed: 0 })).toBe("Rest day");
    expect(dayStatusLine({ status: "paused", scheduled: 0 })).toBe("Paused");
    expect(dayStatusLine({ status: "future" })).toBe("Upcoming");
    expect(dayStatusLine({ status: "none" })).toBe("Before you joined");
  });
});
