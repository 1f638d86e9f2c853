// Issue 33 on the dashboard: each exercise of a break has "Swap", "Like" and "Not for Me" (with
// four reasons), each with its words beside its icon, named for its exercise, 44 px, usable with the keyboard, answered by a
// toast; a swap stays after a reload. Axe-clean with the reasons open, at 375 and 1280 px.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";
import { localHhmm, zoneWithLocalHour } from "./support/local-time";

/** The first break's row, opened: its panel with the exercises. */
async function openFirstBreak(page: Page) {
  const row = page.getByRole("list", { name: "Today's breaks" }).locator(":scope > li").first();
  await row.locator(":scope > button[aria-controls]").click();
  return row.getByRole("region");
}

async function firstExerciseName(region: Locator) {
  const label = await region
    .getByRole("button", { name: /^Swap / })
    .first()
    .getAttribute("aria-label");
  return label!.replace(/^Swap /, "");
}

async function sizeAtLeast44(l: Locator) {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  expect(b!.width).toBeGreaterThanOrEqual(44);
  expect(b!.height).toBeGreaterThanOrEqual(44);
}

test.describe("exercise controls on the dashboard", () => {
  test("swap an exercise (kept after a reload), mark one not for me and like one, axe-clean", async ({
    page,
    login,
  }, testInfo) => {
    test.slow();
    const tz = zoneWithLocalHour(6, 16); // breaks two and four hours ahead are today
    await login.signIn(uniqueEmail("exercises-e2e"));
    await page.waitForURL("**/welcome");
    const res = await page.request.post("/api/user/setup", {
      data: {
        timezone: tz,
        times: [localHhmm(tz, 2), localHhmm(tz, 4)],
        durationPreference: 10,
        activeDays: [0, 1, 2, 3, 4, 5, 6],
      },
    });
    expect(res.status()).toBe(200);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();

    const region = await openFirstBreak(page);
    await expect(region.getByRole("button", { name: /^Swap / })).toHaveCount(2);
    const before = await firstExerciseName(region);
    const swapButton = region.getByRole("button", { name: `Swap ${before}`, exact: true });
    await sizeAtLeast44(swapButton);
    await sizeAtLeast44(region.getByRole("button", { name: `I like ${before}`, exact: true }));
    await sizeAtLeast44(region.getByRole("button", { name: `Not for Me: ${before}`, exact: true }));
    // Words beside the icons, not a bare heart and "⋯".
    await expect(region.getByRole("button", { name: `I like ${before}`, exact: true })).toHaveText("Like");
    await expect(region.getByRole("button", { name: `Not for Me: ${before}`, exact: true })).toHaveText("Not for Me");

    // Swap with the keyboard: focus and Enter.
    await swapButton.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Exercise Swapped")).toBeVisible();
    await expect(region.getByRole("button", { name: `Swap ${before}`, exact: true })).toHaveCount(0);
    const after = await firstExerciseName(region);
    expect(after).not.toBe(before);
    // The Now card (this is the next break) names the new exercise at once, not the one swapped out.
    const now = page.getByTestId("now-card");
    await expect(now).toContainText(after);
    await expect(now).not.toContainText(before);

    // Kept in the day's plan: a reload shows the new one.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    const region2 = await openFirstBreak(page);
    await expect(region2.getByRole("button", { name: `Swap ${after}`, exact: true })).toBeVisible();

    // "Not for Me" opens the reasons; Escape closes them and focus returns.
    const more = region2.getByRole("button", { name: `Not for Me: ${after}`, exact: true });
    await more.click();
    const reasons = region2.getByRole("group", { name: `Not for Me: why, for ${after}?` });
    await expect(reasons).toBeVisible();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(reasons).toBeHidden();
    await expect(more).toBeFocused();
    await more.click();
    await expect(reasons.getByRole("button", { name: "Not for Me: It Hurts" })).toBeFocused();
    // Each of the four reasons has its own icon.
    const icons = await reasons
      .getByRole("button", { name: /^Not for Me: / })
      .evaluateAll((buttons) => buttons.map((b) => b.querySelector("svg")?.getAttribute("class") ?? ""));
    expect(icons).toHaveLength(4);
    expect(new Set(icons).size).toBe(4);
    await expectNoAxeViolations(page);
    // The reasons stay open across a resize; shown in place on a phone and a laptop (the viewport:
    // they open over the next exercise).
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await expect(reasons).toBeVisible();
      await reasons.scrollIntoViewIfNeeded();
      const file = testInfo.outputPath(`exercises-reasons-${width}.png`);
      await page.screenshot({ path: file });
      await testInfo.attach(`exercises-reasons-${width}`, { path: file, contentType: "image/png" });
    }
    await reasons.getByRole("button", { name: "Not for Me: It Hurts" }).click();
    await expect(page.getByText(`We won't suggest ${after} again.`, { exact: false })).toBeVisible();
    // The button says it is marked (issue 33: one wording, "Not for Me").
    await expect(region2.getByRole("button", { name: `Not for Me: ${after} (marked)`, exact: true })).toBeVisible();
    await expect(region2.getByText("Not for you")).toHaveCount(0);

    // The heart toggles "I like this".
    const second = (await region2
      .getByRole("button", { name: /^I like / })
      .nth(1)
      .getAttribute("aria-label"))!;
    const heart = region2.getByRole("button", { name: second, exact: true });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveText("Liked");
    await expect(page.getByText("Marked as a Favourite")).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) await screenshotAt(page, "exercises-marked", width, testInfo);

    // Stored: the export has both marks.
    const exported = await (await page.request.get("/api/user/export")).json();
    expect(exported.exerciseFeedback.map((f: { verdict: string }) => f.verdict).sort()).toEqual([
      "liked",
      "not-for-me",
    ]);
  });
});
