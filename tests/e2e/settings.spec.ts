// Settings as one page a user scrolls and edits: compact cards in three groups with their contents
// (a row of links on a phone, a column beside the cards from 1280 px), the Save bar docked at the
// bottom of the screen only while there is something to save (Discard beside 'Save Changes', by
// keyboard too), time zones by name and not by IANA id, times without a leading zero, Title Case.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";

const GROUPS = [
  ["Your Breaks", ["Break Schedule", "Movement Preferences"]],
  ["Reminders", ["Email & Notifications", "Calendar"]],
  ["Account", ["Appearance", "Download My Data", "Danger Zone"]],
] as const;

/** The page drawn and its scripts running (the zone field's name is shown only then). */
async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.locator("input[type=hidden][name=timezone]")).toHaveCount(1);
}

/** The headings shown in the page's main part, as "h2 Your Breaks". */
const headings = (page: Page) =>
  page
    .locator("main :is(h1, h2, h3)")
    .evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).checkVisibility())
        .map((el) => `${el.tagName.toLowerCase()} ${el.textContent}`),
    );

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test("three groups of compact cards with contents; two columns from 768 px, the contents beside them from 1280 px", async ({
  page,
  login,
}, testInfo) => {
  await login.signInOnboarded(uniqueEmail("layout"));
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  expect(await headings(page)).toEqual([
    "h1 Settings",
    ...GROUPS.flatMap(([group, sections]) => [`h2 ${group}`, ...sections.map((s) => `h3 ${s}`)]),
  ]);
  // A phone's page was 4,729 px long as one column of roomy cards, then 3,700 px as compact ones.
  const phoneHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(phoneHeight).toBeLessThan(2775);
  const contents = page.getByRole("navigation", { name: "Settings sections" });
  await expect(contents.getByRole("link")).toHaveText(GROUPS.map(([group]) => group));
  await contents.getByRole("link", { name: "Reminders" }).click();
  await expect(page).toHaveURL(/#reminders$/);
  // Below the sticky header, not under it.
  const header = await box(page.locator("header"));
  const reminders = await box(page.getByRole("heading", { level: 2, name: "Reminders" }));
  expect(reminders.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(reminders.y).toBeLessThan(header.height + 100);
  // The last group is shorter than the screen: the page scrolls to its end, the heading in view.
  await contents.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/#account$/);
  const account = page.getByRole("heading", { level: 2, name: "Account" });
  await expect(account).toBeInViewport();
  expect((await box(account)).y).toBeGreaterThanOrEqual(header.y + header.height);
  await expectNoAxeViolations(page);
  await screenshotAt(page, "settings-layout", 375, testInfo);

  // Two columns from 768 px where they read well: the reminders per day beside their times, the
  // duration beside the intensity; the timezone half the card's width.
  await page.setViewportSize({ width: 1024, height: 800 });
  const count = await box(page.getByRole("radiogroup", { name: "Reminders per day" }));
  expect((await box(page.getByLabel("First reminder"))).x).toBeGreaterThan(count.x + count.width);
  const duration = await box(page.getByRole("radiogroup", { name: "Break duration" }));
  const intensity = await box(page.getByRole("radiogroup", { name: "Intensity" }));
  expect(Math.abs(duration.y - intensity.y)).toBeLessThan(2);
  expect(intensity.x).toBeGreaterThan(duration.x + duration.width);
  const zone = await box(page.getByRole("combobox", { name: "Timezone" }));
  expect(zone.width).toBeLessThan((await box(page.locator("section#break-schedule"))).width / 2);

  // From 1280 px: every section in the contents, in a column left of the cards that stays in view.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(contents.getByRole("link")).toHaveText(GROUPS.flatMap(([group, sections]) => [group, ...sections]));
  const card = await box(page.locator("section#break-schedule"));
  expect((await box(contents)).x + (await box(contents)).width).toBeLessThan(card.x);
  await contents.getByRole("link", { name: "Danger Zone" }).click();
  await expect(page.getByRole("button", { name: "Delete Account" })).toBeInViewport();
  // A card's lone button keeps its own width beside a phone's full-width one.
  expect((await box(page.getByRole("button", { name: "Delete Account" }))).width).toBeLessThan(300);
  await expect(contents.getByRole("link", { name: "Break Schedule" })).toBeInViewport();
  await expectNoAxeViolations(page);
  await screenshotAt(page, "settings-layout", 1280, testInfo);
});

for (const width of [375, 1280]) {
  test(`the Save bar at ${width} px: only with unsaved changes, docked at the bottom of the screen, Discard and Save`, async ({
    page,
    login,
  }, testInfo) => {
    await login.signInOnboarded(uniqueEmail(`bar${width}`));
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
    await openSettings(page);
    const bar = page.locator("[data-save-bar]");
    await expect(bar).toBeHidden();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    // A change: the bar at the bottom of the screen (above the phone's tab bar), opaque.
    await page.getByRole("radio", { name: "High", exact: true }).check();
    await expect(bar).toBeVisible();
    await expect(bar.getByText("Unsaved changes", { exact: true })).toBeVisible();
    await expect(bar.getByRole("button", { name: "Discard" })).toBeVisible();
    const barBox = await box(bar);
    const tabs = page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
    const floor = width < 640 ? (await box(tabs)).y : 800;
    expect(barBox.y).toBeGreaterThan(0);
    expect(Math.abs(barBox.y + barBox.height - floor)).toBeLessThanOrEqual(1);
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\(/);
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);
    // It does not cover the page's end: the last card's button scrolls clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = await box(page.getByRole("button", { name: "Delete Account" }));
    expect(last.y + last.height).toBeLessThanOrEqual((await box(bar)).y);
    await screenshotAt(page, "settings-save-bar", width, testInfo);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });

    // Discard: the fields as saved, the bar gone.
    await bar.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByRole("radio", { name: "Medium", exact: true })).toBeChecked();
    await expect(bar).toBeHidden();

    // Back to what was saved by hand: nothing to save either.
    await page.getByRole("radio", { name: "Low", exact: true }).check();
    await expect(bar).toBeVisible();
    await page.getByRole("radio", { name: "Medium", exact: true }).check();
    await expect(bar).toBeHidden();

    // Save: 'Saved!', then the bar goes.
    await page.getByRole("radio", { name: "Low", exact: true }).check();
    await bar.getByRole("button", { name: "Save Changes" }).click();
    await expect(bar.getByRole("button", { name: "Saved!" })).toBeVisible();
    await expect(bar.getByRole("button", { name: "Discard" })).toHaveCount(0);
    await expect(bar).toBeHidden({ timeout: 5000 });
    expect((await (await page.request.get("/api/user/settings")).json()).intensityLevel).toBe("low");
  });
}

