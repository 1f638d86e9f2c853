import { describe, expect, it } from "vitest";
import {
  addDays,
  formatTime12,
  isValidLocalDate,
  isValidTime,
  isValidTimeZone,
  localDate,
  localDateTimeToUtc,
  localTime,
  localWeekday,
  resolveTimeZone,
  snapTime,
} from "@/lib/schedule/time";
import { formatInTimeZone } from "date-fns-tz";

const iso = (d: Date) => d.toISOString();
// date-fns-tz picks between the two repeated fall-back instants using the host's own zone.
// Our servers (and this test environment) run in UTC; elsewhere we only assert "one of the two".
const hostIsUtc = new Date(2026, 0, 15).getTimezoneOffset() === 0 && new Date(2026, 6, 15).getTimezoneOffset() === 0;

describe("isValidTime", () => {
  it.each(["00:00", "09:05", "10:00", "12:30", "23:59", "19:45"])("accepts %s", (s) => {
    expect(isValidTime(s)).toBe(true);
  });
  it.each(["24:00", "9:00", "10:60", "1000", "10:0", " 10:00", "10:00 ", "10:00:00", "", "ab:cd", "-1:00", "10.00"])(
    "rejects %j",
    (s) => {
      expect(isValidTime(s)).toBe(false);
    },
  );
  it("rejects non-strings", () => {
    expect(isValidTime(1000)).toBe(false);
    expect(isValidTime(null)).toBe(false);
    expect(isValidTime(undefined)).toBe(false);
  });
});

describe("snapTime", () => {
  it.each([
    ["10:00", "10:00"],
    ["10:01", "10:00"],
    ["10:02", "10:00"],
    ["10:03", "10:05"],
    ["10:04", "10:05"],
    ["10:57", "10:55"],
    ["10:58", "11:00"],
    ["09:58", "10:00"],
    ["23:57", "23:55"],
    ["23:58", "00:00"],
    ["23:59", "00:00"],
    ["00:02", "00:00"],
    ["00:03", "00:05"],
  ])("%s → %s", (input, expected) => {
    expect(snapTime(input)).toBe(expected);
  });
  it("returns invalid input unchanged", () => {
    expect(snapTime("24:00")).toBe("24:00");
    expect(snapTime("9:03")).toBe("9:03");
    expect(snapTime("")).toBe("");
  });
  it("always yields a valid time on the 5-minute grid", () => {
    for (let m = 0; m < 24 * 60; m++) {
      const t = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      const s = snapTime(t);
      expect(isValidTime(s)).toBe(true);
      expect(Number(s.slice(3)) % 5).toBe(0);
    }
  });
});

describe("formatTime12", () => {
  it.each([
    ["15:00", "3:00 PM"],
    ["00:05", "12:05 AM"],
    ["00:00", "12:00 AM"],
    ["12:00", "12:00 PM"],
    ["12:59", "12:59 PM"],
    ["01:30", "1:30 AM"],
    ["11:59", "11:59 AM"],
    ["23:45", "11:45 PM"],
    ["10:00", "10:00 AM"],
  ])("%s → %s", (input, expected) => {
    expect(formatTime12(input)).toBe(expected);
  });
  it("returns invalid input unchanged", () => {
    expect(formatTime12("25:00")).toBe("25:00");
  });
});

