import { describe, expect, it } from "vitest";
import { nextBreakAfter, nextBreakLabel, nextOccurrence } from "@/lib/schedule/due";

const weekdays = { times: ["10:00", "15:00"], activeDays: [1, 2, 3, 4, 5], timezone: "America/New_York" };

describe("nextBreakAfter", () => {
  it("is the earliest slot later today, else the first one on the next active day", () => {
    // Monday 2026-11-23, 12:00 in New York (17:00 UTC): the afternoon break is next.
    expect(nextBreakAfter(weekdays, new Date("2026-11-23T17:00:00Z"))).toEqual({
      slot: 1,
      time: "15:00",
      localDate: "2026-11-23",
      at: new Date("2026-11-23T20:00:00Z"),
    });
    // Friday evening: Monday morning.
    expect(nextBreakAfter(weekdays, new Date("2026-11-27T23:00:00Z"))).toMatchObject({
      slot: 0,
      localDate: "2026-11-30",
    });
  });

  it("agrees with nextOccurrence for every slot (it is their minimum)", () => {
    for (let h = 0; h < 24 * 8; h += 5) {
      const after = new Date(Date.UTC(2026, 2, 6, h));
      const best = nextBreakAfter(weekdays, after)!;
      const each = [0, 1].map((s) => nextOccurrence(weekdays, s, after)!.getTime());
      expect(best.at.getTime()).toBe(Math.min(...each));
    }
  });

  it("is null with no active day", () => {
    expect(nextBreakAfter({ ...weekdays, activeDays: [] }, new Date())).toBeNull();
  });
});

describe("nextBreakLabel", () => {
  it("says today, tomorrow or the weekday", () => {
    expect(nextBreakLabel({ localDate: "2026-11-23", time: "15:00" }, "2026-11-23")).toBe("today at 3:00 PM");
    expect(nextBreakLabel({ localDate: "2026-11-24", time: "10:00" }, "2026-11-23")).toBe("tomorrow at 10:00 AM");
    expect(nextBreakLabel({ localDate: "2026-11-30", time: "10:00" }, "2026-11-29")).toBe("tomorrow at 10:00 AM");
    expect(nextBreakLabel({ localDate: "2026-11-30", time: "10:00" }, "2026-11-28")).toBe("Monday at 10:00 AM");
  });
});