test("the Save bar by keyboard: Tab reaches it after the form's last field, and the focus stays there when it goes", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("barkeys"));
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  const recap = page.getByRole("switch", { name: "Weekly recap email" });
  const bar = page.locator("[data-save-bar]");
  await recap.focus();
  await page.keyboard.press("Space");
  await expect(recap).not.toBeChecked();
  await expect(bar).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(bar.getByRole("button", { name: "Discard" })).toBeFocused();
  await page.keyboard.press("Tab");
  const save = bar.getByRole("button", { name: "Save Changes" });
  await expect(save).toBeFocused();
  await page.keyboard.press("Enter");
  // Focused while saving and saved ('Saved!' for 2 s), then back on the field when the bar goes.
  await expect(bar.getByRole("button", { name: "Saved!" })).toBeFocused();
  await expect(bar).toBeHidden({ timeout: 5000 });
  await expect(recap).toBeFocused();
  await expect(recap).toBeInViewport();
  expect((await (await page.request.get("/api/user/settings")).json()).weeklyRecapEmail).toBe(false);

  // Discard by keyboard: the switch as saved, the focus back on it.
  await page.keyboard.press("Space");
  await expect(recap).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(bar).toBeHidden();
  await expect(recap).not.toBeChecked();
  await expect(recap).toBeFocused();
  // Nothing to save: Enter in a field does not post the form again.
  await page.getByLabel("Movement preferences").focus();
  await page.getByRole("combobox", { name: "Timezone" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(1500);
  await expect(page.getByText("Settings updated")).toHaveCount(0);
});

