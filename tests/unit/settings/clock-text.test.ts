import { describe, expect, it } from "vitest";
import { formatClock } from "@/components/schedule/clock-text";
import { formatTime12, snapNote } from "@/lib/schedule/clock";

// Settings writes times as the dashboard does: "4:00 PM", never "04:00 PM" (the native time inputs
// draw their own value). Compared with plain spaces: ICU may put a narrow no-break space before PM.
const plain = (s: string) => s.replace(/\s/g, " ");

describe("times of day in Settings' text", () => {
  it("'It is … there now': no leading zero, in the zone, across daylight saving time", () => {
    expect(plain(formatClock(new Date("2026-01-15T16:00:00Z"), "UTC"))).toBe("4:00 PM");
    expect(plain(formatClock(new Date("2026-01-15T16:05:00Z"), "America/New_York"))).toBe("11:05 AM");
    expect(plain(formatClock(new Date("2026-07-15T16:05:00Z"), "America/New_York"))).toBe("12:05 PM");
    expect(plain(formatClock(new Date("2026-01-15T00:07:00Z"), "UTC"))).toBe("12:07 AM");
    expect(plain(formatClock(new Date("2026-01-15T04:00:00Z"), "Etc/GMT-5"))).toBe("9:00 AM");
    for (let h = 0; h < 24; h++) {
      const text = formatClock(new Date(Date.UTC(2026, 0, 15, h, 30)), "UTC");
      expect(text, String(h)).toMatch(/^(1[0-2]|[1-9]):30\s(AM|PM)$/);
      expect(text, String(h)).not.toMatch(/^0/);
    }
  });

  it("the reminder times in notes and messages (the snapping note, 'Both reminders are at …')", () => {
    expect(formatTime12("16:00")).toBe("4:00 PM");
    expect(formatTime12("09:05")).toBe("9:05 AM");
    expect(snapNote("15:58", "16:00")?.short).toBe("3:58 PM → 4:00 PM");
  });
});
