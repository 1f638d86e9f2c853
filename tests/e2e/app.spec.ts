import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, holdNavigation, screenshotAt, test, uniqueEmail } from "./support/fixtures";

async function onboard(page: Page) {
  await page.waitForURL("**/welcome");
  await expect(page.getByRole("heading", { name: "Let's loosen up" })).toBeVisible();
  await expect(page.getByText("Your local time:")).toBeVisible();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Reminders per day" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "2", exact: true })).toBeChecked();
  await expect(page.getByLabel("First break time")).toHaveValue("10:00");
  await expect(page.getByLabel("Second break time")).toHaveValue("15:00");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
    await expect(page.getByRole("checkbox", { name: day })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
}

test.describe("onboarding, dashboard and settings", () => {
  test("a new user sets up, sees the dashboard, changes settings and deletes the account", async ({ page, login }) => {
    const email = uniqueEmail("journey");
    await login.signIn(email);
    await onboard(page);

    // Incomplete onboarding: every other page is a real redirect to /welcome.
    const res = await page.request.get("/dashboard", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["location"]).toContain("/welcome");

    // Today among the active days (a weekend run too), so the dashboard below has today's breaks.
    const weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][
      new Date().getUTCDay()
    ]!;
    await page.getByRole("checkbox", { name: weekday }).check();
    await page.getByLabel("First break time").fill("09:02");
    await page.getByLabel("First break time").blur();
    await expect(page.getByLabel("First break time")).toHaveValue("09:00");
    await expect(page.getByText("9:02 AM → 9:00 AM", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "What kind of break?" })).toBeFocused();
    await expect(page.getByRole("radio", { name: "5 minutes", exact: true })).toBeChecked();
    await page.getByRole("radio", { name: "10 minutes", exact: true }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Anything we should know?" })).toBeVisible();
    await page.getByRole("button", { name: "Start My Streak" }).click();
    await expect(page.getByText("Setup complete!")).toBeVisible();
    await page.waitForURL("**/dashboard");

    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Start Your Journey" })).toBeVisible();
    // Late in the (UTC) day both times were before joining: then one break taken today starts it.
    await expect(
      page.getByText(/^(Complete today's movements|Take a break today) to begin your streak!$/),
    ).toBeVisible();

    // Settings: change every field and find it kept after a reload.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    // No model is configured here: nothing says "AI" (the badge is shown only with one).
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Main" }).getByText("AI")).toHaveCount(0);
    await expect(page.getByLabel("First reminder")).toHaveValue("09:00");
    await expect(page.getByRole("radio", { name: "10 minutes", exact: true })).toBeChecked();

    await page.getByRole("radio", { name: "15 minutes", exact: true }).check();
    await page.getByRole("radio", { name: "Low", exact: true }).check();
    await page.getByLabel("Movement preferences").fill("standing desk, sore knee");
    await expect(page.getByText("24/200 characters")).toBeVisible();
    await page.getByRole("checkbox", { name: "Saturday" }).check();
    await page.getByLabel("Second reminder").fill("16:58");
    await page.getByLabel("Second reminder").blur();
    await expect(page.getByLabel("Second reminder")).toHaveValue("17:00");
    await page.getByRole("combobox", { name: "Timezone" }).fill("tokyo");
    await page.getByRole("option", { name: /^Tokyo \(/ }).click();
    await page.getByRole("switch", { name: "Pause emails" }).click();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Settings updated")).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Second reminder")).toHaveValue("17:00");
    await expect(page.getByRole("radio", { name: "15 minutes", exact: true })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Low", exact: true })).toBeChecked();
    await expect(page.getByLabel("Movement preferences")).toHaveValue("standing desk, sore knee");
    await expect(page.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Pause emails" })).toBeChecked();
    // Shown by its name; saved as its IANA id.
    await expect(page.getByLabel("Timezone")).toHaveValue("Tokyo (Japan Standard Time, UTC+9)");
    expect((await (await page.request.get("/api/user/settings")).json()).timezone).toBe("Asia/Tokyo");

    // One reminder a day hides the second time and saves only the first.
    await page.getByRole("radio", { name: "1", exact: true }).check();
    await expect(page.getByLabel("Second reminder")).toBeHidden();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Settings updated")).toBeVisible();
    const saved = await (await page.request.get("/api/user/settings")).json();
    expect(saved.times).toEqual(["09:00"]);
    await page.reload();
    await expect(page.getByRole("radio", { name: "1", exact: true })).toBeChecked();
    await expect(page.getByLabel("Second reminder")).toBeHidden();

    // Delete the account: confirmation, then back at the login screen.
    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByRole("alertdialog", { name: "Are you absolutely sure?" })).toBeVisible();
    const release = await holdNavigation(page, "**/login");
    await page.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(page.getByText("Account deleted successfully")).toBeVisible();
    release();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("one break a day from the start: choosing 1 hides the second time; only the first is saved", async ({
    page,
    login,
  }) => {
    await login.signIn(uniqueEmail("one-a-day"));
    await onboard(page);
    await page.getByRole("radio", { name: "1", exact: true }).check();
    await expect(page.getByLabel("Second break time")).toBeHidden();
    await expect(page.getByLabel("First break time")).toBeVisible();
    // Back to two: the second time is offered again.
    await page.getByRole("radio", { name: "2", exact: true }).check();
    await expect(page.getByLabel("Second break time")).toHaveValue("15:00");
    await page.getByRole("radio", { name: "1", exact: true }).check();
    // The hidden time is not checked: the same time as the first one does not hold the step up.
    await page.getByLabel("First break time").fill("15:00");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Start My Streak" }).click();
    await page.waitForURL("**/dashboard");
    expect((await (await page.request.get("/api/user/settings")).json()).times).toEqual(["15:00"]);
    await page.goto("/settings");
    await expect(page.getByRole("radio", { name: "1", exact: true })).toBeChecked();
    await expect(page.getByLabel("Second reminder")).toBeHidden();
  });

  test("axe scans and screenshots of /welcome, /dashboard and /settings", async ({ page, login }, testInfo) => {
    await login.signIn(uniqueEmail("axe-app"));
    await onboard(page);
    await expectNoAxeViolations(page);
    await screenshotAt(page, "welcome", 375, testInfo);
    await screenshotAt(page, "welcome", 1280, testInfo);
    for (const step of [2, 3]) {
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(`Step ${step} of 3`)).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshotAt(page, `welcome-step${step}`, 375, testInfo);
      await screenshotAt(page, `welcome-step${step}`, 1280, testInfo);
    }
    await page.getByRole("button", { name: "Start My Streak" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, "dashboard", 375, testInfo);
    await screenshotAt(page, "dashboard", 1280, testInfo);
    await page.goto("/settings");
    await expect(page.getByLabel("First reminder")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, "settings", 375, testInfo);
    await screenshotAt(page, "settings", 1280, testInfo);
  });
});
