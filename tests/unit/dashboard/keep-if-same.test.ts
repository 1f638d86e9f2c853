import { describe, expect, it } from "vitest";
import { keepIfSame } from "@/components/dashboard/keep-if-same";

describe("keepIfSame", () => {
  const shown = {
    completedToday: 1,
    totalToday: 2,
    schedule: [
      { slot: 0, completed: true },
      { slot: 1, completed: false },
    ],
  };

  it("keeps the shown copy (the same object) when the fresh one holds the same data", () => {
    const fresh = JSON.parse(JSON.stringify(shown)) as typeof shown;
    expect(keepIfSame(shown, fresh)).toBe(shown);
  });

  it("takes the fresh copy when anything differs, however deep", () => {
    const fresh = { ...shown, schedule: [shown.schedule[0]!, { slot: 1, completed: true }] };
    expect(keepIfSame(shown, fresh)).toBe(fresh);
    const counts = { ...shown, completedToday: 2 };
    expect(keepIfSame(shown, counts)).toBe(counts);
  });

  it("takes the fresh copy when nothing was shown yet", () => {
    const fresh = { ...shown };
    expect(keepIfSame(undefined, fresh)).toBe(fresh);
  });
});
