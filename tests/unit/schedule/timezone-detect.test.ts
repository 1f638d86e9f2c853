import { describe, expect, it } from "vitest";
import { OFFERED_TIMEZONES } from "@/lib/schedule/constants";
import { detectTimezone } from "@/lib/schedule/timezone-detect";

describe("detectTimezone: the browser's own zone is kept", () => {
  it.each(
    [...OFFERED_TIMEZONES, "Europe/Madrid", "America/Detroit", "Asia/Shanghai", "Australia/Brisbane", "Etc/UTC"].map(
      (tz) => [tz],
    ),
  )("%s is taken as is", (tz) => {
    expect(detectTimezone({ resolved: tz, offsetMinutes: 999, locale: "en-US" })).toEqual({
      timezone: tz,
      method: "exact",
    });
  });
  it("wins over a Canadian locale and a contradicting offset", () => {
    expect(detectTimezone({ resolved: "Asia/Tokyo", offsetMinutes: -300, locale: "fr-CA" })).toEqual({
      timezone: "Asia/Tokyo",
      method: "exact",
    });
    expect(detectTimezone({ resolved: "America/Detroit", locale: "en-CA" })).toEqual({
      timezone: "America/Detroit",
      method: "exact",
    });
    // Chromium reports some zones by their old names; the current name is kept.
    expect(detectTimezone({ resolved: "Asia/Calcutta", locale: "en-IN" })).toEqual({
      timezone: "Asia/Kolkata",
      method: "exact",
    });
    expect(detectTimezone({ resolved: "Europe/Kiev", locale: "uk-UA" })).toEqual({
      timezone: "Europe/Kyiv",
      method: "exact",
    });
  });
});

describe("detectTimezone: offset table (zone missing or unknown)", () => {
  it.each([
    [-480, "America/Los_Angeles"],
    [-420, "America/Denver"],
    [-360, "America/Chicago"],
    [-300, "America/New_York"],
    [-240, "America/New_York"], // US Eastern summer, by far the most common
    [-210, "America/St_Johns"],
    [-180, "America/Sao_Paulo"],
    [-150, "America/St_Johns"],
    [0, "UTC"],
    [60, "Europe/Paris"],
    [120, "Europe/Berlin"],
    [180, "Europe/Moscow"],
    [240, "Asia/Dubai"],
    [330, "Asia/Kolkata"],
    [480, "Asia/Singapore"],
    [540, "Asia/Tokyo"],
    [600, "Australia/Sydney"],
    [660, "Australia/Sydney"],
  ])("offset %i → %s", (offsetMinutes, timezone) => {
    expect(detectTimezone({ offsetMinutes })).toEqual({ timezone, method: "offset" });
    expect(detectTimezone({ resolved: "Not/A_Zone", offsetMinutes, locale: "en-GB" })).toEqual({
      timezone,
      method: "offset",
    });
  });

  it("maps -0 (what a UTC browser's -getTimezoneOffset() gives) like 0", () => {
    expect(detectTimezone({ offsetMinutes: -0 })).toEqual({ timezone: "UTC", method: "offset" });
  });

  it("uses the Canadian twin for a Canadian locale", () => {
    expect(detectTimezone({ offsetMinutes: -480, locale: "en-CA" }).timezone).toBe("America/Vancouver");
    expect(detectTimezone({ offsetMinutes: -420, locale: "en-CA" }).timezone).toBe("America/Edmonton");
    expect(detectTimezone({ offsetMinutes: -300, locale: "fr-CA" }).timezone).toBe("America/Toronto");
    expect(detectTimezone({ offsetMinutes: -210, locale: "en-CA" }).timezone).toBe("America/St_Johns");
  });

  it("only returns offered zones (next candidate, else falls through)", () => {
    expect(detectTimezone({ offsetMinutes: -300 }, ["UTC", "America/Toronto"])).toEqual({
      timezone: "America/Toronto",
      method: "offset",
    });
    expect(detectTimezone({ offsetMinutes: 540 }, ["UTC"])).toEqual({ timezone: "UTC", method: "fallback" });
  });

  it("ignores offsets no offered zone has, and non-numbers", () => {
    expect(detectTimezone({ offsetMinutes: -600 }).method).toBe("fallback"); // Hawaii
    expect(detectTimezone({ offsetMinutes: 345 }).method).toBe("fallback"); // Nepal
    expect(detectTimezone({ offsetMinutes: Number.NaN }).method).toBe("fallback");
    expect(detectTimezone({ offsetMinutes: null }).method).toBe("fallback");
  });
});

describe("detectTimezone: locale", () => {
  it.each(["en-CA", "fr-CA", "fr-ca", "en_CA", "iu-Cans-CA"])("%s with nothing else → America/Toronto", (locale) => {
    expect(detectTimezone({ locale })).toEqual({ timezone: "America/Toronto", method: "locale" });
  });
  it("applies only when the offset says nothing", () => {
    expect(detectTimezone({ resolved: "Not/A_Zone", offsetMinutes: -600, locale: "en-CA" })).toEqual({
      timezone: "America/Toronto",
      method: "locale",
    });
  });
  it("is skipped when Toronto is not offered", () => {
    expect(detectTimezone({ locale: "en-CA" }, ["UTC"])).toEqual({ timezone: "UTC", method: "fallback" });
  });
});

describe("detectTimezone: fallback", () => {
  it.each([
    [{}],
    [{ resolved: "", offsetMinutes: undefined, locale: "" }],
    [{ resolved: null, offsetMinutes: null, locale: null }],
    [{ resolved: "Mars/Olympus", offsetMinutes: 360, locale: "bn-BD" }],
    [{ locale: "en-US" }],
    [{ locale: "en-US-u-ca-buddhist" }], // "-ca-" here is a calendar extension, not Canada
    [{ locale: "not a locale" }],
  ])("%j → UTC", (input) => {
    expect(detectTimezone(input)).toEqual({ timezone: "UTC", method: "fallback" });
  });
});
