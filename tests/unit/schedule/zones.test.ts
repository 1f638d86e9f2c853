import { describe, expect, it } from "vitest";
import { OFFERED_TIMEZONES } from "@/lib/schedule/constants";
import { snapNote } from "@/lib/schedule/time";
import { currentZoneName, formatOffset, offsetMinutes, searchZones, zoneIds, zoneOption } from "@/lib/schedule/zones";

const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");

describe("the time zone picker's list", () => {
  it("offers the spec's 20 zones first, in order, then every other zone once, A to Z", () => {
    const ids = zoneIds(["Europe/Madrid", "UTC", "Asia/Tokyo", "America/Detroit"]);
    expect(ids.slice(0, 20)).toEqual([...OFFERED_TIMEZONES]);
    expect(ids.slice(20)).toEqual(["America/Detroit", "Europe/Madrid"]);
    const all = zoneIds();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(300);
  });

  it("lists zones by their current names, once, where the browser's data still has the old ones", () => {
    // Chromium's Intl.supportedValuesOf("timeZone") says Asia/Calcutta, Asia/Katmandu, Europe/Kiev.
    const ids = zoneIds(["Asia/Calcutta", "Asia/Katmandu", "Europe/Kiev", "Europe/Kyiv", "Europe/Madrid"]);
    expect(ids.slice(20)).toEqual(["Asia/Kathmandu", "Europe/Kyiv", "Europe/Madrid"]);
    expect(ids.filter((id) => id === "Asia/Kolkata")).toHaveLength(1);
    expect(currentZoneName("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(currentZoneName("Europe/Madrid")).toBe("Europe/Madrid");
    // The current names work in this runtime, with the same offset as the old ones.
    for (const [old, current] of [
      ["Asia/Katmandu", "Asia/Kathmandu"],
      ["Europe/Kiev", "Europe/Kyiv"],
      ["Asia/Calcutta", "Asia/Kolkata"],
    ] as const) {
      expect(currentZoneName(old)).toBe(current);
      expect(offsetMinutes(current, SUMMER)).toBe(offsetMinutes(old, SUMMER));
    }
    const options = zoneIds().map((id) => zoneOption(id, WINTER));
    expect(searchZones(options, "kathmandu")[0]?.id).toBe("Asia/Kathmandu");
    expect(searchZones(options, "+5:45").map((o) => o.id)).toContain("Asia/Kathmandu");
  });

  it("gives each zone its offset at the moment asked, DST included", () => {
    expect(offsetMinutes("Europe/Madrid", WINTER)).toBe(60);
    expect(offsetMinutes("Europe/Madrid", SUMMER)).toBe(120);
    expect(offsetMinutes("America/St_Johns", WINTER)).toBe(-210);
    expect(offsetMinutes("Asia/Kolkata", SUMMER)).toBe(330);
    expect(offsetMinutes("UTC", SUMMER)).toBe(0);
    expect([formatOffset(330), formatOffset(-210), formatOffset(0)]).toEqual([
      "UTC+05:30",
      "UTC\u221203:30",
      "UTC\u00b100:00",
    ]);
    expect(zoneOption("Australia/Sydney", WINTER).offset).toBe("UTC+11:00");
  });

  it("finds zones by city, region or offset, best matches first", () => {
    const options = zoneIds().map((id) => zoneOption(id, WINTER));
    const first = (q: string) => searchZones(options, q)[0]?.id;
    expect(first("madrid")).toBe("Europe/Madrid");
    expect(first("new york")).toBe("America/New_York");
    expect(first("New_York")).toBe("America/New_York");
    expect(first("utc")).toBe("UTC");
    expect(searchZones(options, "+5:30").map((o) => o.id)).toContain("Asia/Kolkata");
    expect(searchZones(options, "utc-3").every((o) => o.offsetMinutes <= -180 && o.offsetMinutes > -240)).toBe(true);
    expect(searchZones(options, "gmt+1").map((o) => o.id)).toContain("Europe/Paris");
    expect(searchZones(options, "no such place")).toEqual([]);
    expect(searchZones(options, "  ")).toHaveLength(options.length);
  });
});

describe("snapNote: what snapping did, in words", () => {
  it("says nothing when nothing moved", () => {
    expect(snapNote("10:00", "10:00")).toBeNull();
    expect(snapNote("", "")).toBeNull();
  });
  it("names both times", () => {
    expect(snapNote("10:02", "10:00")).toEqual({
      short: "10:02 AM → 10:00 AM",
      full: "Rounded to the nearest 5 minutes: 10:02 AM → 10:00 AM.",
    });
    expect(snapNote("16:58", "17:00")?.short).toBe("4:58 PM → 5:00 PM");
    expect(snapNote("00:02", "00:00")?.short).toBe("12:02 AM → 12:00 AM");
  });
  it("says so when rounding passed midnight", () => {
    expect(snapNote("23:58", "00:00")).toEqual({
      short: "11:58 PM → 12:00 AM, start of day",
      full: "Rounded to the nearest 5 minutes: 11:58 PM → 12:00 AM. That is past midnight, so this break moves to the very start of the day.",
    });
  });
});
