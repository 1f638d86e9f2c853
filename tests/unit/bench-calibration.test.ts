// The bench's phone-scaled pass uses the Lighthouse team's CPU throttling calculator (issue 29).
import { describe, expect, it } from "vitest";
import { scaledSlowdown } from "@/bench/lighthouse.mjs";

describe("scaledSlowdown (Lighthouse's CPU throttling calculator)", () => {
  it("gives 3x at a benchmark index of 1,300 and one more per 233 above", () => {
    expect(scaledSlowdown(1300)).toBe(3);
    expect(scaledSlowdown(1533)).toBe(4);
    expect(scaledSlowdown(2000)).toBe(6);
    // The 2026-11-27 run's host (index 3,645): 13.06x, not 4 × 3.645 = 14.58x.
    expect(scaledSlowdown(3645)).toBe(13.06);
  });
  it("gives 2x at 800 and one more per 500 up to 1,300, 1x at 150 and below", () => {
    expect(scaledSlowdown(800)).toBe(2);
    expect(scaledSlowdown(1050)).toBe(2.5);
    expect(scaledSlowdown(1299)).toBe(3);
    expect(scaledSlowdown(475)).toBe(1.5);
    expect(scaledSlowdown(150)).toBe(1);
    expect(scaledSlowdown(90)).toBe(1);
  });
});
