// Dark mode (the system's setting by default, or the device's choice in Settings → Appearance,
// applied before first paint and kept across reloads; axe's colour-contrast passing in dark) and
// the phone tab bar (Today, History, Settings, Menu below 640 px; not on /welcome or the break).
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";

test.use({ timezoneId: "UTC" });

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BG = "rgb(13, 21, 19)"; // --background in .dark (app/globals.css)
const LIGHT_BG = "rgb(251, 253, 252)";

test.describe("dark mode", () => {
  test("follows the system's dark setting: every page dark and axe-clean (colour contrast included)", async ({
    page,
    login,
  }, testInfo) => {
    test.slow(); // a sign-in, five pages at two widths, axe scans
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await isDark(page)).toBe(true);
    expect(await bodyBackground(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
    await expectNoAxeViolations(page);
    await screenshotAt(page, "dark-login", 375, testInfo);
    await screenshotAt(page, "dark-login", 1280, testInfo);

    await login.signInOnboarded(uniqueEmail("dark"));
    for (const path of ["/dashboard", "/settings", "/history", "/disclaimer"]) {
      await page.goto(path);
      expect(await isDark(page), path).toBe(true);
      expect(await bodyBackground(page), path).toBe(DARK_BG);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
        await expectNoAxeViolations(page);
        await screenshotAt(page, `dark${path.replace("/", "-")}`, width, testInfo);
      }
    }
    // An unknown page in dark.
    await page.goto("/no-such-page");
    expect(await isDark(page)).toBe(true);
    await screenshotAt(page, "dark-404", 375, testInfo);
  });

  test("Settings → Appearance: Dark persists across reloads before first paint, System follows the system live", async ({
    page,
    login,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await login.signInOnboarded(uniqueEmail("theme"));
    await page.goto("/settings");
    const group = page.getByRole("radiogroup", { name: "Theme" });
    await expect(group.getByRole("radio", { name: "System" })).toBeChecked();
    expect(await isDark(page)).toBe(false);
    expect(await bodyBackground(page)).toBe(LIGHT_BG);

    await group.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await bodyBackground(page)).toBe(DARK_BG);

    // After a reload, dark from the first paint: the class is there when the document is parsed,
    // before any of the app's scripts have run.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { __atParse: string }).__atParse = document.documentElement.className;
      });
    });
    await page.goto("/dashboard");
    const classAtParse = await page.evaluate(() => (window as unknown as { __atParse: string }).__atParse);
    expect(classAtParse).toContain("dark");
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.goto("/settings");
    await expect(page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio", { name: "Dark" })).toBeChecked();

    // Light wins over a dark system.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio", { name: "Light" }).check();
    await expect.poll(() => isDark(page)).toBe(false);
    await page.reload();
    expect(await isDark(page)).toBe(false);
    // Hydrated: the card shows this device's choice (the server rendered System).
    await expect(page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio", { name: "Light" })).toBeChecked();

    // System: follows the system setting, also when it changes while the page is open.
    await page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio", { name: "System" }).check();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("limber-theme"))).toBeNull();
  });
});

test.describe("phone tab bar", () => {
  test("at 375 px: Today, History, Settings and Menu (Feedback, Privacy, Logout; Escape closes it)", async ({
    page,
    login,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await login.signInOnboarded(uniqueEmail("tabs"));
    const nav = page.locator('nav[aria-label="Main"][data-sticky="bottom"]');
    await expect(nav).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1); // the top bar's is hidden
    await expect(nav.getByRole("listitem")).toHaveCount(4);
    await expect(nav.getByRole("link")).toHaveText(["Today", "History", "Settings"]);
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "History" })).not.toHaveAttribute("aria-current", /.*/);
    // Feedback, Privacy and Logout are only in the Menu on a phone: no avatar menu, no footer link.
    await expect(page.getByRole("button", { name: /^Account menu/ })).toBeHidden();
    await expect(page.getByRole("link", { name: "Privacy and Disclaimer" })).toBeHidden();
    // 48 px targets, at the bottom of the screen.
    for (const target of await nav.locator(":scope > ul > li > :is(a, button)").all()) {
      const b = (await target.boundingBox())!;
      expect(b.height).toBeGreaterThanOrEqual(48);
      expect(b.width).toBeGreaterThanOrEqual(48);
    }
    const box = (await nav.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(812, 0);
    // Nothing hides under the bar: the page's end scrolls clear of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const mainEnd = await page.locator("main").evaluate((m) => {
      const last = m.lastElementChild!.getBoundingClientRect();
      return last.bottom;
    });
    expect(mainEnd).toBeLessThanOrEqual(box.y);
    await expectNoAxeViolations(page);

    // The Menu sheet.
    const menuTab = nav.getByRole("button", { name: "Menu" });
    await expect(menuTab).toHaveAttribute("aria-expanded", "false");
    await menuTab.click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    await expect(menuTab).toHaveAttribute("aria-expanded", "true");
    await expect(sheet.getByRole("link", { name: "Feedback" })).toHaveAttribute(
      "href",
      "https://forms.example.com/limber-feedback",
    );
    await expect(sheet.getByRole("link", { name: "Feedback" })).toHaveAttribute("target", "_blank");
    await expect(sheet.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/disclaimer");
    await expect(sheet.getByRole("button", { name: "Logout" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("tabs-menu-open-375.png") });
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(menuTab).toBeFocused();

    // Tabs mark the current page.
    await nav.getByRole("link", { name: "History" }).click();
    await page.waitForURL("**/history");
    await expect(nav.getByRole("link", { name: "History" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current", /.*/);
    await screenshotAt(page, "tabs-history", 375, testInfo);
    await page.setViewportSize({ width: 375, height: 812 });
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");

    // Logout from the Menu.
    await menuTab.click();
    await sheet.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });

  test("not at 1280 px, not during onboarding, not on the break", async ({ page, login }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await login.signIn(uniqueEmail("tabs-none"));
    await page.waitForURL("**/welcome");
    await expect(page.getByRole("heading", { name: "Let's loosen up" })).toBeVisible();
    await expect(page.locator('nav[aria-label="Main"][data-sticky="bottom"]')).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0); // the top bar's is not displayed either at 375
    await login.finishOnboarding(["10:00", "15:00"]);
    await page.goto("/break/0");
    await expect(page.locator("main")).toBeVisible();
    await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(0);

    await page.goto("/dashboard");
    await expect(page.locator('nav[aria-label="Main"][data-sticky="bottom"]')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('nav[aria-label="Main"][data-sticky="bottom"]')).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
      "Today",
      "History",
      "Settings",
    ]);
    await expect(page.getByRole("button", { name: /^Account menu/ })).toBeVisible();
  });
});

test("an e-mail link page opened without its token says so and links home", async ({ page }) => {
  await page.goto("/done");
  await expect(page.getByRole("heading", { name: "This Link Can't Be Used", exact: true })).toBeVisible();
  const home = page.getByRole("link", { name: "Go to Limber" });
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  await expectNoAxeViolations(page);
});
