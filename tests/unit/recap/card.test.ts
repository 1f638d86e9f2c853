// The dashboard's "Your week" card (issue 33): shown on the user's Monday only, dismissed per week.
import { describe, expect, it } from "vitest";
import { changeLabel, nextDay, recapDismissKey, weekLabel } from "@/components/recap/format";
import { isRecapDay } from "@/components/recap/recap-card";

describe("RecapCard's rules", () => {
  it("shows on the Monday after the recapped week only", () => {
    expect(isRecapDay({ weekEnd: "2026-11-29", today: "2026-11-30" })).toBe(true);
    expect(isRecapDay({ weekEnd: "2026-11-29", today: "2026-12-01" })).toBe(false);
    expect(isRecapDay({ weekEnd: "2026-11-22", today: "2026-11-28" })).toBe(false);
    // Across a month and a year end.
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });

  it("remembers a dismissal per week, and words the numbers", () => {
    expect(recapDismissKey("2026-11-23")).not.toBe(recapDismissKey("2026-11-30"));
    expect(weekLabel("2026-11-23", "2026-11-29")).toBe("Nov 23 - Nov 29");
    expect(changeLabel(3)).toBe("+3 vs the week before");
    expect(changeLabel(-2)).toBe("\u22122 vs the week before");
    expect(changeLabel(0)).toBe("Same as the week before");
  });
});
