import { describe, expect, it } from "vitest";
import { scheduleSummary } from "@/lib/progress/summary";

describe("scheduleSummary (the Daily Movement Schedule card's line)", () => {
  it("counts what is scheduled and done, singular and plural", () => {
    expect(scheduleSummary(2, 1, ["done", "upcoming"])).toBe("2 movements scheduled today, 1 completed");
    expect(scheduleSummary(1, 0, ["upcoming", "skipped"])).toBe("1 movement scheduled today, 0 completed");
  });
  it("names a first day's breaks from before joining as the bonus they are", () => {
    expect(scheduleSummary(1, 0, ["before-start", "upcoming"])).toBe(
      "1 movement scheduled today, 0 completed, plus 1 bonus break",
    );
    expect(scheduleSummary(1, 1, ["before-start", "done"])).toBe(
      "1 movement scheduled today, 1 completed, plus 1 bonus break",
    );
    expect(scheduleSummary(1, 0, ["before-start", "before-start", "upcoming"])).toBe(
      "1 movement scheduled today, 0 completed, plus 2 bonus breaks",
    );
  });
  it("says a day with nothing to count has nothing scheduled", () => {
    expect(scheduleSummary(0, 0, [])).toBe("No movements scheduled today");
    expect(scheduleSummary(0, 0, ["before-start", "skipped"])).toBe("No movements scheduled today");
  });
});
