// Settings' groups and sections, in the order users need them: when and how they move, how Limber
// reaches them, then this device and the account. One list for the cards' anchors and headings and
// the page's contents. The spec's sections keep its titles (Movement Preferences, Break Schedule,
// Danger Zone; its Email Preferences is 'Email & Notifications' since reminders can be pushed too).

export const SETTINGS_GROUPS = [
  {
    id: "your-breaks",
    title: "Your Breaks",
    sections: [
      { id: "break-schedule", title: "Break Schedule" },
      { id: "movement-preferences", title: "Movement Preferences" },
    ],
  },
  {
    id: "reminders",
    title: "Reminders",
    sections: [
      { id: "email-notifications", title: "Email & Notifications" },
      { id: "calendar", title: "Calendar" },
    ],
  },
  {
    id: "account",
    title: "Account",
    sections: [
      { id: "appearance", title: "Appearance" },
      { id: "download-data", title: "Download My Data" },
      { id: "danger-zone", title: "Danger Zone" },
    ],
  },
] as const;

export type SettingsGroupId = (typeof SETTINGS_GROUPS)[number]["id"];
export type SettingsSectionId = (typeof SETTINGS_GROUPS)[number]["sections"][number]["id"];

/** A section's title by its id (the cards and the contents say the same). */
export function sectionTitle(id: SettingsSectionId): string {
  for (const group of SETTINGS_GROUPS) for (const s of group.sections) if (s.id === id) return s.title;
  return id;
}

export function groupTitle(id: SettingsGroupId): string {
  return SETTINGS_GROUPS.find((g) => g.id === id)?.title ?? id;
}
