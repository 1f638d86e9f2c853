import { describe, expect, it } from "vitest";
import { groupTitle, sectionTitle, SETTINGS_GROUPS } from "@/components/settings/sections";

describe("Settings' groups and sections", () => {
  it("groups the cards in the order users need them, the spec's sections under their own titles", () => {
    expect(SETTINGS_GROUPS.map((g) => [g.title, g.sections.map((s) => s.title)])).toEqual([
      ["Your Breaks", ["Break Schedule", "Movement Preferences"]],
      ["Reminders", ["Email & Notifications", "Calendar"]],
      ["Account", ["Appearance", "Download My Data", "Danger Zone"]],
    ]);
    expect(sectionTitle("danger-zone")).toBe("Danger Zone");
    expect(groupTitle("reminders")).toBe("Reminders");
  });

  it("has one anchor per group and section", () => {
    const ids = SETTINGS_GROUPS.flatMap((g) => [g.id, ...g.sections.map((s) => s.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
