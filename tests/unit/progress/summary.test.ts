import { describe, expect, it } from "vitest";
import { scheduleSummary } from "@/lib/progress/summary";

describe("scheduleSummary (the Daily Movement Schedule card's line)", () => {
  it("counts what is scheduled and done, singular and plural", () => {
    expect(scheduleSummary(2, 1, ["done", "upcoming"])).toBe("2 movements scheduled today, 1 completed");
    expect(scheduleSummary(1, 0, ["upcoming", "skipped"])).toBe("1 movement scheduled today, 0 completed");
  });
  it("says a rest day has nothing scheduled", () => {
    expect(scheduleSummary(0, 0, [])).toBe("No movements scheduled today");
  });
  it("tells a first day's breaks before joining from skipped ones, and says both when both", () => {
    expect(scheduleSummary(0, 0, ["before-start", "before-start"])).toBe("Your breaks were due before you joined");
    expect(scheduleSummary(0, 0, ["skipped", "skipped"])).toBe("All of today's breaks are skipped");
    expect(scheduleSummary(0, 0, ["before-start", "skipped"])).toBe(
      "No breaks left to count today (1 before you joined, 1 skipped)",
    );
  });
});