test("time zones by name: Etc/GMT-5 is UTC+05:00, New York is Eastern Time; the saved value stays the IANA id", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("zones"), ["10:00", "15:00"], { timezone: "Etc/GMT-5" });
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  const zone = page.getByRole("combobox", { name: "Timezone" });
  await expect(zone).toHaveValue("UTC+05:00");
  await expect(page.locator("input[type=hidden][name=timezone]")).toHaveValue("Etc/GMT-5");
  // Searched by a zone's name as well as its city.
  await zone.click();
  await zone.fill("eastern");
  const newYork = page.getByRole("option", { name: /^New York \(Eastern Time, UTC\u2212[45]\)$/ });
  await expect(newYork).toBeVisible();
  await newYork.click();
  await expect(zone).toHaveValue(/^New York \(Eastern Time, UTC\u2212[45]\)$/);
  await expect(page.locator("input[type=hidden][name=timezone]")).toHaveValue("America/New_York");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
  expect((await (await page.request.get("/api/user/settings")).json()).timezone).toBe("America/New_York");
  await page.reload();
  await expect(zone).toHaveValue(/^New York \(Eastern Time, UTC\u2212[45]\)$/);
  // No raw id anywhere on the page.
  expect(await page.locator("main").innerText()).not.toMatch(/Etc\/|America\/|New_York/);
});

test("times in Settings' text have no leading zero (the native time inputs draw their own)", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("times"), ["09:00", "16:00"]);
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  await expect(page.getByText(/It is (1[0-2]|[1-9]):\d\d\s(AM|PM) there now\./)).toBeVisible();
  // A time off the 5-minute grid: the note beside the label says what it became.
  const first = page.getByLabel("First reminder");
  await first.fill("08:02");
  await first.blur();
  await expect(first).toHaveValue("08:00");
  await expect(page.getByText("8:02 AM → 8:00 AM", { exact: true })).toBeVisible();
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/\b0\d:\d\d\s?(AM|PM)/);
});

test("Title Case for Settings' headings and buttons, and 'email' in its words", async ({ page, login }) => {
  await login.signInOnboarded(uniqueEmail("words"));
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSettings(page);
  // Notifications chosen: the device part and the Save bar's buttons too.
  await page.getByRole("radiogroup", { name: "Remind me by" }).getByRole("radio", { name: "Notifications" }).check();
  await expect(page.getByRole("button", { name: "Turn On Notifications on This Device" })).toBeVisible();
  const texts = await page.locator("main :is(h1, h2, h3, h4, button), [data-save-bar] button").evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).checkVisibility())
      .map((el) => (el.textContent ?? "").trim())
      .filter(Boolean),
  );
  expect(texts).toEqual(expect.arrayContaining(["Your Breaks", "Save Changes", "Discard", "Use Detected Timezone"]));
  const SMALL = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"]);
  const notTitle = texts.filter((t) =>
    t.split(/\s+/).some((word, i) => /^[a-z]/.test(word) && (i === 0 || !SMALL.has(word.replace(/[^a-z]/g, "")))),
  );
  expect(notTitle).toEqual([]);
  expect(await page.locator("main").innerText()).not.toMatch(/e-mail/i);
});

/** The filled buttons and button-like links shown in the page's main part, by their text. */
const filledButtons = (page: Page) =>
  page.locator("main [data-slot=button]").evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).checkVisibility())
      .filter((el) => el.classList.contains("bg-primary") || el.classList.contains("bg-destructive"))
      .map((el) => (el.textContent ?? "").trim()),
  );

