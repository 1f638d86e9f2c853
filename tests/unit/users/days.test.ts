// dayFacts skips the zone conversions for days far from every pause: the result must be exactly
// what checking every day against every pause gives.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, localDateTimeToUtc } from "@/lib/schedule/time";
import { dayFacts, type Period } from "@/lib/progress/days";

function reference(dates: string[], tz: string, pauses: Period[], now: Date) {
  return dates.map((date) => {
    const start = localDateTimeToUtc(date, "00:00", tz).getTime();
    const end = Math.min(localDateTimeToUtc(addDays(date, 1), "00:00", tz).getTime(), now.getTime());
    let all = false;
    let partly = false;
    for (const p of pauses) {
      const s = p.startedAt.getTime();
      const e = p.endedAt ? p.endedAt.getTime() : Number.POSITIVE_INFINITY;
      if (s < end && e > start) partly = true;
      if (s <= start && e >= end) all = true;
    }
    return { pausedAllDay: all, pausedPartly: partly && !all };
  });
}

describe("dayFacts pause flags", () => {
  // Callers pass days through today only (a day after `now` has an empty, meaningless span).
  const dates = Array.from({ length: 115 }, (_, i) => addDays("2026-01-01", i)); // through 2026-04-25
  const now = new Date("2026-04-25T15:00:00Z");
  const instant = fc.integer({ min: Date.parse("2025-12-20T00:00:00Z"), max: Date.parse("2026-05-10T00:00:00Z") });
  const pause = fc
    .tuple(instant, fc.option(fc.integer({ min: 1, max: 40 * 86_400_000 }), { nil: null }))
    .map(([s, len]): Period => ({
      startedAt: new Date(s),
      endedAt: len === null ? null : new Date(s + len),
    }));

  it("equal the every-day check, for any pauses, in zones with and without DST (and midnight changes)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "UTC",
          "America/New_York",
          "Europe/London",
          "Australia/Sydney",
          "America/Santiago",
          "Asia/Kolkata",
        ),
        fc.array(pause, { maxLength: 4 }),
        (tz, pauses) => {
          const schedule = { times: ["08:30", "17:00"], activeDays: [1, 2, 3, 4, 5], timezone: tz };
          const got = dayFacts(dates, schedule, new Map(), pauses, now).map(({ pausedAllDay, pausedPartly }) => ({
            pausedAllDay,
            pausedPartly,
          }));
          expect(got).toEqual(reference(dates, tz, pauses, now));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("count completed slots of existing times and scheduled breaks by weekday", () => {
    const [mon, sat] = dayFacts(
      ["2026-01-05", "2026-01-10"],
      { times: ["08:30", "17:00"], activeDays: [1, 2, 3, 4, 5], timezone: "UTC" },
      new Map([["2026-01-05", new Set([0, 1, 5])]]),
      [],
      now,
    );
    expect(mon).toEqual({ date: "2026-01-05", scheduled: 2, completed: 2, pausedAllDay: false, pausedPartly: false });
    expect(sat).toEqual({ date: "2026-01-10", scheduled: 0, completed: 0, pausedAllDay: false, pausedPartly: false });
  });
});
