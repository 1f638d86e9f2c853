import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, LoginPage, screenshotAt, test, uniqueEmail } from "./support/fixtures";

// The e2e server's ADMIN_EMAIL and ADMIN_CODE (playwright.config.ts, E2E_ENV).
const OWNER = "owner@example.com";
const CODE = "e2e-admin-code-0042-owner-console";

/**
 * Signs the owner in and lands on the dashboard. The owner account is shared by every test that
 * uses it, so only the first sign-in of a run goes through onboarding.
 */
async function signInOwner(page: Page, login: LoginPage) {
  await login.signIn(OWNER);
  await page.waitForURL((url) => url.pathname === "/welcome" || url.pathname === "/dashboard");
  if (new URL(page.url()).pathname === "/welcome") {
    const res = await page.request.post("/api/user/setup", {
      data: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
}

async function unlock(page: Page, code: string) {
  await page.getByLabel("Admin Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Unlock Console" }).click();
}

// One login code per sign-in and at most 3 codes per address in 10 minutes: tests that sign in
// as the owner never run at the same time (a lock shared across files).
test.describe("owner console", { lock: "owner-account" }, () => {
  test("the owner unlocks the console, pauses and deletes a user, reads the audit log and logs out", async ({
    page,
    login,
    browser,
  }, testInfo) => {
    // Another user, signed in from a second browser (and another address).
    const memberEmail = uniqueEmail("member");
    const memberContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { "x-forwarded-for": "198.19.250.7" },
    });
    try {
      const memberPage = await memberContext.newPage();
      await new LoginPage(memberPage).signInOnboarded(memberEmail);
      expect((await memberPage.request.get("/api/auth/user")).status()).toBe(200);

      await signInOwner(page, login);

      // Locked: /admin is a real redirect to the unlock page, and the console link leads there too.
      const locked = await page.request.get("/admin", { maxRedirects: 0 });
      expect(locked.status()).toBe(307);
      expect(locked.headers()["location"]).toContain("/owner-unlock");
      expect((await page.request.get("/api/admin-status")).status()).toBe(401);
      const consoleLink = page.getByRole("link", { name: "Console" });
      await expect(consoleLink).toBeVisible();
      await consoleLink.click();
      await page.waitForURL("**/owner-unlock");

      await expect(page.getByRole("heading", { name: "Owner Console", level: 1 })).toBeVisible();
      await expect(
        page.getByText("This area is restricted to the product owner. All actions are logged."),
      ).toBeVisible();
      const codeField = page.getByLabel("Admin Code", { exact: true });
      await expect(codeField).toHaveAttribute("type", "password");

      // Empty, then wrong, then right.
      await page.getByRole("button", { name: "Unlock Console" }).click();
      await expect(page.getByText("Please enter the admin code")).toBeVisible();
      await unlock(page, "not-the-code");
      await expect(page.getByText("Invalid admin code")).toBeVisible();
      await expect(codeField).toHaveValue("");
      await expect(page).toHaveURL(/\/owner-unlock$/);
      await unlock(page, CODE);
      await expect(page.getByText("Owner Console Unlocked")).toBeVisible();
      await expect(page.getByText("You now have access to the admin dashboard.")).toBeVisible();
      await page.waitForURL("**/admin");
      await expect(page.getByRole("heading", { name: "Owner Console", level: 1 })).toBeVisible();
      await expect(page.getByText("Total Users")).toBeVisible();
      await expect(page.getByText("Receiving emails")).toBeVisible();
      await expect(page.getByText("Entries in the audit log")).toBeVisible();

      // The member is listed and active; pause them.
      const users = page.getByRole("tabpanel", { name: "Users" });
      const memberRow = users.getByRole("row").filter({ hasText: memberEmail });
      await expect(memberRow).toBeVisible();
      await expect(memberRow.getByText("Active", { exact: true })).toBeVisible();
      // No name given: no "Name" placeholder on the row.
      await expect(memberRow.getByText("Unnamed", { exact: true })).toHaveCount(0);
      // Nobody here has a name: no empty Name column either.
      await expect(users.getByRole("columnheader", { name: "Email" })).toBeVisible();
      await expect(users.getByRole("columnheader", { name: "Name", exact: true })).toHaveCount(0);
      await memberRow.getByRole("button", { name: `Pause emails for ${memberEmail}` }).click();
      await expect(page.getByText("User Updated")).toBeVisible();
      await expect(page.getByText("User emails have been paused.")).toBeVisible();
      await expect(memberRow.getByText("Paused", { exact: true })).toBeVisible();
      await expect(memberRow.getByRole("button", { name: `Enable emails for ${memberEmail}` })).toBeVisible();

      // The owner's own account is protected: its actions are disabled, and say why.
      const confirm = page.getByRole("alertdialog", { name: "Delete User" });
      const ownDelete = users.getByRole("button", { name: `Delete ${OWNER}`, exact: true });
      await expect(ownDelete).toBeDisabled();
      await expect(ownDelete).toHaveAccessibleDescription("You can't delete the owner's account");
      await expect(users.getByRole("button", { name: `Pause emails for ${OWNER}`, exact: true })).toBeDisabled();
      await expect(users.getByRole("row").filter({ hasText: OWNER })).toHaveCount(1);

      // Cancel leaves the member alone; Delete removes them.
      await users.getByRole("button", { name: `Delete ${memberEmail}`, exact: true }).click();
      await expect(
        confirm.getByText(`Are you sure you want to delete user ${memberEmail}? This action cannot be undone.`),
      ).toBeVisible();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(memberRow).toBeVisible();
      await users.getByRole("button", { name: `Delete ${memberEmail}`, exact: true }).click();
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByText("User Deleted")).toBeVisible();
      await expect(page.getByText("User has been permanently deleted.")).toBeVisible();
      await expect(memberRow).toHaveCount(0);
      // The member's session ended with the account.
      expect((await memberPage.request.get("/api/auth/user")).status()).toBe(401);

      // The audit log shows both actions (underscores as spaces).
      await page.getByRole("tab", { name: "Audit Logs" }).click();
      const logs = page.getByRole("tabpanel", { name: "Audit Logs" });
      await expect(logs.getByRole("columnheader", { name: "IP Address" })).toBeVisible();
      await expect(logs.getByRole("cell", { name: "admin user paused", exact: true }).first()).toBeVisible();
      await expect(logs.getByRole("cell", { name: "admin user deleted", exact: true }).first()).toBeVisible();
      // Older entries may already be past the first page of 50 (other tests write too): filter for them.
      for (const action of ["admin unlock failed", "admin unlock success"]) {
        await logs.getByLabel("Filter by action").selectOption({ label: action });
        await expect(logs.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
        await expect(logs.getByText(CODE)).toHaveCount(0);
        await expect(logs.getByText("not-the-code")).toHaveCount(0);
      }

      // Log out of the console: back on the dashboard, still signed in, console locked again.
      await page.getByRole("button", { name: "Log Out", exact: true }).click();
      await page.waitForURL("**/dashboard");
      await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
      await expect(page.getByText("You have been logged out of the admin console.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
      expect((await page.request.get("/api/admin-status")).status()).toBe(401);
      const relocked = await page.request.get("/admin", { maxRedirects: 0 });
      expect(relocked.status()).toBe(307);
      expect(relocked.headers()["location"]).toContain("/owner-unlock");
    } finally {
      await memberContext.close();
    }
  });

  test("axe scans of /owner-unlock and /admin, screenshots of /admin; the audit log loads more and filters by action", async ({
    page,
    login,
    request,
  }, testInfo) => {
    // 60 code requests, four axe scans and four full-page screenshots: more than the default minute on 2 busy cores.
    test.setTimeout(240_000);
    // 60 sign-in codes requested for 60 addresses from 60 client addresses: 60 audit entries, so with
    // everything else more than one page of 50. (Settings saves would not do: one user's saves are
    // coalesced into one entry per 10 minutes.)
    const base = testInfo.project.use.baseURL!;
    // Its own request context: the page's would carry the pending sign-in cookie to the owner's login.
    const requestCode = async (i: number) => {
      const res = await request.post("/api/auth/request-code", {
        data: { email: uniqueEmail(`pager-${i}`) },
        headers: { origin: base, "x-forwarded-for": `198.19.250.${i + 10}` },
      });
      expect(res.status()).toBe(200);
    };
    for (let batch = 0; batch < 60; batch += 10)
      await Promise.all(Array.from({ length: 10 }, (_, k) => requestCode(batch + k)));

    await signInOwner(page, login);
    await page.goto("/owner-unlock");
    await expect(page.getByLabel("Admin Code", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Unlock Console" }).click();
    await expect(page.getByText("Please enter the admin code")).toBeVisible();
    await expectNoAxeViolations(page);

    await unlock(page, CODE);
    await page.waitForURL("**/admin");
    // The "unlocked" toast covers the Log Out button at 1280 px, and sonner holds a toast while the
    // pointer rests on it, so the final click could wait on it forever: it is closed first.
    const unlocked = page.locator("[data-sonner-toast]", { hasText: "Owner Console Unlocked" });
    await expect(unlocked).toBeVisible();
    await unlocked.getByRole("button", { name: "Close toast" }).click();
    await expect(unlocked).toHaveCount(0);
    const users = page.getByRole("tabpanel", { name: "Users" });
    await expect(users.getByRole("row").filter({ hasText: OWNER })).toBeVisible();
    await expect(users.getByText(/^Showing \d+ of \d+ users$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, "admin", 375, testInfo);
    // Under 768 px the Timezone and Created columns are hidden.
    await expect(users.getByRole("columnheader", { name: "Timezone" })).toBeHidden();
    await expect(users.getByRole("columnheader", { name: "Created" })).toBeHidden();
    await screenshotAt(page, "admin", 1280, testInfo);
    await expect(users.getByRole("columnheader", { name: "Timezone" })).toBeVisible();
    await expect(users.getByRole("columnheader", { name: "Created" })).toBeVisible();

    await page.getByRole("tab", { name: "Audit Logs" }).click();
    const logs = page.getByRole("tabpanel", { name: "Audit Logs" });
    const rows = logs.locator("tbody tr");
    const auditEvents = page.locator('[data-slot="card"]', {
      has: page.getByRole("heading", { name: "Audit Events" }),
    });
    // The first page: 50 entries; the stat card counts the whole log (more than one page).
    await expect(rows).toHaveCount(50);
    const total = Number(await auditEvents.locator("p.text-2xl").textContent());
    expect(total).toBeGreaterThan(50);
    await expect(logs.getByText("Showing the 50 newest entries")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAt(page, "admin-logs", 375, testInfo);
    await expect(logs.getByRole("columnheader", { name: "IP Address" })).toBeHidden();
    await expect(logs.getByRole("columnheader", { name: "Details" })).toBeHidden();
    await screenshotAt(page, "admin-logs", 1280, testInfo);

    // Load more, by keyboard: focus moves to the first entry of the new page.
    const loadMore = logs.getByRole("button", { name: "Load More" });
    await loadMore.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.count()).toBeGreaterThan(50);
    await expect(rows.nth(50)).toBeFocused();
    expect(Number(await auditEvents.locator("p.text-2xl").textContent())).toBeGreaterThanOrEqual(total);
    const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-id")));
    expect(new Set(ids).size).toBe(ids.length);

    // Filter by one action: a labelled select with every action, underscores shown as spaces.
    const filter = logs.getByLabel("Filter by action");
    await expect(filter.locator("option:checked")).toHaveText("All actions");
    await expect(filter.getByRole("option", { name: "All actions" })).toHaveCount(1);
    await expect(filter.getByRole("option", { name: "admin user paused", exact: true })).toHaveCount(1);
    await filter.focus();
    await filter.selectOption({ label: "login code requested" });
    await expect(filter.locator("option:checked")).toHaveText("login code requested");
    await expect(filter).toBeFocused();
    // A new filter starts again from its first page.
    await expect(rows).toHaveCount(50);
    while (await loadMore.isVisible()) {
      const before = await rows.count();
      await loadMore.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
    }
    await expect(logs.getByText(/^Showing all \d+ entries$/)).toBeVisible();
    const actions = await logs.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(actions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(actions)).toEqual(new Set(["login code requested"]));
    // Readable details: the address in words (the raw JSON stays behind a disclosure).
    expect(await logs.locator("tbody tr", { hasText: /Email: pager-\d+-/ }).count()).toBeGreaterThanOrEqual(60);
    await expectNoAxeViolations(page);
    // Loading more scrolled down: back to the top, so the fixed header and navigation sit where they belong.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAt(page, "admin-logs-filtered", 375, testInfo);
    await screenshotAt(page, "admin-logs-filtered", 1280, testInfo);

    // Back to every action.
    await filter.selectOption({ label: "All actions" });
    await expect(filter.locator("option:checked")).toHaveText("All actions");
    await expect(rows).toHaveCount(50);
    await expect(logs.getByText("Showing the 50 newest entries")).toBeVisible();

    await page.getByRole("button", { name: "Log Out", exact: true }).click();
    await page.waitForURL("**/dashboard");
    expect((await page.request.get("/api/admin-status")).status()).toBe(401);
  });
});
