// The signed-in shell at a phone's and a laptop's width (the four-tab bar below 640 px, a top bar
// with the avatar's menu from there; tests/e2e/appearance.spec.ts has the tab bar's Menu), the focused guided break on a touch phone, its
// finish screen when the break was skipped, the celebration when the day's goal is reached, and
// the exercise figures, with and without reduced motion; axe and screenshots at 375 and 1280.
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  pauseClock,
  screenshotAt,
  test,
  uniqueEmail,
  type LoginPage,
} from "./support/fixtures";
import { zoneWithLocalHour } from "./support/local-time";

test.use({ timezoneId: "UTC" });

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
let ip = 0;

/**
 * A signed-in, onboarded user with one 5-minute break (one exercise) at 10:00 every day. Set up
 * with every day and a second break at 23:55, which is never yet due when it is removed a moment
 * later: a change applies from the next break not yet due, so a second break already past (15:00
 * in the afternoon) would stay one of today's.
 */
async function oneBreakUser(page: Page, login: LoginPage, prefix: string) {
  // In a zone where it is not yet 10:00: after 10:00 a new user's 10:00 break is one from before they
  // joined (not counted), and the suite failed whenever it ran after 10:00 UTC.
  const timezone = zoneWithLocalHour(1, 8);
  await login.signInOnboarded(uniqueEmail(prefix), ["10:00", "23:55"], { activeDays: ALL_DAYS, timezone });
  const put = await page.request.put("/api/user/settings", { data: { times: ["10:00"], duration_preference: 5 } });
  expect(put.status()).toBe(200);
}

async function noHorizontalScroll(page: Page, what: string) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `${what}: page wider than the window`).toBeLessThanOrEqual(width);
}

/** The same signed-in user in another browser context (a touch phone), with its own client address. */
async function phoneContext(
  browser: Browser,
  page: Page,
  options: { reducedMotion?: "reduce" } = {},
): Promise<BrowserContext> {
  ip += 1;
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    timezoneId: "UTC",
    reducedMotion: options.reducedMotion,
    extraHTTPHeaders: { "x-forwarded-for": `198.19.240.${(process.pid % 50) + ip}` },
  });
}

/** The viewport only (fixed bars where the user sees them). */
async function viewportShot(page: Page, name: string, testInfo: TestInfo) {
  const file = testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(`${name}-${page.viewportSize()!.width}`, { path: file, contentType: "image/png" });
}

const avatarOf = (page: Page) => page.getByRole("button", { name: /^Account menu, signed in as / });

