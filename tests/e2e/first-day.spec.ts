// Issue 33: signing up in the evening does not start with failure. The day's earlier breaks
// (10:30 and 15:00) were due before the account existed: their rows say "Bonus", never
// "Missed", nothing is counted, one can still be done as a first win, and every card says so in
// the same words (one first-day message, not three).
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Sydney",
  "Asia/Tokyo",
  "America/Los_Angeles",
  "Asia/Kolkata",
  "Pacific/Honolulu",
  "America/Sao_Paulo",
  "Europe/Berlin",
  "Asia/Dubai",
];

/** A zone where it is evening now (16:00-23:30), so 10:30 and 15:00 today were before the sign-up. */
function eveningZone(now = new Date()) {
  const zone = ZONES.find((z) => {
    const [h, m] = new Intl.DateTimeFormat("en-GB", {
      timeZone: z,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .format(now)
      .split(":")
      .map(Number);
    const minutes = h! * 60 + m!;
    return minutes >= 16 * 60 && minutes < 23 * 60 + 30;
  });
  if (!zone) throw new Error("no candidate zone has an evening now");
  return zone;
}

const rows = (page: Page) => page.getByRole("list", { name: "Today's breaks" }).locator(":scope > li");
/** The row's own button (the one that opens it; its panel holds more buttons). */
const rowButton = (page: Page, i: number) => rows(page).nth(i).locator("button[aria-controls]").first();

for (const width of [375, 1280]) {
  test.describe(`an evening sign-up's first day at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 900 } });

    test("no Missed: both breaks are a Bonus; one first-day message; doing one counts as the first win", async ({
      page,
      login,
    }, testInfo) => {
      test.slow(); // sign-in, axe scans and screenshots on a loaded machine
      const timezone = eveningZone();
      await login.signIn(uniqueEmail(`first-day-${width}`));
      await page.waitForURL("**/welcome");
      const res = await page.request.post("/api/user/setup", {
        data: { timezone, times: ["10:30", "15:00"], durationPreference: 5, activeDays: ALL_DAYS },
      });
      expect(res.status()).toBe(200);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();

      const list = rows(page);
      await expect(list).toHaveCount(2);
      await expect(rowButton(page, 0)).toHaveAccessibleName("10:30 AM Movement Break, Bonus (due before you joined)");
      await expect(rowButton(page, 1)).toHaveAccessibleName("3:00 PM Movement Break, Bonus (due before you joined)");
      await expect(page.getByText("Missed", { exact: true })).toHaveCount(0);
      // Not the missed red.
      const chip = list.nth(0).getByText("Bonus", { exact: true });
      await expect(chip).toBeVisible();
      expect(await chip.evaluate((el) => el.className)).not.toMatch(/destructive/);
      // One message for the day: the Now card offers the first break, the progress card says nothing
      // is missed and that taking one counts, the streak card that one today starts the streak. No
      // "skipped", no count of zero, no "your next break" beside an offer of this one.
      const card = page.getByTestId("now-card");
      await expect(card).toHaveAttribute("data-kind", "first");
      await expect(card.getByRole("heading", { name: "10:30 AM Movement Break" })).toBeVisible();
      await expect(
        page
          .getByTestId("progress-card")
          .getByText("Nothing is missed on your first day. Take a break now and it counts for today.", { exact: true }),
      ).toBeVisible();
      await expect(page.getByTestId("progress-card").getByText(/scheduled today|skipped/)).toHaveCount(0);
      await expect(page.getByText("Take a break today to begin your streak!", { exact: true })).toBeVisible();
      await expect(page.getByText(/your next break/i)).toHaveCount(0);
      const board = (await (await page.request.get("/api/user/dashboard")).json()) as {
        totalToday: number;
        completedToday: number;
        streakFreezes: number;
      };
      expect(board).toMatchObject({ totalToday: 0, completedToday: 0, streakFreezes: 0 });
      await expectNoAxeViolations(page);
      await screenshotAt(page, "first-day", width, testInfo);

      // The 10:30 row does not repeat the card's Start and Done (nor offers a skip: it is not due);
      // it says why the break is there. The other row keeps its own.
      await rowButton(page, 0).click();
      const panel = page.getByRole("region", { name: "10:30 AM break" });
      await expect(panel.getByText(/^A bonus: it was due before you joined, so it isn't missed/)).toBeVisible();
      await expect(panel.getByRole("link", { name: "Start Break" })).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Mark as Done" })).toHaveCount(0);
      await expect(panel.getByRole("button", { name: "Skip Break" })).toHaveCount(0);
      await rowButton(page, 1).click();
      const other = page.getByRole("region", { name: "3:00 PM break" });
      await expect(other.getByRole("link", { name: "Start Break" })).toBeVisible();
      await expect(other.getByRole("button", { name: "Mark as Done", exact: true })).toBeVisible();
      await rowButton(page, 1).click();

      // The first win: the 10:30 break, done anyway from the card, counts for today; its open row
      // then offers the Undo.
      await card.getByRole("button", { name: "Mark as Done", exact: true }).click();
      await expect(panel.getByRole("button", { name: "Undo" })).toBeVisible();
      await expect(list.nth(0).getByText("Done", { exact: true })).toBeVisible();
      await expect(list.nth(1).getByText("Bonus", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Current Streak" })).toBeVisible();
      const after = (await (await page.request.get("/api/user/dashboard")).json()) as {
        totalToday: number;
        completedToday: number;
        streakCount: number;
      };
      expect(after).toMatchObject({ totalToday: 1, completedToday: 1, streakCount: 1 });
      await expect(page.getByText("Missed", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "first-day-first-win", width, testInfo);
    });
  });
}
