import { describe, expect, it } from "vitest";
import { longDate, longDay, mediumDate, shortDay, shortMonth } from "@/components/dashboard/en-us-dates";

const intl = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

// Every day of four years (a leap year among them): the same text as Intl's en-US formats.
const days: string[] = [];
for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000)
  days.push(new Date(t).toISOString().slice(0, 10));

describe("US English calendar dates without Intl", () => {
  it("writes every day as Intl's en-US formats do", () => {
    for (const date of days) {
      expect(longDate(date)).toBe(intl(date, { weekday: "long", month: "long", day: "numeric", year: "numeric" }));
      expect(longDay(date)).toBe(intl(date, { weekday: "long", month: "long", day: "numeric" }));
      expect(mediumDate(date)).toBe(intl(date, { weekday: "short", month: "short", day: "numeric", year: "numeric" }));
      expect(shortDay(date)).toBe(intl(date, { weekday: "short", month: "short", day: "numeric" }));
      expect(shortMonth(date)).toBe(intl(date, { month: "short" }));
    }
  });

  it("reads the date as a calendar day, whatever the machine's zone", () => {
    expect(longDate("2026-03-01")).toBe("Sunday, March 1, 2026");
    expect(longDay("2028-02-29")).toBe("Tuesday, February 29");
    expect(mediumDate("2026-12-31")).toBe("Thu, Dec 31, 2026");
  });
});
