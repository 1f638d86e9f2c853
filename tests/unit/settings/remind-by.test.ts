import { describe, expect, it } from "vitest";
import { remindByNote } from "@/components/settings/email-preferences";

// Settings' "Remind me by" (issue 33): what it says is where the reminders really go
// (lib/reminders/dispatch/candidates.ts), including for a user with a device's notifications on.
describe("the 'Remind me by' note", () => {
  it("says that a user with notifications on but e-mail chosen gets no break notifications", () => {
    expect(remindByNote(["email"], 1, true)).toBe(
      "Reminders go by email only, so your 1 device with notifications on gets no break reminders. Choose Notifications or Both to get them there.",
    );
    expect(remindByNote(["email"], 2, true)).toContain("your 2 devices with notifications on get no break reminders");
  });
  it("names the devices that get them when notifications are chosen", () => {
    expect(remindByNote(["email", "push"], 2, true)).toBe(
      "Each reminder goes to your 2 devices with notifications on and by email.",
    );
    expect(remindByNote(["push"], 1, true)).toBe(
      "Each reminder goes to your 1 device with notifications on, not by email.",
    );
  });
  it("says when email stands in for notifications", () => {
    expect(remindByNote(["push"], 0, true)).toMatch(/^No device has notifications turned on yet/);
    expect(remindByNote(["email", "push"], 3, false)).toMatch(/^Notifications are not set up on this server/);
  });
  it("says nothing extra for e-mail only without devices", () => {
    expect(remindByNote(["email"], 0, true)).toBeNull();
    expect(remindByNote(["email"], 2, false)).toBeNull();
  });
});
