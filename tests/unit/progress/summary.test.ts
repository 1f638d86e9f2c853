import { describe, expect, it } from "vitest";
import { scheduleSummary } from "@/lib/progress/summary";

describe("scheduleSummary (the Daily Movement Schedule card's line)", () => {
  it("counts what is scheduled and done, singular and plural", () => {
    expect(scheduleSummary(2, 1, ["done", "upcoming"])).toBe("2 movements scheduled today, 1 completed");
    expect(scheduleSummary(1, 0, ["upcoming", "skipped"])).toBe("1 movement scheduled today, 0 completed");
  });
  it("names a first day's break from before joining beside the count, as the list shows it", () => {
    expect(scheduleSummary(1, 0, ["before-start", "upcoming"])).toBe(
      "1 movement scheduled today, 0 completed (plus 1 from before you joined)",
    );
  });
  it("says a rest day has nothing scheduled", () => {
    expect(scheduleSummary(0, 0, [])).toBe("No movements scheduled today");
  });
  it("on a first day, invites the break from before joining (it counts once taken), and says the skipped ones", () => {
    expect(scheduleSummary(0, 0, ["before-start", "before-start"])).toBe(
      "Your first break counts as soon as you take it",
    );
    expect(scheduleSummary(0, 0, ["skipped", "skipped"])).toBe("All of today's breaks are skipped");
    expect(scheduleSummary(0, 0, ["before-start", "skipped"])).toBe(
      "1 skipped. Your first break counts as soon as you take it",
    );
  });
});
