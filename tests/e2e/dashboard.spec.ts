// The dashboard as a user sees it at 375 and 1280 px: today's breaks in time order with Done /
// Missed / Upcoming chips, rows that keep their shape on a phone, the progress ring's label inside
// the ring at 100 %, a streak card worth reading before the first streak, a rest day that says
// its sentence once, and paused e-mails that leave the breaks in place.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail, type LoginPage } from "./support/fixtures";

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** A zone where it is now between 08:00 and 20:00, so "two hours ago" and "in two hours" are today. */
function daytimeZone(now = new Date()) {
  const zones = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "America/Los_Angeles", "Australia/Sydney", "Asia/Dubai", "America/Sao_Paulo", "Pacific/Auckland", "Pacific/Honolulu"];
  return zones.find((z) => {
    const h = Number(new Intl.DateTimeFormat("en-GB", { timeZone: z, hour: "2-digit", hourCycle: "h23" }).format(now));
    return h >= 8 && h < 20;
  })!;
}

/** "HH:MM" in `tz`, `hours` from now, on the 5-minute grid. */
function localHhmm(tz: string, hours: number) {
  const at = new Date(Math.floor((Date.now() + hours * 3_600_000) / 300_000) * 300_000);
  return new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}

function display(hhmm: string) {
  const h = Number(hhmm.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3)} ${h < 12 ? "AM" : "PM"}`;
}

/** Signs in and sets up (the first schedule) with these times, in this order, on these days. */
async function setUp(page: Page, login: LoginPage, prefix: string, timezone: string, times: string[], activeDays = ALL_DAYS) {
  await login.signIn(uniqueEmail(prefix));
  await page.waitForURL("**/welcome");
  const res = await page.request.post("/api/user/setup", { data: { timezone, times, durationPreference: 10, activeDays } });
  expect(res.status()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/** `inner`'s box lies within `outer`'s (1 px of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator) {
  const i = await box(inner);
  const o = await box(outer);
  expect(i.x).toBeGreaterThanOrEqual(o.x - 1);
  expect(i.y).toBeGreaterThanOrEqual(o.y - 1);
  expect(i.x + i.width).toBeLessThanOrEqual(o.x + o.width + 1);
  expect(i.y + i.height).toBeLessThanOrEqual(o.y + o.height + 1);
}

const rows = (page: Page) => page.getByRole("list", { name: "Today's breaks" }).getByRole("listitem");
/** The row's own button (the one that opens it; its panel holds more buttons). */
const rowButton = (row: Locator) => row.locator("button[aria-controls]");

for (const width of [375, 1280]) {
  test.describe(`dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 900 } });

    test("breaks in time order with Done / Missed / Upcoming chips; rows keep their shape; the ring's label fits at 100 %", async ({ page, login }, testInfo) => {
      test.slow(); // sign-in, axe scans and screenshots on a loaded machine
      const tz = daytimeZone();
      const earlier = localHhmm(tz, -2);
      const later = localHhmm(tz, 2);
      // The second reminder set before the first: the list still reads in time order.
      await setUp(page, login, `dash-${width}`, tz, [later, earlier]);

      const list = rows(page);
      await expect(list).toHaveCount(2);
      await expect(rowButton(list.nth(0))).toHaveAccessibleName(new RegExp(`^${display(earlier)} Movement Break, Missed`));
      await expect(rowButton(list.nth(1))).toHaveAccessibleName(new RegExp(`^${display(later)} Movement Break, Upcoming`));
      await expect(list.nth(0).getByText("Missed", { exact: true })).toBeVisible();
      await expect(list.nth(1).getByText("Upcoming", { exact: true })).toBeVisible();
      // The label is one line and sits at the same place in every row; the chevron stays in the row.
      for (let i = 0; i < 2; i++) {
        const label = list.nth(i).getByText("Movement Break", { exact: true });
        expect((await box(label)).height).toBeLessThan(30);
        await expectInside(list.nth(i).getByTestId("row-chevron"), rowButton(list.nth(i)));
        await expectInside(rowButton(list.nth(i)), page.getByTestId("schedule-card"));
      }
      const x = await Promise.all([0, 1].map(async (i) => (await box(list.nth(i).getByText("Movement Break", { exact: true }))).x));
      expect(Math.abs(x[0]! - x[1]!)).toBeLessThan(1);

      // Before any streak, the streak card says what starts one, with today's breaks as the way there.
      await expect(page.getByRole("heading", { name: "Start Your Journey" })).toBeVisible();
      await expect(page.getByText("Complete today's movements to begin your streak!")).toBeVisible();
      await expect(page.getByTestId("streak-card").getByText("0 of 2 today")).toBeVisible();
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-day", width, testInfo);

      // Once the page has settled, each row's details are already in its hidden panel, so a tap only shows them.
      await expect(list.nth(0).getByText("Picked for you from our exercise library")).toBeAttached();
      await expect(list.nth(0).getByText("Picked for you from our exercise library")).toBeHidden();
      // The first break: its exercises, who picked them, Start and Mark as done.
      await rowButton(list.nth(0)).click();
      const panel = page.getByRole("region", { name: `${display(earlier)} break` });
      await expect(panel.getByText("Picked for you from our exercise library")).toBeVisible();
      await expect(panel.getByText(/by AI/)).toHaveCount(0);
      await panel.getByRole("button", { name: "Mark as done" }).click();
      await expect(panel.getByRole("button", { name: "Undo" })).toBeVisible();
      await expect(list.nth(0).getByText("Done", { exact: true })).toBeVisible();
      await expect(list.nth(0).getByText("Movement Break", { exact: true })).toHaveCount(1);
      expect((await box(list.nth(0).getByText("Movement Break", { exact: true }))).height).toBeLessThan(30);
      await expectInside(list.nth(0).getByTestId("row-chevron"), rowButton(list.nth(0)));
      await noHorizontalScroll(page);
      await screenshotAt(page, "dashboard-row-done", width, testInfo);

      // Both done: 100 %, "Complete!" inside the ring.
      expect((await page.request.post(`/api/user/breaks/0/complete`)).status()).toBe(200);
      await page.reload();
      const ring = page.getByRole("progressbar", { name: "Today's movement progress" });
      await expect(ring).toHaveAttribute("aria-valuenow", "100");
      const label = ring.getByText("Complete!", { exact: true });
      await expect(label).toBeVisible();
      await expectInside(label, ring.getByTestId("ring-hole"));
      await expect(list.nth(1).getByText("Done", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Current Streak" })).toBeVisible();
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-complete", width, testInfo);
    });

    test("paused e-mails leave today's breaks startable", async ({ page, login }, testInfo) => {
      test.slow();
      const tz = daytimeZone();
      await setUp(page, login, `dash-paused-${width}`, tz, [localHhmm(tz, -3), localHhmm(tz, 3)]);
      expect((await page.request.put("/api/user/settings", { data: { pause_emails: true } })).status()).toBe(200);
      await page.reload();
      await expect(page.getByText(/^Reminder e-mails are paused/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Turn them back on in Settings" })).toHaveAttribute("href", "/settings");
      await expect(page.getByText(/^Next break: today at /)).toBeVisible();
      await expect(rows(page)).toHaveCount(2);
      await rowButton(rows(page).nth(1)).click();
      const panel = page.getByRole("region", { name: /break$/ });
      await expect(panel.getByRole("link", { name: "Start break" })).toBeVisible();
      await expect(panel.getByRole("button", { name: "Mark as done" })).toBeVisible();
      await expect(page.getByText(/isn't planned/)).toHaveCount(0);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-paused", width, testInfo);
    });

    test("a rest day says 'No breaks are scheduled today' once", async ({ page, login }, testInfo) => {
      const tz = daytimeZone();
      await login.signIn(uniqueEmail(`dash-rest-${width}`));
      await page.waitForURL("**/welcome");
      const weekday = new Date(new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date())).getUTCDay();
      const setup = await page.request.post("/api/user/setup", {
        data: { timezone: tz, times: ["10:00", "15:00"], durationPreference: 5, activeDays: ALL_DAYS.filter((d) => d !== weekday) },
      });
      expect(setup.status()).toBe(200);
      await page.goto("/dashboard");
      await expect(page.getByText("Today is a rest day")).toBeVisible();
      await expect(page.getByText(/No breaks are scheduled today/)).toHaveCount(1);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-rest", width, testInfo);
    });
  });
}