test("one filled button (the Save bar's), every on/off setting a switch at its row's end, devices only with notifications", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("oneprimary"));
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  const part = page.locator("section#email-notifications");
  const channels = part.getByRole("radiogroup", { name: "Remind me by" });
  const turnOn = page.getByRole("button", { name: "Turn On Notifications on This Device" });

  // By email (a new user's channel) and no device: nothing about devices.
  await expect(channels.getByRole("radio", { name: "Email", exact: true })).toBeChecked();
  await expect(part.getByRole("heading", { name: "This Device" })).toHaveCount(0);
  await expect(turnOn).toHaveCount(0);
  // Nothing to save: no filled button at all; Delete Account is outlined in red.
  expect(await filledButtons(page)).toEqual([]);
  const del = page.getByRole("button", { name: "Delete Account" });
  await expect(del).toHaveClass(/\btext-destructive\b/);
  await expect(del).toHaveClass(/\bborder-destructive\/60\b/);

  // Notifications (or Both): this device's part, its button outlined; the Save bar's Save the one filled.
  await channels.getByRole("radio", { name: "Notifications", exact: true }).check();
  await expect(turnOn).toBeVisible();
  await expect(part.getByRole("heading", { name: "Your Devices" })).toBeVisible();
  expect(await filledButtons(page)).toEqual(["Save Changes"]);
  await channels.getByRole("radio", { name: "Both", exact: true }).check();
  await expect(turnOn).toBeVisible();
  await channels.getByRole("radio", { name: "Email", exact: true }).check();
  await expect(turnOn).toHaveCount(0);
  await expect(page.locator("[data-save-bar]")).toBeHidden();

  // The calendar's buttons are outlined too: Connect Calendar once its field is open.
  await page.locator("section#calendar").getByText("Connect Your Calendar").click();
  await expect(page.getByRole("button", { name: "Connect Calendar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show My Calendar Link" })).toBeVisible();
  expect(await filledButtons(page)).toEqual([]);
  // The deletion's confirmation is the filled red one.
  await del.click();
  const dialog = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
  await expect(dialog.getByRole("button", { name: "Yes, delete my account" })).toHaveClass(/\bbg-destructive\b/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // On/off settings: switches, laid out alike (label and line on the left, the switch at the end).
  await expect(page.getByRole("checkbox", { name: "Weekly recap email" })).toHaveCount(0);
  const pause = page.getByRole("switch", { name: "Pause emails" });
  const recap = page.getByRole("switch", { name: "Weekly recap email" });
  await expect(recap).toBeChecked();
  await expect(pause).not.toBeChecked();
  await expect(recap).toHaveAccessibleDescription("Your week's breaks, each Monday.");
  const content = await box(part.locator("[data-slot=card-content]"));
  for (const name of ["Pause emails", "Weekly recap email"]) {
    const track = await box(page.getByRole("switch", { name }).locator("xpath=following-sibling::span"));
    expect(Math.abs(track.x + track.width - (content.x + content.width - 16))).toBeLessThanOrEqual(1);
    const label = await box(page.locator("label", { hasText: name }));
    expect(label.x + label.width).toBeLessThan(track.x);
    // One line of description at 375 px.
    const line = await box(page.getByRole("switch", { name }).locator("xpath=../preceding-sibling::div/p"));
    expect(line.height).toBeLessThan(24);
  }
  await recap.click();
  await expect(recap).not.toBeChecked();
  await expect(page.locator("[data-save-bar]")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("'Around meetings' is in the Calendar card under the calendar, switched off and saying why until one is connected; still saved with the form", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("meetings"));
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  const calendar = page.locator("section#calendar");
  const meetings = calendar.getByLabel("Around meetings");
  await expect(meetings).toBeVisible();
  await expect(page.locator("section#break-schedule").getByLabel("Around meetings")).toHaveCount(0);
  // Under the calendar it works with, before the calendar link's part.
  const source = await box(calendar.getByText("Connect Your Calendar"));
  const field = await box(meetings);
  expect(field.y).toBeGreaterThan(source.y + source.height);
  expect(field.y).toBeLessThan((await box(calendar.getByRole("heading", { name: "Add Breaks to Your Calendar" }))).y);
  // No calendar: off, and it says what it needs.
  await expect(meetings).toBeDisabled();
  await expect(meetings).toHaveAccessibleDescription("Works once your calendar is connected.");
  await expect(meetings).toHaveValue("60");
  // A field of the settings form (its `form` attribute), though drawn outside it.
  expect(
    await meetings.evaluate((el) => (el as HTMLSelectElement).form?.querySelector("[data-save-bar]") != null),
  ).toBe(true);
  // Saving while it is off keeps what was saved.
  await page.getByRole("radio", { name: "High", exact: true }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
  const saved = await (await page.request.get("/api/user/settings")).json();
  expect([saved.intensityLevel, saved.moveWithinMinutes]).toEqual(["high", 60]);
  // Opening the calendar's field keeps it under it.
  await calendar.getByText("Connect Your Calendar").click();
  const address = await box(calendar.getByLabel("Your calendar's secret address (iCal)"));
  expect((await box(meetings)).y).toBeGreaterThan(address.y + address.height);
  await expectNoAxeViolations(page);
});

test("a save says how it went in the Save bar's live region: not saved (edits kept, what to do), then saved with the toast, and the bar goes", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("saved"));
  await page.setViewportSize({ width: 375, height: 812 });
  await openSettings(page);
  const bar = page.locator("[data-save-bar]");
  // One live region, there from the first edit, so what a save writes in it is read out.
  const status = bar.getByRole("status");
  await page.getByRole("radio", { name: "High", exact: true }).check();
  await expect(status).toHaveText("Unsaved changes");

  // The server cannot be reached: nothing is lost, and the bar says so and what to do.
  await page.route("**/settings", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await bar.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Update failed", { exact: true })).toBeVisible();
  // The toast stands above the docked bar, not over its Save Changes (the one thing to do next).
  const failedToast = page.locator("[data-sonner-toast]").filter({ hasText: "Update failed" });
  const barTop = (await bar.boundingBox())!.y;
  // Polled: the toast slides in.
  await expect
    .poll(async () => (await failedToast.boundingBox())!.y + (await failedToast.boundingBox())!.height)
    .toBeLessThanOrEqual(barTop);
  await expect(status).toHaveText("Not saved. Check your connection, then try again.");
  await expect(status.getByText("Not saved.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "High", exact: true })).toBeChecked();
  await expect(bar.getByRole("button", { name: "Save Changes" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Discard" })).toBeVisible();
  expect((await (await page.request.get("/api/user/settings")).json()).intensityLevel).toBe("medium");
  await expectNoAxeViolations(page);
  // Discarded, the failure is over: the next edit is just unsaved.
  await bar.getByRole("button", { name: "Discard" }).click();
  await expect(bar).toBeHidden();
  await page.getByRole("radio", { name: "High", exact: true }).check();
  await expect(status).toHaveText("Unsaved changes");

  // Back online: saved, said in the bar (with 'Saved!') and by the toast, then the bar goes.
  await page.unroute("**/settings");
  await bar.getByRole("button", { name: "Save Changes" }).click();
  await expect(status).toHaveText("All changes saved");
  await expect(bar.getByRole("button", { name: "Saved!" })).toBeVisible();
  await expect(page.getByText("Settings updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Your changes have been saved successfully", { exact: true })).toBeVisible();
  await expect(bar).toBeHidden({ timeout: 5000 });
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  expect((await (await page.request.get("/api/user/settings")).json()).intensityLevel).toBe("high");
});

/**
 * How a chosen tile or day box looks, from its computed colours (each composed over the card as the
 * screen shows it): the contrast of its border against the card, and of its check and its text
 * against its own fill.
 */
function chosenLooks(tile: Locator) {
  return tile.evaluate((el) => {
    const ctx = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", {
      willReadFrequently: true,
    })!;
    const paint = (...layers: string[]) => {
      ctx.clearRect(0, 0, 1, 1);
      for (const colour of layers) {
        ctx.fillStyle = colour;
        ctx.fillRect(0, 0, 1, 1);
      }
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const lum = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100;
    };
    const style = getComputedStyle(el);
    const card = getComputedStyle(el.closest("[data-slot=card]")!).backgroundColor;
    const fill = paint(card, style.backgroundColor);
    // A tile's check is a disc on its fill; a day box's is drawn on the box's own fill. None: no mark at all.
    const check = el.querySelector<HTMLElement>("[data-check]");
    const checkStyle = check ? getComputedStyle(check) : null;
    const disc = !!checkStyle && checkStyle.backgroundColor !== "rgba(0, 0, 0, 0)";
    const checkMark = !checkStyle
      ? fill
      : disc
        ? paint(card, style.backgroundColor, checkStyle.backgroundColor)
        : paint(checkStyle.color);
    const texts = [...el.querySelectorAll<HTMLElement>("span:not([data-check]):not([data-check] *)")].filter(
      (t) => t.childElementCount === 0 && t.textContent,
    );
    return {
      checkShown: !!check?.checkVisibility({ visibilityProperty: true }),
      border: ratio(paint(style.borderTopColor), paint(card)),
      filled: ratio(fill, paint(card)) > 1.1,
      check: ratio(checkMark, fill),
      text: Math.min(
        ...[el, ...texts].filter((t) => t.textContent).map((t) => ratio(paint(getComputedStyle(t).color), fill)),
      ),
    };
  });
}

for (const scheme of ["light", "dark"] as const) {
  test(`${scheme}: a chosen tile and a chosen day are unmistakable: border, fill and a check (3:1), their text 4.5:1`, async ({
    page,
    login,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await login.signInOnboarded(uniqueEmail(`chosen-${scheme}`));
    await page.setViewportSize({ width: 375, height: 812 });
    await openSettings(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");

    const tile = (name: string) => page.getByRole("radio", { name, exact: true }).locator("xpath=..");
    for (const name of ["Medium", "5 minutes", "2", "Email"]) {
      await expect(page.getByRole("radio", { name, exact: true })).toBeChecked();
      const looks = await chosenLooks(tile(name));
      expect(looks, name).toMatchObject({ checkShown: true, filled: true });
      expect(looks.border, name).toBeGreaterThanOrEqual(3);
      expect(looks.check, name).toBeGreaterThanOrEqual(3);
      expect(looks.text, name).toBeGreaterThanOrEqual(4.5);
    }
    // Not chosen: no check.
    expect((await chosenLooks(tile("High"))).checkShown).toBe(false);

    const day = (name: string) => page.getByRole("checkbox", { name }).locator("xpath=following-sibling::span");
    await expect(page.getByRole("checkbox", { name: "Monday" })).toBeChecked();
    const monday = await chosenLooks(day("Monday"));
    expect(monday).toMatchObject({ checkShown: true, filled: true });
    expect(monday.border).toBeGreaterThanOrEqual(3);
    expect(monday.check).toBeGreaterThanOrEqual(3);
    expect(monday.text).toBeGreaterThanOrEqual(4.5);
    await expect(page.getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
    expect((await chosenLooks(day("Sunday"))).checkShown).toBe(false);

    // Choosing moves the check; by keyboard too, with the day's state as a checkbox's. The label stays
    // where it was (the check's room is kept while it is hidden).
    // Measured from the tile's own top (checking may scroll the page).
    const labelY = async (el: Locator, box: Locator) => (await el.boundingBox())!.y - (await box.boundingBox())!.y;
    const highLabel = () => labelY(tile("High").getByText("High", { exact: true }), tile("High"));
    const sundayLabel = () => labelY(day("Sunday").getByText("Sun", { exact: true }), day("Sunday"));
    const [highBefore, sundayBefore] = [await highLabel(), await sundayLabel()];
    await page.getByRole("radio", { name: "High", exact: true }).check();
    expect((await chosenLooks(tile("High"))).checkShown).toBe(true);
    expect((await chosenLooks(tile("Medium"))).checkShown).toBe(false);
    await page.getByRole("checkbox", { name: "Sunday" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Sunday" })).toBeChecked();
    expect((await chosenLooks(day("Sunday"))).checkShown).toBe(true);
    expect(await highLabel()).toBe(highBefore);
    expect(await sundayLabel()).toBe(sundayBefore);
    await expectNoAxeViolations(page);
  });
}

test("onboarding's schedule is drawn by Settings' own controls (tiles, day boxes, the timezone's button on its label's line), its steps in Title Case", async ({
  page,
  login,
}) => {
  const email = uniqueEmail("onelook");
  await login.signIn(email);
  await page.waitForURL("**/welcome");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole("heading", { name: "When Should We Remind You?", exact: true })).toBeVisible();
  const tileClass = (name: string) =>
    page.getByRole("radio", { name, exact: true }).locator("xpath=..").getAttribute("class");
  const dayClass = () =>
    page.getByRole("checkbox", { name: "Monday" }).locator("xpath=following-sibling::span").getAttribute("class");
  /** The label "Timezone" and its button on one line. */
  const zoneRow = async () => {
    const label = await box(page.locator("label", { hasText: /^Timezone$/ }));
    const button = await box(page.getByRole("button", { name: "Use Detected Timezone" }));
    return Math.abs(label.y + label.height / 2 - (button.y + button.height / 2)) < 4;
  };
  /** The three tiles of a choice side by side. */
  const inARow = async (names: string[]) => {
    const ys = await Promise.all(
      names.map(async (n) => (await box(page.getByRole("radio", { name: n, exact: true }))).y),
    );
    return Math.max(...ys) - Math.min(...ys) < 2;
  };
  const welcome = { count: await tileClass("2"), day: await dayClass(), zone: await zoneRow() };
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "What Kind of Break?", exact: true })).toBeFocused();
  expect(await inARow(["5 minutes", "10 minutes", "15 minutes"])).toBe(true);
  expect(await inARow(["Low", "Medium", "High"])).toBe(true);
  const duration = await tileClass("5 minutes");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Anything We Should Know?", exact: true })).toBeFocused();
  await expectNoAxeViolations(page);

  await login.finishOnboarding();
  await openSettings(page);
  expect(welcome).toEqual({ count: await tileClass("2"), day: await dayClass(), zone: true });
  expect(await zoneRow()).toBe(true);
  expect(duration).toBe(await tileClass("5 minutes"));
});
