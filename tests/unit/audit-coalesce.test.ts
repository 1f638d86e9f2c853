import { describe, expect, it } from "vitest";
import { mergeDetails } from "@/lib/platform/audit-coalesce";

describe("mergeDetails (one audit row per user and window)", () => {
  it("keeps the highest count and the union of listed fields", () => {
    expect(mergeDetails({ fields: ["times"], count: 1 }, { fields: ["timezone", "times"] }, 2)).toEqual({
      fields: ["times", "timezone"],
      count: 2,
    });
    // a repeat that arrives late never lowers the count
    expect(mergeDetails({ fields: ["times"], count: 5 }, { fields: ["times"] }, 4)).toEqual({
      fields: ["times"],
      count: 5,
    });
    expect(mergeDetails({ reason: "user", count: 3 }, { reason: "user" }, 4)).toEqual({ reason: "user", count: 4 });
  });
});