test.describe("navigation", () => {
  test("at 375 px: the four-tab bar (Today, History, Settings, Menu); History also from the streak card; no 'AI' without a model", async ({
    page,
    login,
  }, testInfo) => {
    test.slow(); // a sign-in, three pages, axe scans and screenshots
    await page.setViewportSize({ width: 375, height: 812 });
    await login.signInOnboarded(uniqueEmail("nav-phone"));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toHaveCount(1); // the top bar's links are not displayed at this width
    await expect(nav.getByRole("listitem")).toHaveCount(4);
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "History" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Menu" })).toBeVisible();
    const box = (await nav.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(812, 0); // at the bottom of the screen
    await noHorizontalScroll(page, "dashboard at 375");
    await expectNoAxeViolations(page);
    await screenshotAt(page, "shell-dashboard", 375, testInfo);

    // On a phone the tab bar's Menu replaces the avatar's.
    await expect(avatarOf(page)).toBeHidden();
    await nav.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page);
    await viewportShot(page, "shell-menu-open", testInfo);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();

    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByText("AI", { exact: true })).toHaveCount(0);
    await noHorizontalScroll(page, "settings at 375");

    await page.goto("/dashboard");
    await page.getByRole("link", { name: "See your history" }).click();
    await page.waitForURL("**/history");
    await noHorizontalScroll(page, "history at 375");
  });

  test("at 375 px the Menu sheet opens on its first item (Feedback), never on Logout; Escape returns to the Menu tab", async ({
    browser,
    page,
    login,
  }) => {
    await login.signInOnboarded(uniqueEmail("menu-focus"));
    const phone = await phoneContext(browser, page);
    const p = await phone.newPage();
    await p.goto("/dashboard");
    const nav = p.getByRole("navigation", { name: "Main" });
    const menuTab = nav.getByRole("button", { name: "Menu" });
    const sheet = p.getByRole("dialog", { name: "Menu" });
    const focused = () => p.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    // By a tap, then by the keyboard: each time the focus starts on Feedback, inside the sheet.
    await menuTab.tap();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("link", { name: /^Feedback/ })).toBeFocused();
    await expect(sheet.getByRole("button", { name: "Logout" })).not.toBeFocused();
    await p.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(menuTab).toBeFocused();
    await p.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    expect(await focused()).toBe("Feedback");
    await p.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(menuTab).toBeFocused();
    // Closed and tapped again before the dialog's "close" event has had its turn (what Escape then a
    // quick Enter did on a loaded machine): it opens, and the late "close" does not shut it again.
    await menuTab.tap();
    await expect(sheet).toBeVisible();
    await p.evaluate(() => {
      document.querySelector<HTMLDialogElement>("dialog[open]")?.close();
      document.querySelector<HTMLButtonElement>("button[aria-haspopup=dialog]")?.click();
    });
    await p.waitForTimeout(300);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("link", { name: /^Feedback/ })).toBeFocused();
    await phone.close();
  });

  test("at 1280 px: a top bar with Today, History and Settings; Feedback, Privacy and Logout in the avatar's menu, by keyboard", async ({
    page,
    login,
  }, testInfo) => {
    test.slow(); // a sign-in, three pages, axe scans and screenshots
    await page.setViewportSize({ width: 1280, height: 800 });
    await login.signInOnboarded(uniqueEmail("nav-laptop"));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toHaveCount(1); // the phone's tab bar is not displayed
    await expect(page.locator('nav[aria-label="Main"][data-sticky="bottom"]')).toBeHidden();
    await expect(nav.getByRole("link")).toHaveText(["Today", "History", "Settings"]);
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await nav.boundingBox())!.y).toBeLessThan(header.y + header.height);
    // Feedback and Logout are not main tabs any more.
    await expect(page.getByRole("link", { name: "Feedback" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await noHorizontalScroll(page, "dashboard at 1280");
    await expectNoAxeViolations(page);
    await screenshotAt(page, "shell-dashboard", 1280, testInfo);

    await nav.getByRole("link", { name: "History" }).click();
    await page.waitForURL("**/history");
    await expect(nav.getByRole("link", { name: "History" })).toHaveAttribute("aria-current", "page");
    await noHorizontalScroll(page, "history at 1280");
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await expect(nav.getByText("AI", { exact: true })).toHaveCount(0);
    await noHorizontalScroll(page, "settings at 1280");
    await page.goto("/dashboard");

    // The menu button by keyboard: Enter opens on the first item, the arrows, Home and End move,
    // Escape closes and returns to the avatar.
    const avatar = avatarOf(page);
    await expect(avatar).toHaveAttribute("aria-haspopup", "menu");
    await expect(avatar).toHaveAttribute("aria-expanded", "false");
    await avatar.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(avatar).toHaveAttribute("aria-expanded", "true");
    const item = (name: string) => page.getByRole("menuitem", { name });
    await expect(item("Feedback")).toBeFocused();
    await expect(item("Feedback")).toHaveAttribute("href", "https://forms.example.com/limber-feedback");
    await expect(item("Feedback")).toHaveAttribute("target", "_blank");
    await expect(item("Privacy")).toHaveAttribute("href", "/disclaimer");
    await page.keyboard.press("ArrowDown");
    await expect(item("Privacy")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(item("Logout")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(item("Feedback")).toBeFocused();
    await page.keyboard.press("End");
    await expect(item("Logout")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(item("Feedback")).toBeFocused();
    await expectNoAxeViolations(page);
    await viewportShot(page, "shell-menu-open", testInfo);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(avatar).toBeFocused();
    await expect(avatar).toHaveAttribute("aria-expanded", "false");

    // ArrowUp opens on the last item; Tab and a click outside close it.
    await page.keyboard.press("ArrowUp");
    await expect(item("Logout")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toHaveCount(0);
    await avatar.click();
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { name: "Today's Progress" }).click();
    await expect(menu).toHaveCount(0);

    // The owner's console link stays in the header (for the special user only).
    await expect(page.getByRole("link", { name: "Console" })).toHaveCount(0);

    // Logout from the menu: the request, then the login page.
    await avatar.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("a link fetches its page ahead when reached for (pointer, finger or keyboard), not when it comes into view", async ({
    page,
    login,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await login.signInOnboarded(uniqueEmail("nav-intent"));
    const prefetched = (p: Page) => {
      const paths: string[] = [];
      p.on("request", (r) => {
        if (r.headers()["next-router-prefetch"]) paths.push(new URL(r.url()).pathname);
      });
      return paths;
    };

    const seen = prefetched(page);
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(seen, "nothing is fetched ahead while the page loads").toEqual([]);

    await nav.getByRole("link", { name: "Settings" }).hover();
    await expect.poll(() => seen).toContain("/settings");
    expect(seen).not.toContain("/history");
    await nav.getByRole("link", { name: "History" }).focus();
    await expect.poll(() => seen).toContain("/history");
    // The fetched page opens as usual.
    await nav.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

    // On a touch phone the finger's touch starts it.
    const phone = await phoneContext(browser, page);
    const tab = await phone.newPage();
    const touched = prefetched(tab);
    await tab.goto("/dashboard");
    const tabBar = tab.getByRole("navigation", { name: "Main" });
    await expect(tabBar.getByRole("link", { name: "Settings" })).toBeVisible();
    await tab.waitForLoadState("networkidle");
    expect(touched).toEqual([]);
    await tabBar.getByRole("link", { name: "Settings" }).dispatchEvent("touchstart");
    await expect.poll(() => touched).toContain("/settings");
    await phone.close();
  });
});

test.describe("the guided break on a touch phone", () => {
  test("focused and full screen: no navigation, the steps with the timer above the fold, End Break Now the one way out on the first screen, no keyboard hint; skipped 3 s in, it is not called complete", async ({
    page,
    login,
    browser,
  }, testInfo) => {
    test.slow();
    await oneBreakUser(page, login, "focus-break");
    const phone = await phoneContext(browser, page);
    try {
      const p = await phone.newPage();
      await p.clock.install();
      await p.goto("/break/0");
      await expect(
        p.getByRole("heading", { name: "Your 5-Minute Movement Break", level: 1, exact: true }),
      ).toBeVisible();
      await expect(p.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expect(p.getByRole("link", { name: "Close" })).toHaveAttribute("href", "/dashboard");
      await expect(p.getByTestId("key-hint")).toBeHidden();

      // The exercise's figure (decorative, the phone's width), its name, the timer and the controls
      // on the first screen; the steps below the figure, never hidden under the docked controls.
      const figure = p.locator("svg[data-figure]");
      await expect(figure).toBeVisible();
      await expect(figure).toHaveAttribute("aria-hidden", "true");
      expect((await figure.boundingBox())!.width, "a large figure").toBeGreaterThanOrEqual(300);
      const timer = (await p.getByRole("timer").boundingBox())!;
      const controls = (await p.getByTestId("break-controls").boundingBox())!;
      expect(timer.y + timer.height).toBeLessThan(controls.y);
      expect(controls.y + controls.height, "the controls on screen").toBeLessThanOrEqual(812);
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastStep = (await p.locator("ol li").last().boundingBox())!;
      const docked = (await p.getByTestId("break-controls").boundingBox())!;
      expect(lastStep.y + lastStep.height, "the last step above the controls").toBeLessThanOrEqual(docked.y + 1);
      await p.evaluate(() => window.scrollTo(0, 0));
      await noHorizontalScroll(p, "break at 375");
      await p.clock.resume();
      await expectNoAxeViolations(p);

      await pauseClock(p);
      await p.getByRole("button", { name: "Start" }).tap();
      await p.clock.runFor(30_000);
      await expect(p.getByRole("button", { name: "Pause" })).toBeVisible();
      // One way out while it runs or is paused: End Break Now, in the player's header row on the
      // first screen (it was once under the steps, below the fold). Close, which would leave the run
      // going unseen, is hidden: no second way out, and none that disagrees; it is back once the break
      // has ended, and End Break Now is gone.
      const close = p.getByRole("link", { name: "Close" });
      const end = p.getByRole("button", { name: "End Break Now", exact: true });
      await expect(close).toBeHidden();
      await expect(end).toHaveCount(1);
      await expect(end).toBeVisible();
      expect(await p.evaluate(() => window.scrollY)).toBe(0);
      const endBox = (await end.boundingBox())!;
      expect(endBox.y + endBox.height, "End Break Now on the first screen").toBeLessThanOrEqual(812);
      expect(endBox.y + endBox.height, "End Break Now above the controls").toBeLessThanOrEqual(
        (await p.getByTestId("break-controls").boundingBox())!.y,
      );
      expect(Math.min(endBox.width, endBox.height), "a 44 px target").toBeGreaterThanOrEqual(44);
      await expect(end).toHaveText("End", { useInnerText: true }); // the X and "End" on a phone; its name says the rest
      await viewportShot(p, "break-running-touch", testInfo);

      // Start again, then end it 3 s into this one-exercise break: skipped, not complete, not counted.
      await p.getByRole("button", { name: "Pause" }).tap();
      await expect(close).toBeHidden();
      await expect(end).toBeVisible();
      await end.tap();
      await expect(close).toBeVisible();
      await expect(end).toHaveCount(0);
      await p.getByRole("button", { name: "Start Again", exact: true }).tap();
      await p.getByRole("button", { name: "Start" }).tap();
      await p.clock.runFor(3000);
      await end.tap();
      const heading = p.getByRole("heading", { name: "You Skipped This Break", exact: true });
      await expect(heading).toBeFocused();
      await expect(p.getByText("Break complete", { exact: false })).toHaveCount(0);
      await expect(p.getByTestId("break-announcer")).toHaveText("You skipped this break. It is not counted.");
      await expect(p.getByRole("link", { name: "Back to Dashboard", exact: true })).toHaveAttribute(
        "href",
        "/dashboard",
      );
      await expect(p.getByRole("button", { name: "Start Again", exact: true })).toBeVisible();
      expect((await (await p.request.get("/api/user/dashboard")).json()).completedToday).toBe(0);
      await noHorizontalScroll(p, "finish at 375");
      await p.clock.resume();
      await expectNoAxeViolations(p);
      await screenshotAt(p, "break-skipped", 375, testInfo);

      // Mark as Done (the one name for counting, skipped or not) counts it; the live region then says
      // so (the finish message is gone), and the day's goal (one break) is celebrated.
      await p.getByRole("button", { name: "Mark as Done", exact: true }).tap();
      await expect(p.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeFocused();
      await expect(p.getByTestId("break-announcer")).toHaveText(
        "Counted. 1 of 1 breaks done today. Trophy earned: First Break. Current streak: 1 day.",
      );
      // The user's first break ever earns its trophy, named on the card once.
      await expect(p.getByTestId("trophy-earned")).toHaveText("Trophy earned: First Break");
      // The finish card is the celebration (one at a time: no second card over the page).
      await expect(p.locator('section[aria-labelledby="break-result"]')).toHaveAttribute("data-celebration", "goal");
      await expect(p.locator("[data-celebration]")).toHaveCount(1);
      await expect(p.getByTestId("celebration-announcer")).toHaveText(
        "Daily goal reached! Today's break is done. Nice work.",
      );
      await expectNoAxeViolations(p);
      await viewportShot(p, "break-counted-celebration", testInfo);
      expect((await (await p.request.get("/api/user/dashboard")).json()).completedToday).toBe(1);

      // Shown once: not again on the dashboard the same day.
      await p.getByRole("link", { name: "Back to Dashboard", exact: true }).tap();
      await p.waitForURL("**/dashboard");
      await expect(p.getByText("1 movement scheduled today, 1 completed")).toBeVisible();
      await p.waitForTimeout(500);
      await expect(p.locator("[data-celebration]")).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });

  test("at 1280 px with a mouse: the keyboard hint shows, the figure beside the steps; the finish screen in the brand's colour", async ({
    page,
    login,
  }, testInfo) => {
    test.slow();
    await oneBreakUser(page, login, "focus-break-wide");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    await page.goto("/break/0");
    await expect(page.getByTestId("key-hint")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await pauseClock(page);
    await page.getByRole("button", { name: "Start" }).click();
    await page.clock.runFor(40_000);
    const controls = (await page.getByTestId("break-controls").boundingBox())!;
    expect(controls.y + controls.height).toBeLessThanOrEqual(800);
    await noHorizontalScroll(page, "break at 1280");
    await screenshotAt(page, "break-running", 1280, testInfo);
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshotAt(page, "break-running", 375, testInfo);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Run to the end, it counts on its own.
    await page.clock.fastForward(10 * 60_000);
    await page.clock.resume();
    await expect(page.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeFocused();
    await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, "break-complete", 1280, testInfo);
    await screenshotAt(page, "break-complete", 375, testInfo);
    // The brand's teal, not the success green.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--primary").trim(),
    );
    const bar = page.getByRole("progressbar", { name: "Today's breaks done" }).locator("div");
    const toRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(toRgb(primary));
    await noHorizontalScroll(page, "counted at 1280");
    await screenshotAt(page, "break-counted", 1280, testInfo);
  });
});

test.describe("the moment the day's goal is reached", () => {
  for (const motion of ["no-preference", "reduce"] as const) {
    test(`a celebration on the dashboard, announced once and shown once a day (${motion} motion)`, async ({
      page,
      login,
    }, testInfo) => {
      test.slow(); // two widths, axe scans and screenshots
      await page.emulateMedia({ reducedMotion: motion });
      await oneBreakUser(page, login, `celebrate-${motion}`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
        // Today's break not done yet, and nothing celebrated on this device.
        if (width === 1280) expect((await page.request.delete("/api/user/breaks/0/complete")).status()).toBe(200);
        await page.goto("/dashboard");
        await expect(page.getByText("1 movement scheduled today, 0 completed")).toBeVisible();
        await page.evaluate(() => localStorage.clear());
        const row = page.getByRole("button", { name: /^10:00 AM Movement Break/ });
        await row.click();
        const panel = page.getByRole("region", { name: "10:00 AM break" });
        // The exercise's figure in the row: moving, or a still frame under reduced motion.
        const figure = panel.locator("svg[data-figure]").first();
        await expect(figure).toBeVisible();
        await expect(figure.locator('[data-motion="animated"]')).toBeVisible({ visible: motion === "no-preference" });
        await expect(figure.locator('[data-motion="still"]')).toBeVisible({ visible: motion === "reduce" });
        // The row of the Now card's break leaves its Done to the card at the top.
        await expect(panel.getByRole("button", { name: "Mark as Done" })).toHaveCount(0);
        const card = page.getByTestId("now-card");
        const mark = card.getByRole("button", { name: "Mark as Done", exact: true });
        await mark.focus();
        await page.keyboard.press("Enter");

        // One celebration, in place: the Now card becomes the day's goal and plays the moment there;
        // nothing floats over the page, no toast, no second card.
        await expect(card).toHaveAttribute("data-celebration", "goal");
        await expect(page.locator("[data-celebration]")).toHaveCount(1);
        await expect(card.getByRole("heading", { name: "All Done for Today" })).toBeVisible();
        await expect(page.getByText("Great job! You've reached your daily movement goal.")).toHaveCount(1);
        await expect(page.getByText("Break Completed")).toHaveCount(0);
        await expect(page.getByTestId("celebration-announcer")).toHaveText(
          "Daily goal reached! Today's break is done. Nice work.",
        );
        // Non-modal: the keyboard user stays where they were, on the card that replaced the button
        // they pressed; the open row now offers the Undo.
        await expect(card.getByRole("heading", { name: "All Done for Today" })).toBeFocused();
        await expect(panel.getByRole("button", { name: "Undo" })).toBeVisible();
        const confetti = card.locator('[aria-hidden="true"]').first();
        if (motion === "reduce") {
          await expect(confetti).toBeHidden();
          expect(await card.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
        } else {
          await expect(confetti).toBeVisible();
          expect(await card.evaluate((el) => getComputedStyle(el).animationName)).not.toBe("none");
        }
        // The picture with the confetti in flight (a loaded machine would otherwise miss it).
        if (motion === "no-preference") {
          await page.evaluate(() =>
            document.getAnimations().forEach((a) => {
              a.pause();
              a.currentTime = 450;
            }),
          );
        }
        await viewportShot(page, `celebration-${motion}`, testInfo);
        await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
        await noHorizontalScroll(page, `celebration at ${width}`);
        await expectNoAxeViolations(page);

        // The moment is not repeated after a reload: the card stays, plain, and nothing is announced.
        await page.reload();
        await expect(page.getByText("1 movement scheduled today, 1 completed")).toBeVisible();
        await page.waitForTimeout(500);
        await expect(page.locator("[data-celebration]")).toHaveCount(0);
        await expect(page.getByTestId("now-card")).toHaveAttribute("data-kind", "all-done");
        await expect(page.getByTestId("celebration-announcer")).toHaveText("");
      }
    });
  }
});
