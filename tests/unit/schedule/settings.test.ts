import { describe, expect, it } from "vitest";
import {
  firstIssueMessage,
  normalizeSettingsUpdate,
  settingsFormSchema,
  settingsUpdateSchema,
  setupFormSchema,
  setupSchema,
  type SettingsFormValues,
} from "@/lib/schedule/schemas";
import { SETTINGS_MESSAGES, normalizeDuration, normalizeIntensity, storedChannels } from "@/lib/schedule/settings";

// Parses and returns the first error message (or null on success).
function updateError(body: unknown): string | null {
  const r = settingsUpdateSchema.safeParse(body);
  return r.success ? null : firstIssueMessage(r.error);
}
function update(body: unknown) {
  const r = settingsUpdateSchema.safeParse(body);
  if (!r.success) throw new Error(`unexpected failure: ${firstIssueMessage(r.error)}`);
  return normalizeSettingsUpdate(r.data);
}
function setupError(body: unknown): string | null {
  const r = setupSchema.safeParse(body);
  return r.success ? null : firstIssueMessage(r.error);
}

describe("settingsUpdateSchema: accepted payloads", () => {
  it("accepts an empty payload (nothing to change)", () => {
    expect(update({})).toEqual({});
  });

  it("accepts a full valid payload and maps it to the stored shape", () => {
    expect(
      update({
        times: ["09:30", "16:45"],
        active_days: [1, 3, 5],
        duration_preference: 10,
        pause_emails: true,
        intensity_level: "high",
        movement_prefs: "  no floor work  ",
        timezone: "America/Toronto",
      }),
    ).toEqual({
      times: ["09:30", "16:45"],
      activeDays: [1, 3, 5],
      durationPreference: 10,
      pauseEmails: true,
      intensityLevel: "high",
      movementPrefs: "no floor work",
      timezone: "America/Toronto",
    });
  });

  it("ignores unknown keys instead of rejecting them", () => {
    expect(update({ timezone: "UTC", admin: true, email: "x@example.test" })).toEqual({ timezone: "UTC" });
  });

  it("keeps absent fields absent (partial update)", () => {
    expect(update({ pause_emails: false })).toEqual({ pauseEmails: false });
    expect(Object.keys(update({ intensity_level: "low" }))).toEqual(["intensityLevel"]);
  });

  it("keeps times as given (no snapping, order preserved) and allows one time", () => {
    expect(update({ times: ["15:03", "09:58"] }).times).toEqual(["15:03", "09:58"]);
    expect(update({ times: ["07:00"] }).times).toEqual(["07:00"]);
  });

  it("deduplicates and sorts active days", () => {
    expect(update({ active_days: [5, 1, 3, 1, 5] }).activeDays).toEqual([1, 3, 5]);
    expect(update({ active_days: [6, 0] }).activeDays).toEqual([0, 6]);
    expect(update({ active_days: [0, 1, 2, 3, 4, 5, 6] }).activeDays).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe("normalizeSettingsUpdate", () => {
  it.each([
    [5, 5],
    [10, 10],
    [15, 15],
    [7, 5],
    [0, 5],
    [-10, 5],
    [10.5, 5],
    [30, 5],
  ])("duration %d → %d", (input, expected) => {
    expect(update({ duration_preference: input }).durationPreference).toBe(expected);
  });

  it.each([
    ["low", "low"],
    ["medium", "medium"],
    ["high", "high"],
    ["extreme", "medium"],
    ["", "medium"],
    ["HIGH", "medium"],
  ])("intensity %j → %j", (input, expected) => {
    expect(update({ intensity_level: input }).intensityLevel).toBe(expected);
  });

  it("maps an empty (or blank) timezone to UTC and trims a valid one", () => {
    expect(update({ timezone: "" }).timezone).toBe("UTC");
    expect(update({ timezone: "   " }).timezone).toBe("UTC");
    expect(update({ timezone: " Asia/Kolkata " }).timezone).toBe("Asia/Kolkata");
  });

  it("maps an empty times array to the defaults", () => {
    expect(update({ times: [] }).times).toEqual(["10:00", "15:00"]);
  });

  it("returns fresh arrays, never the shared default constant", () => {
    const a = update({ times: [] }).times;
    a?.push("12:00");
    expect(update({ times: [] }).times).toEqual(["10:00", "15:00"]);
  });

  it("exposes the individual normalisers", () => {
    expect(normalizeDuration(15)).toBe(15);
    expect(normalizeDuration(Number.NaN)).toBe(5);
    expect(normalizeIntensity("low")).toBe("low");
    expect(normalizeIntensity("Low")).toBe("medium");
  });
});

describe("settingsUpdateSchema: rejected payloads", () => {
  it.each([null, "text", 42, [], true])("rejects a non-object body %j", (body) => {
    expect(updateError(body)).toBe(SETTINGS_MESSAGES.body);
  });

  it.each([["24:00"], ["9:00"], ["10:60"], ["10:00", "noon"], ["10:00:00"], [" 10:00"], [1000]])(
    "rejects invalid time %j",
    (...times) => {
      expect(updateError({ times })).toBe("Times must be in HH:MM format (00:00-23:59)");
    },
  );

  it("rejects more than 2 times", () => {
    expect(updateError({ times: ["08:00", "12:00", "16:00"] })).toBe("You can choose at most 2 reminder times");
  });

  it("rejects two equal times, naming the time", () => {
    expect(updateError({ times: ["10:00", "10:00"] })).toBe(
      "Both reminders are at 10:00 AM. Choose two different times.",
    );
    expect(updateError({ times: ["00:00", "00:00"] })).toBe(
      "Both reminders are at 12:00 AM. Choose two different times.",
    );
  });

  it("refuses zero active days with the hint's own words", () => {
    expect(updateError({ active_days: [] })).toBe("Select at least one day to receive reminders");
    expect(SETTINGS_MESSAGES.noDays).toBe("Select at least one day to receive reminders");
  });

  it("rejects times that are not an array", () => {
    expect(updateError({ times: "10:00" })).toBe(SETTINGS_MESSAGES.timesList);
    expect(updateError({ times: null })).toBe(SETTINGS_MESSAGES.timesList);
  });

  it.each([[[7]], [[-1]], [[1.5]], [["1"]], [[null]], ["1,2"], [{ 0: 1 }]])("rejects active_days %j", (days) => {
    expect(updateError({ active_days: days })).toBe("Active days must be numbers from 0 (Sunday) to 6 (Saturday)");
  });

  it("rejects more than 7 active-day entries", () => {
    expect(updateError({ active_days: [0, 1, 2, 3, 4, 5, 6, 1] })).toBe("You can choose at most 7 active days");
  });

  it.each(["10", null, true, [10], {}])("rejects non-numeric duration_preference %j", (d) => {
    expect(updateError({ duration_preference: d })).toBe(SETTINGS_MESSAGES.duration);
  });

  it("rejects non-finite numbers (possible from non-JSON callers)", () => {
    expect(updateError({ duration_preference: Number.POSITIVE_INFINITY })).toBe(SETTINGS_MESSAGES.duration);
    expect(updateError({ duration_preference: Number.NaN })).toBe(SETTINGS_MESSAGES.duration);
  });

  it.each(["true", 1, 0, null])("rejects non-boolean pause_emails %j", (v) => {
    expect(updateError({ pause_emails: v })).toBe("Pause e-mails must be true or false");
  });

  it.each([3, null, ["low"]])("rejects non-string intensity_level %j", (v) => {
    expect(updateError({ intensity_level: v })).toBe(SETTINGS_MESSAGES.intensity);
  });

  it("limits movement_prefs to 200 characters after trimming", () => {
    expect(updateError({ movement_prefs: "a".repeat(200) })).toBeNull();
    expect(updateError({ movement_prefs: `   ${"a".repeat(200)}   ` })).toBeNull();
    expect(updateError({ movement_prefs: "a".repeat(201) })).toBe("Movement preferences can be at most 200 characters");
    expect(updateError({ movement_prefs: 5 })).toBe(SETTINGS_MESSAGES.prefsType);
  });

  it("counts characters, not UTF-16 units, for movement_prefs", () => {
    expect(updateError({ movement_prefs: "🧘".repeat(200) })).toBeNull();
    expect(updateError({ movement_prefs: "🧘".repeat(201) })).toBe(SETTINGS_MESSAGES.prefsLength);
  });

  it("rejects unknown timezones and non-strings", () => {
    expect(updateError({ timezone: "Mars/Olympus_Mons" })).toBe("Unknown timezone: please choose one from the list");
    expect(updateError({ timezone: "GMT+25" })).toBe(SETTINGS_MESSAGES.timezone);
    expect(updateError({ timezone: 0 })).toBe(SETTINGS_MESSAGES.timezoneType);
    expect(updateError({ timezone: null })).toBe(SETTINGS_MESSAGES.timezoneType);
  });

  it("reports every problem, each on its field", () => {
    const r = settingsUpdateSchema.safeParse({ times: ["25:00"], timezone: "Nope/Nope", pause_emails: "yes" });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({
      times: SETTINGS_MESSAGES.time,
      timezone: SETTINGS_MESSAGES.timezone,
      pause_emails: SETTINGS_MESSAGES.pause,
    });
  });
});

describe("setupSchema", () => {
  it("takes the onboarding's active days, intensity and preferences when sent", () => {
    expect(
      setupSchema.parse({
        timezone: "Europe/Madrid",
        times: ["09:00", "14:30"],
        durationPreference: 10,
        activeDays: [5, 1, 1],
        intensityLevel: "low",
        movementPrefs: " sore knee ",
      }),
    ).toEqual({
      timezone: "Europe/Madrid",
      times: ["09:00", "14:30"],
      durationPreference: 10,
      activeDays: [1, 5],
      intensityLevel: "low",
      movementPrefs: "sore knee",
    });
    expect(setupError({ timezone: "UTC", times: ["09:00", "14:30"], durationPreference: 5, activeDays: [] })).toBe(
      SETTINGS_MESSAGES.noDays,
    );
    expect(
      setupError({ timezone: "UTC", times: ["09:00", "14:30"], durationPreference: 5, movementPrefs: "a".repeat(201) }),
    ).toBe(SETTINGS_MESSAGES.prefsLength);
  });

  it("accepts a valid onboarding payload", () => {
    expect(setupSchema.parse({ timezone: "Europe/Paris", times: ["09:00", "14:30"], durationPreference: 10 })).toEqual({
      timezone: "Europe/Paris",
      times: ["09:00", "14:30"],
      durationPreference: 10,
    });
  });

  it("normalises an unknown duration to 5 and an empty timezone to UTC", () => {
    expect(setupSchema.parse({ timezone: "", times: ["10:00", "15:00"], durationPreference: 12 })).toEqual({
      timezone: "UTC",
      times: ["10:00", "15:00"],
      durationPreference: 5,
    });
    expect(setupSchema.parse({ timezone: "  ", times: ["10:00", "15:00"], durationPreference: 5 }).timezone).toBe(
      "UTC",
    );
  });

  it("ignores unknown keys", () => {
    expect(
      setupSchema.parse({ timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5, extra: 1 }),
    ).not.toHaveProperty("extra");
  });

  it("accepts one time (one break a day, as Settings' 1 reminder per day)", () => {
    expect(setupSchema.parse({ timezone: "UTC", times: ["10:00"], durationPreference: 5 })).toEqual({
      timezone: "UTC",
      times: ["10:00"],
      durationPreference: 5,
    });
  });

  it("requires one or two distinct valid times", () => {
    const base = { timezone: "UTC", durationPreference: 5 };
    expect(setupError({ ...base, times: [] })).toBe("Choose 1 or 2 reminder times");
    expect(setupError({ ...base, times: ["08:00", "10:00", "15:00"] })).toBe(SETTINGS_MESSAGES.setupTimes);
    expect(setupError({ ...base, times: ["10:00", "10:00"] })).toBe(
      "Both reminders are at 10:00 AM. Choose two different times.",
    );
    expect(setupError({ ...base, times: ["10:00", "25:00"] })).toBe(SETTINGS_MESSAGES.time);
    expect(setupError({ ...base })).toBe(SETTINGS_MESSAGES.setupTimes);
  });

  it("rejects an unknown timezone and missing or non-numeric fields", () => {
    const ok = { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 };
    expect(setupError({ ...ok, timezone: "Atlantis/Capital" })).toBe(SETTINGS_MESSAGES.timezone);
    expect(setupError({ times: ok.times, durationPreference: 5 })).toBe("Please choose a timezone");
    expect(setupError({ ...ok, timezone: 3 })).toBe(SETTINGS_MESSAGES.timezoneType);
    expect(setupError({ ...ok, durationPreference: "10" })).toBe(SETTINGS_MESSAGES.duration);
    expect(setupError({ timezone: "UTC", times: ok.times })).toBe(SETTINGS_MESSAGES.duration);
    expect(setupError("nope")).toBe(SETTINGS_MESSAGES.body);
  });
});

describe("the forms' schemas: snap the times, then the call's own schema", () => {
  const form: SettingsFormValues = {
    count: "2",
    times: ["10:02", "15:00"],
    active_days: [5, 1],
    duration_preference: 10,
    intensity_level: "low",
    movement_prefs: "standing desk",
    timezone: "Europe/Madrid",
    pause_emails: false,
    channels: ["email"],
  };

  it("sends the snapped times, one when one reminder is chosen", () => {
    expect(settingsFormSchema.parse(form)).toMatchObject({ times: ["10:00", "15:00"], active_days: [1, 5] });
    expect(settingsFormSchema.parse({ ...form, count: "1", times: ["23:58", ""] })).toMatchObject({ times: ["00:00"] });
  });

  it("catches a duplicate that only appears after snapping, on the second time (the one to move)", () => {
    const r = settingsFormSchema.safeParse({ ...form, times: ["10:02", "09:58"] });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["times.1", "Both reminders are at 10:00 AM. Choose two different times."],
    ]);
  });

  it("puts each error on its own field name (react-hook-form's names)", () => {
    const r = settingsFormSchema.safeParse({
      ...form,
      times: ["", "15:00"],
      active_days: [],
      movement_prefs: "x".repeat(201),
    });
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      "times.0": SETTINGS_MESSAGES.time,
      active_days: SETTINGS_MESSAGES.noDays,
      movement_prefs: SETTINGS_MESSAGES.prefsLength,
    });
  });

  it("onboarding: snaps both times and keeps every step's fields", () => {
    expect(
      setupFormSchema.parse({
        count: "2",
        timezone: "Asia/Tokyo",
        times: ["07:03", "12:00"],
        durationPreference: 15,
        activeDays: [1, 2, 3],
        intensityLevel: "high",
        movementPrefs: "",
      }),
    ).toEqual({
      timezone: "Asia/Tokyo",
      times: ["07:05", "12:00"],
      durationPreference: 15,
      activeDays: [1, 2, 3],
      intensityLevel: "high",
      movementPrefs: "",
    });
  });
  it("onboarding with one reminder a day: only the first time is sent; the hidden second is not checked", () => {
    const steps = {
      timezone: "UTC",
      durationPreference: 5,
      activeDays: [1],
      intensityLevel: "medium",
      movementPrefs: "",
    };
    // The hidden second time may repeat the first, or be empty: it is not sent.
    for (const second of ["10:00", ""])
      expect(setupFormSchema.parse({ ...steps, count: "1", times: ["10:02", second] }).times).toEqual(["10:00"]);
    expect(setupFormSchema.safeParse({ ...steps, count: "2", times: ["10:02", "10:00"] }).success).toBe(false);
  });
});

describe("channels: how reminders reach the user", () => {
  const parse = (channels: unknown) => settingsUpdateSchema.safeParse({ channels });
  it("accepts e-mail, notifications or both, stored in one order without repeats", () => {
    expect(normalizeSettingsUpdate(settingsUpdateSchema.parse({ channels: ["push"] })).channels).toEqual(["push"]);
    expect(
      normalizeSettingsUpdate(settingsUpdateSchema.parse({ channels: ["push", "email", "push"] })).channels,
    ).toEqual(["email", "push"]);
    expect(normalizeSettingsUpdate(settingsUpdateSchema.parse({})).channels).toBeUndefined();
  });
  it("refuses none, unknown names and wrong types with one message", () => {
    for (const bad of [[], ["sms"], ["email", "fax"], "email", [1], null]) {
      const r = parse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(SETTINGS_MESSAGES.channels);
    }
  });
});

describe("stored channels", () => {
  it("read in one order, and e-mail when a row holds none or only unknown names", () => {
    expect(storedChannels(["push", "email"])).toEqual(["email", "push"]);
    for (const empty of [null, undefined, [], ["sms"]]) expect(storedChannels(empty)).toEqual(["email"]);
  });
});
