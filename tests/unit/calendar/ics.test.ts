import { describe, expect, it } from "vitest";
import {
  CRLF,
  escapeText,
  foldLine,
  localStamp,
  paramValue,
  serialize,
  transitions,
  utcOffset,
  utcStamp,
  vtimezone,
} from "@/lib/calendar/ics";

const octets = (s: string) => Buffer.byteLength(s, "utf8");
const unfold = (s: string) => s.replace(/\r\n /g, "");

describe("escapeText (RFC 5545 3.3.11)", () => {
  it.each([
    ["plain text", "plain text"],
    ["a, b; c", "a\\, b\\; c"],
    ["back\\slash", "back\\\\slash"],
    ["two\nlines", "two\\nlines"],
    ["crlf\r\nline", "crlf\\nline"],
    ["\\,", "\\\\\\,"], // the backslash is escaped first, then the comma
    ["Movement break (5 min)", "Movement break (5 min)"],
  ])("%j → %j", (input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });
});

describe("paramValue", () => {
  it("leaves IANA zone names alone and quotes values with : ; ,", () => {
    expect(paramValue("America/New_York")).toBe("America/New_York");
    expect(paramValue("Etc/GMT+5")).toBe("Etc/GMT+5");
    expect(paramValue("a:b")).toBe('"a:b"');
    expect(paramValue('x"y\r\n')).toBe("xy");
  });
});

describe("foldLine (RFC 5545 3.1: 75 octets, CRLF + space, whole characters)", () => {
  it("keeps a line of 75 octets as it is and folds one of 76", () => {
    const exact = "X".repeat(75);
    expect(foldLine(exact)).toBe(exact);
    const over = "X".repeat(76);
    expect(foldLine(over)).toBe(`${"X".repeat(75)}${CRLF} X`);
  });

  it("every physical line is at most 75 octets, continuations included, and unfolding restores the line", () => {
    const line = `DESCRIPTION:${"Stretch, breathe; repeat. ".repeat(20)}`;
    const folded = foldLine(line);
    for (const physical of folded.split(CRLF)) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split(CRLF)
        .slice(1)
        .every((l) => l.startsWith(" ")),
    ).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it("never splits a multi-byte UTF-8 character (2, 3 and 4 bytes; surrogate pairs)", () => {
    for (const ch of ["é", "☕", "𝕏", "🏃"]) {
      for (let prefix = 0; prefix < 6; prefix++) {
        const line = `SUMMARY:${"a".repeat(prefix)}${ch.repeat(60)}`;
        const folded = foldLine(line);
        for (const physical of folded.split(CRLF)) {
          expect(octets(physical)).toBeLessThanOrEqual(75);
          // a split character would show up as a replacement character once re-decoded
          expect(Buffer.from(physical, "utf8").toString("utf8")).toBe(physical);
          expect(physical).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
        }
        expect(unfold(folded)).toBe(line);
      }
    }
  });

  it("serialize ends every line with CRLF and folds the long ones", () => {
    const text = serialize(["BEGIN:VCALENDAR", `X-LONG:${"y".repeat(100)}`, "END:VCALENDAR"]);
    expect(text.endsWith(CRLF)).toBe(true);
    expect(text.split(CRLF).every((l) => octets(l) <= 75)).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/); // no bare LF
    expect(unfold(text).split(CRLF).filter(Boolean)).toEqual([
      "BEGIN:VCALENDAR",
      `X-LONG:${"y".repeat(100)}`,
      "END:VCALENDAR",
    ]);
  });
});

describe("stamps and offsets", () => {
  it("formats UTC and local date-times and offsets", () => {
    expect(utcStamp(new Date("2026-03-08T07:00:00.123Z"))).toBe("20260308T070000Z");
    expect(localStamp("2026-03-09", "08:30")).toBe("20260309T083000");
    expect(utcOffset(-300)).toBe("-0500");
    expect(utcOffset(330)).toBe("+0530");
    expect(utcOffset(-210)).toBe("-0330");
    expect(utcOffset(0)).toBe("+0000");
  });
});

describe("VTIMEZONE from the runtime's zone data", () => {
  it("finds New York's 2026 changes to the minute", () => {
    expect(transitions("America/New_York", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([
      { at: Date.UTC(2026, 2, 8, 7), from: -300, to: -240 },
      { at: Date.UTC(2026, 10, 1, 6), from: -240, to: -300 },
    ]);
  });

  it("writes New York's rules as yearly RRULEs (second Sunday of March, first of November)", () => {
    const lines = vtimezone("America/New_York", 2025, 2036);
    expect(lines).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:America/New_York",
      "BEGIN:DAYLIGHT",
      "DTSTART:20250309T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
      "TZOFFSETFROM:-0500",
      "TZOFFSETTO:-0400",
      "TZNAME:EDT",
      "END:DAYLIGHT",
      "BEGIN:STANDARD",
      "DTSTART:20251102T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
      "TZOFFSETFROM:-0400",
      "TZOFFSETTO:-0500",
      "TZNAME:EST",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("uses the last Sunday for London and the southern hemisphere's order for Sydney", () => {
    const london = vtimezone("Europe/London", 2025, 2036);
    expect(london).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(london).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(london).toContain("DTSTART:20250330T010000");
    expect(london).toContain("DTSTART:20251026T020000");
    const sydney = vtimezone("Australia/Sydney", 2025, 2036);
    expect(sydney).toContain("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU");
    expect(sydney).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU");
    expect(sydney).toContain("TZOFFSETTO:+1100");
  });

  it("a zone without changes is one STANDARD component", () => {
    for (const [tz, offset] of [
      ["UTC", "+0000"],
      ["Asia/Tokyo", "+0900"],
      ["Asia/Kolkata", "+0530"],
    ] as const) {
      const lines = vtimezone(tz, 2025, 2036);
      expect(lines.filter((l) => l.startsWith("BEGIN:"))).toEqual(["BEGIN:VTIMEZONE", "BEGIN:STANDARD"]);
      expect(lines).toContain(`TZOFFSETFROM:${offset}`);
      expect(lines).toContain(`TZOFFSETTO:${offset}`);
    }
  });
});
