// TZIDs as calendar files write them → the IANA zone the conversions use.
import { describe, expect, it } from "vitest";
import { ianaZoneForTzid, windowsZones } from "@/lib/calendar-source/windows-zones";
import { isValidTimeZone } from "@/lib/schedule/time";

describe("ianaZoneForTzid", () => {
  it("knows the CLDR Windows zones, each mapped to a zone this runtime has", () => {
    const entries = Object.entries(windowsZones);
    expect(entries.length).toBeGreaterThanOrEqual(130);
    expect(entries.filter(([, iana]) => !isValidTimeZone(iana))).toEqual([]);
  });

  it.each([
    ["Pacific Standard Time", "America/Los_Angeles"],
    ["Eastern Standard Time", "America/New_York"],
    ["Central Standard Time", "America/Chicago"],
    ["Mountain Standard Time", "America/Denver"],
    ["US Mountain Standard Time", "America/Phoenix"],
    ["W. Europe Standard Time", "Europe/Berlin"],
    ["Romance Standard Time", "Europe/Paris"],
    ["GMT Standard Time", "Europe/London"],
    ["Greenwich Standard Time", "Atlantic/Reykjavik"],
    ["AUS Eastern Standard Time", "Australia/Sydney"],
    ["Lord Howe Standard Time", "Australia/Lord_Howe"],
    ["India Standard Time", "Asia/Kolkata"],
    ["Tokyo Standard Time", "Asia/Tokyo"],
    ["New Zealand Standard Time", "Pacific/Auckland"],
    ["E. South America Standard Time", "America/Sao_Paulo"],
    ["UTC", "UTC"],
  ])("%s → %s", (tzid, iana) => {
    expect(ianaZoneForTzid(tzid)).toBe(iana);
  });

  it("reads quoted, differently cased and spaced Windows names", () => {
    expect(ianaZoneForTzid('"Pacific Standard Time"')).toBe("America/Los_Angeles");
    expect(ianaZoneForTzid("w. europe standard time")).toBe("Europe/Berlin");
    expect(ianaZoneForTzid("  GMT Standard Time ")).toBe("Europe/London");
  });

  it("reads Outlook display names, UTC or GMT prefixed, with commas or slashes", () => {
    expect(ianaZoneForTzid("(UTC-08:00) Pacific Time (US & Canada)")).toBe("America/Los_Angeles");
    expect(ianaZoneForTzid('"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"')).toBe("Europe/Berlin");
    expect(ianaZoneForTzid("(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna")).toBe("Europe/Berlin");
    expect(ianaZoneForTzid("(UTC+00:00) Dublin, Edinburgh, Lisbon, London")).toBe("Europe/London");
    expect(ianaZoneForTzid("(UTC+10:00) Canberra, Melbourne, Sydney")).toBe("Australia/Sydney");
    expect(ianaZoneForTzid("(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi")).toBe("Asia/Kolkata");
  });

  it("passes IANA names through and strips vendor paths", () => {
    expect(ianaZoneForTzid("Europe/London")).toBe("Europe/London");
    expect(ianaZoneForTzid("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(ianaZoneForTzid("/mozilla.org/20050126_1/America/New_York")).toBe("America/New_York");
    expect(ianaZoneForTzid("/citadel.org/20190914_1/America/Argentina/Cordoba")).toBe("America/Argentina/Cordoba");
  });

  it("returns null for names it cannot place", () => {
    expect(ianaZoneForTzid("Customized Time Zone")).toBeNull();
    expect(ianaZoneForTzid("(UTC+03:00) Somewhere Custom")).toBeNull();
    expect(ianaZoneForTzid("")).toBeNull();
    expect(ianaZoneForTzid("+05:00")).toBeNull();
  });
});