describe("isValidTimeZone / resolveTimeZone", () => {
  it.each(["UTC", "America/New_York", "America/St_Johns", "Asia/Kolkata", "Australia/Sydney", "Europe/London"])(
    "accepts %s",
    (tz) => {
      expect(isValidTimeZone(tz)).toBe(true);
    },
  );
  it.each(["", "Mars/Olympus", "Not a zone", " UTC", "+05:00", "local"])("rejects %j", (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
  });
  it("rejects non-strings", () => {
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
    expect(isValidTimeZone(5)).toBe(false);
    expect(isValidTimeZone({})).toBe(false);
  });
  it("resolveTimeZone keeps valid zones and falls back to UTC", () => {
    expect(resolveTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(resolveTimeZone("")).toBe("UTC");
    expect(resolveTimeZone("Nowhere/Special")).toBe("UTC");
    expect(resolveTimeZone(null)).toBe("UTC");
    expect(resolveTimeZone(undefined)).toBe("UTC");
  });
});

describe("isValidLocalDate", () => {
  it("accepts real dates including leap days", () => {
    expect(isValidLocalDate("2026-03-08")).toBe(true);
    expect(isValidLocalDate("2028-02-29")).toBe(true);
  });
  it.each(["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-3-8", "20260308", "", "2026-03-08T00:00"])(
    "rejects %j",
    (s) => {
      expect(isValidLocalDate(s)).toBe(false);
    },
  );
});

describe("localDate / localTime", () => {
  const instant = new Date("2026-01-06T03:30:00Z"); // Tuesday 03:30 UTC
  it.each([
    ["UTC", "2026-01-06", "03:30"],
    ["America/New_York", "2026-01-05", "22:30"],
    ["America/Los_Angeles", "2026-01-05", "19:30"],
    ["America/St_Johns", "2026-01-06", "00:00"], // UTC-3:30 in winter
    ["Asia/Kolkata", "2026-01-06", "09:00"],
    ["Australia/Sydney", "2026-01-06", "14:30"], // AEDT, UTC+11
    ["Asia/Tokyo", "2026-01-06", "12:30"],
  ])("in %s it is %s %s", (tz, date, time) => {
    expect(localDate(instant, tz)).toBe(date);
    expect(localTime(instant, tz)).toBe(time);
  });
  it("switches date exactly at local midnight", () => {
    expect(localDate(new Date("2026-01-06T04:59:59Z"), "America/New_York")).toBe("2026-01-05");
    expect(localDate(new Date("2026-01-06T05:00:00Z"), "America/New_York")).toBe("2026-01-06");
  });
});

describe("localWeekday", () => {
  it.each([
    ["2026-01-04", 0],
    ["2026-01-05", 1],
    ["2026-01-09", 5],
    ["2026-01-10", 6],
    ["2026-03-08", 0],
    ["2026-11-01", 0],
    ["2028-02-29", 2],
    ["2000-01-01", 6],
  ])("%s is weekday %i", (date, wd) => {
    expect(localWeekday(date)).toBe(wd);
  });
  it("throws on a malformed date", () => {
    expect(() => localWeekday("2026-02-30")).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-01-05", 1, "2026-01-06"],
    ["2026-01-05", -1, "2026-01-04"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2026-03-07", 1, "2026-03-08"], // US spring-forward night
    ["2026-03-08", 1, "2026-03-09"],
    ["2026-10-31", 1, "2026-11-01"], // US fall-back night
    ["2026-03-28", 2, "2026-03-30"], // UK spring-forward weekend
    ["2026-01-05", 0, "2026-01-05"],
    ["2026-01-01", 365, "2027-01-01"],
  ])("%s %+i → %s", (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });
});

describe("localDateTimeToUtc", () => {
  it.each([
    ["2026-01-05", "10:00", "UTC", "2026-01-05T10:00:00.000Z"],
    ["2026-01-05", "10:00", "America/New_York", "2026-01-05T15:00:00.000Z"],
    ["2026-07-06", "10:00", "America/New_York", "2026-07-06T14:00:00.000Z"],
    ["2026-01-05", "10:00", "America/St_Johns", "2026-01-05T13:30:00.000Z"],
    ["2026-07-06", "10:00", "America/St_Johns", "2026-07-06T12:30:00.000Z"],
    ["2026-01-05", "10:00", "Asia/Kolkata", "2026-01-05T04:30:00.000Z"],
    ["2026-01-05", "10:00", "Australia/Sydney", "2026-01-04T23:00:00.000Z"],
    ["2026-07-06", "10:00", "Australia/Sydney", "2026-07-06T00:00:00.000Z"],
    ["2026-07-06", "10:00", "Europe/London", "2026-07-06T09:00:00.000Z"],
    ["2026-01-05", "00:00", "Asia/Tokyo", "2026-01-04T15:00:00.000Z"],
  ])("%s %s in %s = %s", (date, time, tz, expected) => {
    expect(iso(localDateTimeToUtc(date, time, tz))).toBe(expected);
  });

  it("round-trips with localDate/localTime away from DST edges", () => {
    for (const tz of ["UTC", "America/St_Johns", "Asia/Kolkata", "Australia/Sydney", "America/Los_Angeles"]) {
      const at = localDateTimeToUtc("2026-05-12", "15:35", tz);
      expect(localDate(at, tz)).toBe("2026-05-12");
      expect(localTime(at, tz)).toBe("15:35");
    }
  });

  it("throws on malformed input instead of returning an Invalid Date", () => {
    expect(() => localDateTimeToUtc("2026-13-01", "10:00", "UTC")).toThrow(RangeError);
    expect(() => localDateTimeToUtc("2026-01-05", "24:00", "UTC")).toThrow(RangeError);
    expect(() => localDateTimeToUtc("2026-01-05", "10:00", "Mars/Base")).toThrow(RangeError);
  });

  it("remembered answers never let an invalid date, time or zone through", () => {
    // Warm the caches with valid neighbours, then ask for invalid values that share parts with them.
    expect(iso(localDateTimeToUtc("2026-02-28", "10:00", "Europe/Berlin"))).toBe("2026-02-28T09:00:00.000Z");
    expect(localWeekday("2026-02-28")).toBe(6);
    expect(() => localDateTimeToUtc("2026-02-29", "10:00", "Europe/Berlin")).toThrow(RangeError);
    expect(() => localDateTimeToUtc("2026-02-28", "10:60", "Europe/Berlin")).toThrow(RangeError);
    expect(() => localDateTimeToUtc("2026-02-28", "10:00", "Europe/Berlinn")).toThrow(RangeError);
    expect(() => localWeekday("2026-02-29")).toThrow(RangeError);
    // The same valid question again answers the same instant (a fresh Date each time).
    const a = localDateTimeToUtc("2026-02-28", "10:00", "Europe/Berlin");
    const b = localDateTimeToUtc("2026-02-28", "10:00", "Europe/Berlin");
    expect(a).not.toBe(b);
    expect(a.getTime()).toBe(b.getTime());
  });

  describe("DST transitions", () => {
    it("America/New_York spring forward: 01:59 EST and 03:00 EDT are one minute apart", () => {
      expect(iso(localDateTimeToUtc("2026-03-08", "01:59", "America/New_York"))).toBe("2026-03-08T06:59:00.000Z");
      expect(iso(localDateTimeToUtc("2026-03-08", "03:00", "America/New_York"))).toBe("2026-03-08T07:00:00.000Z");
      expect(iso(localDateTimeToUtc("2026-03-08", "10:00", "America/New_York"))).toBe("2026-03-08T14:00:00.000Z");
    });

    it("America/New_York non-existent 02:30 resolves with the summer offset: one hour earlier on the clock (01:30 EST)", () => {
      const at = localDateTimeToUtc("2026-03-08", "02:30", "America/New_York");
      expect(iso(at)).toBe("2026-03-08T06:30:00.000Z");
      expect(formatInTimeZone(at, "America/New_York", "yyyy-MM-dd HH:mm")).toBe("2026-03-08 01:30");
    });

    it("Europe/London non-existent 01:30 resolves to 00:30 GMT on the same date", () => {
      const at = localDateTimeToUtc("2026-03-29", "01:30", "Europe/London");
      expect(iso(at)).toBe("2026-03-29T00:30:00.000Z");
      expect(localDate(at, "Europe/London")).toBe("2026-03-29");
      expect(iso(localDateTimeToUtc("2026-03-29", "02:00", "Europe/London"))).toBe("2026-03-29T01:00:00.000Z");
    });

    it("Australia/Sydney non-existent 02:30 (October spring forward) also lands an hour earlier", () => {
      const at = localDateTimeToUtc("2026-10-04", "02:30", "Australia/Sydney");
      expect(iso(at)).toBe("2026-10-03T15:30:00.000Z");
      expect(formatInTimeZone(at, "Australia/Sydney", "yyyy-MM-dd HH:mm")).toBe("2026-10-04 01:30");
    });

    it("America/New_York repeated 01:30 resolves to exactly one of its two instants (the first, EDT, on a UTC host)", () => {
      const at = localDateTimeToUtc("2026-11-01", "01:30", "America/New_York");
      const first = "2026-11-01T05:30:00.000Z"; // 01:30 EDT
      const second = "2026-11-01T06:30:00.000Z"; // 01:30 EST
      if (hostIsUtc) expect(iso(at)).toBe(first);
      else expect([first, second]).toContain(iso(at));
      expect(localTime(at, "America/New_York")).toBe("01:30");
      // Unambiguous neighbours are unaffected.
      expect(iso(localDateTimeToUtc("2026-11-01", "00:59", "America/New_York"))).toBe("2026-11-01T04:59:00.000Z");
      expect(iso(localDateTimeToUtc("2026-11-01", "02:00", "America/New_York"))).toBe("2026-11-01T07:00:00.000Z");
    });

    it("Europe/London repeated 01:30 resolves to exactly one of its two instants (the second, GMT, on a UTC host)", () => {
      const at = localDateTimeToUtc("2026-10-25", "01:30", "Europe/London");
      const first = "2026-10-25T00:30:00.000Z"; // 01:30 BST
      const second = "2026-10-25T01:30:00.000Z"; // 01:30 GMT
      if (hostIsUtc) expect(iso(at)).toBe(second);
      else expect([first, second]).toContain(iso(at));
      expect(localTime(at, "Europe/London")).toBe("01:30");
    });

    it("the day around a transition is 23 or 25 hours long between identical local times", () => {
      const h = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;
      const ny = (d: string) => localDateTimeToUtc(d, "10:00", "America/New_York");
      expect(h(ny("2026-03-07"), ny("2026-03-08"))).toBe(23);
      expect(h(ny("2026-10-31"), ny("2026-11-01"))).toBe(25);
      const ldn = (d: string) => localDateTimeToUtc(d, "10:00", "Europe/London");
      expect(h(ldn("2026-03-28"), ldn("2026-03-29"))).toBe(23);
      expect(h(ldn("2026-10-24"), ldn("2026-10-25"))).toBe(25);
    });
  });
});
