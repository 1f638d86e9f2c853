// The reminder engine keeps each slot's next send time (nextOccurrence) instead of scanning users
// with dueSlots. Both must describe the same rule: at any moment, a slot whose next occurrence
// after (now - 30 min) is at or before now is exactly a slot dueSlots reports as due.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dueSlots, nextOccurrence } from "@/lib/schedule/due";

const zones = [
  "UTC",
  "America/New_York",
  "America/St_Johns",
  "Europe/London",
  "Asia/Kolkata",
  "Australia/Sydney",
  "Pacific/Kiritimati",
];
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 11 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m * 5).padStart(2, "0")}`);

describe("slot scheduling agrees with dueSlots", () => {
  it("for random schedules, zones and instants (including DST weeks)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(time, { minLength: 1, maxLength: 2 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
        fc.constantFrom(...zones),
        // 2026: both DST changes in the US, Europe and Australia fall inside the range.
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
        (times, activeDays, timezone, ms) => {
          const settings = { times, activeDays, timezone };
          const now = new Date(ms);
          const after = new Date(ms - 30 * 60_000);
          const viaSlots = times
            .map((_, slot) => ({ slot, at: nextOccurrence(settings, slot, after) }))
            .filter((x) => x.at !== null && x.at.getTime() <= ms)
            .map((x) => `${x.slot}@${x.at!.toISOString()}`)
            .sort();
          const viaDue = dueSlots(settings, now)
            .map((d) => `${d.slot}@${d.scheduledAt.toISOString()}`)
            .sort();
          expect(viaSlots).toEqual(viaDue);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
