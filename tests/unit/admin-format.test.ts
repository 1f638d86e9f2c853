import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { ADMIN_DATE_FORMAT, formatAdminDate } from "@/components/admin/format";

// The console formats with Intl (no date library in the browser); it must match the spec's
// 'MMM d, yyyy h:mm a' exactly, as date-fns writes it, in the process's own zone.
describe("formatAdminDate", () => {
  it.each([
    "2026-01-05T15:07:00.000Z",
    "2026-11-23T00:00:00.000Z",
    "2026-07-04T12:30:59.999Z",
    "2025-12-31T23:59:00.000Z",
    "2026-03-09T09:05:00.000Z",
  ])("%s reads as date-fns would write it", (iso) => {
    expect(formatAdminDate(iso)).toBe(format(new Date(iso), ADMIN_DATE_FORMAT));
  });

  it("keeps an unreadable value as it is", () => {
    expect(formatAdminDate("not a date")).toBe("not a date");
  });
});
