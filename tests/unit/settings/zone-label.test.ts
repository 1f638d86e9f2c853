import { describe, expect, it } from "vitest";
import { etcOffsetMinutes, placeName, zoneLabel, zoneParts } from "@/components/schedule/zone-label";
import { OFFERED_TIMEZONES } from "@/lib/schedule/constants";

// Settings shows a zone by its name, never its raw IANA id ("Etc/GMT-5" was shown as it is); the
// form's value stays the id.
const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");
const MINUS = "\u2212";

describe("a time zone's name as Settings shows it", () => {
  it("names a daylight-saving zone by its city, its zone name and its offset at that moment", () => {
    expect(zoneLabel("America/New_York", WINTER)).toBe(`New York (Eastern Time, UTC${MINUS}5)`);
    expect(zoneLabel("America/New_York", SUMMER)).toBe(`New York (Eastern Time, UTC${MINUS}4)`);
    expect(zoneLabel("Europe/Madrid", WINTER)).toBe("Madrid (Central European Time, UTC+1)");
    expect(zoneLabel("Europe/Madrid", SUMMER)).toBe("Madrid (Central European Time, UTC+2)");
    expect(zoneLabel("Asia/Kolkata", WINTER)).toBe("Kolkata (India Standard Time, UTC+5:30)");
    expect(zoneLabel("America/St_Johns", WINTER)).toBe(`St Johns (Newfoundland Time, UTC${MINUS}3:30)`);
  });

  it("shows Etc/GMT-5 as UTC+05:00: the sign of the Etc names is inverted", () => {
    expect(etcOffsetMinutes("Etc/GMT-5")).toBe(300);
    expect(etcOffsetMinutes("Etc/GMT+3")).toBe(-180);
    expect(zoneLabel("Etc/GMT-5", WINTER)).toBe("UTC+05:00");
    expect(zoneLabel("Etc/GMT+3", WINTER)).toBe(`UTC${MINUS}03:00`);
    expect(zoneLabel("Etc/GMT-14")).toBe("UTC+14:00");
    expect(zoneLabel("Etc/GMT-5")).not.toContain("Etc");
  });

  it("shows UTC and its aliases as UTC", () => {
    for (const id of ["UTC", "Etc/UTC", "Etc/GMT", "Etc/GMT+0", "GMT"]) expect(zoneLabel(id, WINTER)).toBe("UTC");
    expect(zoneParts("UTC")).toEqual({ place: "UTC" });
  });

  it("uses current city names and says where a city is for zones with a region", () => {
    expect(placeName("Asia/Calcutta")).toBe("Kolkata");
    expect(placeName("America/Argentina/Buenos_Aires")).toBe("Buenos Aires, Argentina");
    expect(placeName("America/Indiana/Knox")).toBe("Knox, Indiana");
    expect(zoneLabel("Asia/Calcutta", WINTER)).toBe("Kolkata (India Standard Time, UTC+5:30)");
  });

  it("never shows a raw id or slash for the spec's zones, and keeps an unknown id as it is", () => {
    for (const id of OFFERED_TIMEZONES) {
      const label = zoneLabel(id, WINTER);
      expect(label, id).not.toContain("/");
      expect(label, id).not.toContain("_");
      expect(label, id).not.toMatch(/GMT/);
    }
    expect(zoneLabel("Mars/Olympus_Mons", WINTER)).toBe("Mars/Olympus_Mons");
    expect(zoneLabel("")).toBe("");
  });
});
