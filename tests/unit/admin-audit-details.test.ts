import { describe, expect, it } from "vitest";
import { auditDetailLines, auditPeopleIds, humanize, personLabel } from "@/components/admin/audit-details";

const time = (iso: string) => `<${iso}>`;
const people = { u1: "owner@example.com", u2: "sam@example.com" };

describe("auditDetailLines", () => {
  it("names the target account by e-mail, first, and words the pause", () => {
    expect(auditDetailLines({ pauseEmails: true, targetId: "u2" }, people, time)).toEqual([
      { label: "Account", value: "sam@example.com" },
      { label: "Emails", value: "paused" },
    ]);
    expect(auditDetailLines({ targetId: "gone", pauseEmails: false }, people, time)).toEqual([
      { label: "Account", value: "Deleted account" },
      { label: "Emails", value: "enabled" },
    ]);
  });

  it("changed settings fields read as words", () => {
    expect(auditDetailLines({ fields: ["movementPrefs", "activeDays", "timezone"] }, people, time)).toEqual([
      { label: "Changed", value: "movement prefs, active days, timezone" },
    ]);
  });

  it("codes read as words, times in the viewer's format, minutes with their unit", () => {
    expect(
      auditDetailLines(
        {
          reason: "not_owner_account",
          expiresAt: "2026-11-25T12:20:39.872Z",
          lockedMinutes: 15,
          windowMinutes: 1,
          email: "a_b@example.com",
        },
        people,
        time,
      ),
    ).toEqual([
      { label: "Reason", value: "not owner account" },
      { label: "Expires at", value: "<2026-11-25T12:20:39.872Z>" },
      { label: "Locked for", value: "15 minutes" },
      { label: "Window", value: "1 minute" },
      // An e-mail is never reworded, even one that looks like a code.
      { label: "Email", value: "a_b@example.com" },
    ]);
  });

  it("any other key as 'Key: value'; nothing for empty details", () => {
    expect(
      auditDetailLines({ limit: "login-ip", max: 10, ok: true, list: [], nested: { a: 1 } }, people, time),
    ).toEqual([
      { label: "Limit", value: "login-ip" },
      { label: "Max", value: "10" },
      { label: "Ok", value: "yes" },
      { label: "List", value: "—" },
      { label: "Nested", value: '{"a":1}' },
    ]);
    expect(auditDetailLines({}, people, time)).toEqual([]);
  });
});

describe("helpers", () => {
  it("humanize", () => {
    expect(humanize("movementPrefs")).toBe("movement prefs");
    expect(humanize("wrong_code")).toBe("wrong code");
  });

  it("personLabel: the e-mail, or a deleted account", () => {
    expect(personLabel("u1", people)).toBe("owner@example.com");
    expect(personLabel("x", people)).toBe("Deleted account");
  });

  it("auditPeopleIds: actors and targets, each once", () => {
    expect(
      auditPeopleIds([
        { userId: "u1", details: { targetId: "u2" } },
        { userId: null, details: { email: "x@example.com" } },
        { userId: "u1", details: { targetId: 5 } },
        { userId: "u3", details: {} },
      ]),
    ).toEqual(["u1", "u2", "u3"]);
  });
});
