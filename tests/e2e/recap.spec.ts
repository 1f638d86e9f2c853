// Issue 33 in the browser: History's "Last Week" and "Trophies", the Settings checkbox for the
// weekly recap e-mail, and the recap e-mail itself (rendered from its template) light and dark,
// at 375 px and 1280 px, with axe.
import AxeBuilder from "@axe-core/playwright";
import { createElement } from "react";
import WeeklyRecapEmail from "../../lib/mail/templates/weekly-recap";
import { renderEmail } from "../../lib/mail/templates/render";
import { expect, expectNoAxeViolations, test, uniqueEmail } from "./support/fixtures";

/** Element screenshots: the fixed header and navigation would otherwise cover part of the element. */
const HIDE_FIXED = 'nav[aria-label="Main"], header { visibility: hidden !important; }';
const todayUtc = () => new Date().toISOString().slice(0, 10);
/** A card found by its heading (the cards are named by their h2). */
const cardNamed = (page: import("@playwright/test").Page, name: string) =>
  page.locator("[data-slot='card']").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
const fullDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

test("History shows last week and the trophies: the first break earned, the next one greyed with progress", async ({
  page,
  login,
}, testInfo) => {
  await login.signInOnboarded(uniqueEmail("trophies"), ["00:05", "00:10"], { activeDays: [0, 1, 2, 3, 4, 5, 6] });
  await page.goto("/history");
  const trophies = cardNamed(page, "Trophies");
  await expect(trophies).toBeVisible();
  await expect(trophies.getByText("0 of 1 break")).toBeVisible();
  // Few trophies: the card is not one lonely tile; the next ones to earn fill its first row.
  await expect(trophies.getByText("Take your first break to earn your first trophy.", { exact: false })).toBeVisible();
  // Three shown; the rest of the nine behind Show All 9 Trophies.
  await expect(trophies.locator('[data-earned="false"]:visible')).toHaveCount(3);
  await expect(trophies.locator('[data-earned="false"]')).toHaveCount(9);
  await expect(trophies.locator("[data-next]")).toContainText("Up next");
  await expect(trophies.locator("[data-next]")).toContainText("First Break");
  // Joined this week: last week was before they joined, so it is not shown (it would be all zeros).
  await expect(page.getByRole("heading", { level: 2, name: "Last Week", exact: true })).toHaveCount(0);

  expect((await page.request.post("/api/user/breaks/0/complete")).status()).toBe(200);
  await page.reload();
  const earned = trophies.locator('[data-earned="true"]');
  await expect(earned).toHaveCount(1);
  await expect(earned).toContainText("First Break");
  await expect(earned).toContainText(`Earned ${fullDate(todayUtc())}`);
  await expect(trophies.getByText("1 of 9 earned.", { exact: false })).toBeVisible();
  // One earned: two to earn beside it, the next one first.
  await expect(trophies.locator('[data-earned="false"]:visible')).toHaveCount(2);
  const next = trophies.locator("[data-next]");
  // The next one is whichever is closest to its goal (the first day may already count as a 1-day
  // streak, making "3-Day Streak" 1 of 3): the page shows what the API says.
  const api = (await (await page.request.get("/api/user/history")).json()) as {
    trophies: { next: { title: string; progress: number; progressText: string } };
  };
  expect(["10 Breaks", "3-Day Streak"]).toContain(api.trophies.next.title);
  await expect(next).toContainText(api.trophies.next.title);
  await expect(next).toContainText(api.trophies.next.progressText);
  await expect(next.getByRole("progressbar", { name: `${api.trophies.next.title} progress` })).toHaveAttribute(
    "aria-valuenow",
    String(api.trophies.next.progress),
  );
  await expectNoAxeViolations(page);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    for (const [name, region] of [["trophies", trophies]] as const) {
      const file = testInfo.outputPath(`recap-${name}-${width}.png`);
      await region.screenshot({ path: file, style: HIDE_FIXED });
      await testInfo.attach(`recap-${name}-${width}`, { path: file, contentType: "image/png" });
    }
  }
});

test("Settings: the Weekly recap e-mail switch is on by default and is saved off and on", async ({
  page,
  login,
}, testInfo) => {
  await login.signInOnboarded(uniqueEmail("recap-setting"));
  await page.goto("/settings");
  const box = page.getByRole("switch", { name: "Weekly recap email" });
  await expect(box).toBeChecked();
  await expectNoAxeViolations(page);
  await box.uncheck();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
  expect(
    ((await (await page.request.get("/api/user/settings")).json()) as { weeklyRecapEmail: boolean }).weeklyRecapEmail,
  ).toBe(false);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Weekly recap email" })).not.toBeChecked();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const card = page
      .getByRole("switch", { name: "Weekly recap email" })
      .locator("xpath=ancestor::*[@data-slot='card'][1]");
    const file = testInfo.outputPath(`recap-setting-${width}.png`);
    await card.screenshot({ path: file, style: HIDE_FIXED });
    await testInfo.attach(`recap-setting-${width}`, { path: file, contentType: "image/png" });
  }
  await page.getByRole("switch", { name: "Weekly recap email" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
  expect(
    ((await (await page.request.get("/api/user/settings")).json()) as { weeklyRecapEmail: boolean }).weeklyRecapEmail,
  ).toBe(true);
});

test("the weekly recap e-mail, light and dark, at 375 and 1280 px", async ({ browser }) => {
  const mail = await renderEmail(
    "Your week",
    createElement(WeeklyRecapEmail, { ...WeeklyRecapEmail.PreviewProps, appUrl: "https://limber.example.com" }),
  );
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    const viewer = await context.newPage();
    await viewer.setContent(mail.html);
    await expect(viewer.getByRole("heading", { name: "Your Week in Movement" })).toBeVisible();
    await expect(viewer.getByRole("link", { name: "Turn off the weekly recap" })).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await viewer.emulateMedia({ colorScheme: scheme });
      // Rendered from the template's fixed preview data: a baseline like every other screen.
      await expect(viewer).toHaveScreenshot(`recap-email-${scheme}-${width}.png`, { fullPage: true });
      // As for the reminder: e-mails have no <title> (clients show the subject).
      const axe = await new AxeBuilder({ page: viewer })
        .withTags(["wcag2a", "wcag2aa"])
        .disableRules(["document-title"])
        .analyze();
      expect(axe.violations.map((v) => `${scheme}: ${v.id}`)).toEqual([]);
    }
    await context.close();
  }
});
