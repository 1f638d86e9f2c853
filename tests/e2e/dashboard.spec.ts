// The dashboard as a user sees it at 375 and 1280 px: today's breaks in time order with Done /
// Missed / Upcoming chips, rows that keep their shape on a phone (each chip on one line, down to
// 320 px), the progress ring's label inside the ring at 100 %, the streak said once on a complete
// day, a streak card worth reading before the first streak, a rest day that says its sentence
// once, and paused e-mails that leave the breaks in place.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail, type LoginPage } from "./support/fixtures";
import { display, localHhmm, zoneWithLocalHour } from "./support/local-time";

/** A zone where it is now between 08:00 and 20:00, so "two hours ago" and "in two hours" are today. */
const daytimeZone = () => zoneWithLocalHour(8, 20);

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

/** Signs in and sets up (the first schedule) with these times, in this order, on these days. */
async function setUp(
  page: Page,
  login: LoginPage,
  prefix: string,
  timezone: string,
  times: string[],
  activeDays = ALL_DAYS,
) {
  await login.signIn(uniqueEmail(prefix));
  await page.waitForURL("**/welcome");
  const res = await page.request.post("/api/user/setup", {
    data: { timezone, times, durationPreference: 10, activeDays },
  });
  expect(res.status()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
}

async function noHorizontalScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
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

/**
 * Each row's chip is on one line, inside its row, beside the row's words or under them but never
 * over them; and the page does not scroll sideways.
 */
async function chipsOnOneLine(page: Page) {
  const list = rows(page);
  const n = await list.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const chip = list.nth(i).getByTestId("row-chip");
    const c = await box(chip);
    const l = await box(list.nth(i).getByText("Movement Break", { exact: true }));
    expect(c.height).toBeLessThan(30); // one line of text-xs is 20 px; two were 34
    await expectInside(chip, rowButton(list.nth(i)));
    const apart =
      c.x >= l.x + l.width - 1 || l.x >= c.x + c.width - 1 || c.y >= l.y + l.height - 1 || l.y >= c.y + c.height - 1;
    expect(apart).toBe(true);
  }
  await noHorizontalScroll(page);
}

const rows = (page: Page) => page.getByRole("list", { name: "Today's breaks" }).getByRole("listitem");
/** The row's own button (the one that opens it; its panel holds more buttons). */
const rowButton = (row: Locator) => row.locator("button[aria-controls]").first();

for (const width of [375, 1280]) {
  test.describe(`dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 900 } });

    test("breaks in time order with Done / Bonus / Upcoming chips; rows keep their shape; the ring's label fits at 100 %", async ({
      page,
      login,
    }, testInfo) => {
      test.slow(); // sign-in, axe scans and screenshots on a loaded machine
      const tz = daytimeZone();
      const earlier = localHhmm(tz, -2);
      const later = localHhmm(tz, 2);
      // The second reminder set before the first: the list still reads in time order. The earlier
      // one was due before the user joined (issue 33): neutral, not counted until done.
      await setUp(page, login, `dash-${width}`, tz, [later, earlier]);

      const list = rows(page);
      await expect(list).toHaveCount(2);
      await expect(rowButton(list.nth(0))).toHaveAccessibleName(
        new RegExp(`^${display(earlier)} Movement Break, Bonus \\(due before you joined\\)$`),
      );
      await expect(rowButton(list.nth(1))).toHaveAccessibleName(
        new RegExp(`^${display(later)} Movement Break, Upcoming`),
      );
      await expect(list.nth(0).getByText("Bonus", { exact: true })).toBeVisible();
      await expect(page.getByText("Missed", { exact: true })).toHaveCount(0);
      await expect(list.nth(1).getByText("Upcoming", { exact: true })).toBeVisible();
      // The label is one line and sits at the same place in every row; the chevron stays in the row.
      for (let i = 0; i < 2; i++) {
        const label = list.nth(i).getByText("Movement Break", { exact: true });
        expect((await box(label)).height).toBeLessThan(30);
        await expectInside(list.nth(i).getByTestId("row-chevron"), rowButton(list.nth(i)));
        await expectInside(rowButton(list.nth(i)), page.getByTestId("schedule-card"));
      }
      const x = await Promise.all(
        [0, 1].map(async (i) => (await box(list.nth(i).getByText("Movement Break", { exact: true }))).x),
      );
      expect(Math.abs(x[0]! - x[1]!)).toBeLessThan(1);

      // Before any streak, the streak card says what starts one. Today's count is said once, by the
      // progress card (the streak card no longer repeats it as "0 of 1 today").
      await expect(page.getByRole("heading", { name: "Start Your Journey" })).toBeVisible();
      await expect(page.getByText("Complete today's movements to begin your streak!")).toBeVisible();
      await expect(
        page.getByTestId("progress-card").getByText("1 movement scheduled today, 0 completed"),
      ).toBeVisible();
      await expect(page.getByTestId("streak-card").getByText(/\d+ of \d+ today/)).toHaveCount(0);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-day", width, testInfo);
      // The chip on one line (a longer one wrapped to two at 375), here and on the narrowest phones.
      await chipsOnOneLine(page);
      if (width === 375) {
        await page.setViewportSize({ width: 320, height: 700 });
        await chipsOnOneLine(page);
        await page.setViewportSize({ width, height: 812 });
      }

      // A row's details are not rendered on load (no work for rows never opened); reaching for the row
      // (pointer, finger or keyboard focus) renders them into its hidden panel, so the tap only shows them.
      const picked = list.nth(0).getByText("Picked for you from our exercise library");
      await page.waitForLoadState("networkidle");
      await expect(picked).toHaveCount(0);
      await rowButton(list.nth(0)).focus();
      await expect(picked).toBeAttached();
      await expect(picked).toBeHidden();
      // The first break: its exercises and who picked them. It is the Now card's (a new user's first
      // win comes before the later break), so its Start and Done are the card's, not repeated here.
      await rowButton(list.nth(0)).click();
      const panel = page.getByRole("region", { name: `${display(earlier)} break` });
      await expect(panel.getByText("Picked for you from our exercise library")).toBeVisible();
      await expect(panel.getByText(/by AI/)).toHaveCount(0);
      const now = page.getByTestId("now-card");
      await expect(now).toHaveAttribute("data-kind", "first");
      await expect(now.getByRole("heading")).toHaveText(`${display(earlier)} Movement Break`);
      await expect(panel.getByRole("button", { name: "Mark as Done" })).toHaveCount(0);
      await now.getByRole("button", { name: "Mark as Done", exact: true }).click();
      // Done from the card: the open row now offers its Undo.
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
      // The streak's length is said once, by its card; the finished card says what today added.
      await expect(page.getByTestId("streak-card").getByText("1", { exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByText("1", { exact: true })).toHaveCount(1);
      await expect(page.getByTestId("all-done-streak")).toHaveText("+1 streak day");
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
      await expect(page.getByRole("link", { name: "Turn them back on in Settings" })).toHaveAttribute(
        "href",
        "/settings",
      );
      // The Now card offers the first win (the break from before joining); the line under the date
      // names the next scheduled break, a different one ("break": paused, no reminder comes).
      await expect(page.getByTestId("now-card")).toHaveAttribute("data-kind", "first");
      await expect(page.getByText(/^Next break: today at /)).toBeVisible();
      await expect(rows(page)).toHaveCount(2);
      // The later break (not the Now card's) offers its own Start and Done.
      await rowButton(rows(page).nth(1)).click();
      const panel = page.getByRole("region", { name: /break$/ });
      await expect(panel.getByRole("link", { name: "Start break" })).toBeVisible();
      await expect(panel.getByRole("button", { name: "Mark as Done", exact: true })).toBeVisible();
      // One filled Start on the page, the Now card's: the row's is the soft one, so two Starts for
      // different breaks never look alike.
      const fill = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
      const nowStart = page
        .getByTestId("now-card")
        .getByRole("link", { name: /^(Start Break|Try Your First Break Now)$/ });
      expect(await fill(panel.getByRole("link", { name: "Start break" }))).not.toBe(await fill(nowStart));
      await expect(page.getByText(/isn't planned/)).toHaveCount(0);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-paused", width, testInfo);
    });

    test("Skip Break skips an upcoming break (no count, streak safe) and Bring It Back undoes it", async ({
      page,
      login,
    }, testInfo) => {
      test.slow();
      const tz = daytimeZone();
      const earlier = localHhmm(tz, -2);
      const later = localHhmm(tz, 2);
      await setUp(page, login, `dash-skip-${width}`, tz, [earlier, later]);
      const list = rows(page);
      // A break whose time has gone by cannot be skipped (this one, from before joining, is the Now
      // card's first win: its Done is on the card).
      await rowButton(list.nth(0)).click();
      const past = page.getByRole("region", { name: `${display(earlier)} break` });
      await expect(past.getByText(/^A bonus: it was due before you joined/)).toBeVisible();
      await expect(past.getByRole("button", { name: "Skip Break" })).toHaveCount(0);
      await rowButton(list.nth(0)).click();

      await rowButton(list.nth(1)).click();
      const panel = page.getByRole("region", { name: `${display(later)} break` });
      // Not the Now card's break (that is the earlier one, the first win): Start, Done and the skip.
      await expect(page.getByTestId("now-card").getByRole("heading")).toHaveText(`${display(earlier)} Movement Break`);
      await expect(panel.getByRole("button", { name: "Mark as Done", exact: true })).toBeVisible();
      await expect(panel.getByRole("link", { name: "Start Break" })).toBeVisible();
      await panel.getByRole("button", { name: "Skip Break", exact: true }).click();
      await expect(page.getByText("Break Skipped", { exact: true })).toBeVisible();
      await expect(rowButton(list.nth(1))).toHaveAccessibleName(
        new RegExp(`^${display(later)} Movement Break, Skipped`),
      );
      await expect(panel.getByText(/^You're skipping this one today/)).toBeVisible();
      // Focus stays on the button, now the way back.
      await expect(panel.getByRole("button", { name: "Bring It Back", exact: true })).toBeFocused();
      // The earlier break was due before the user joined (issue 33) and the later one is skipped: nothing counts.
      const board = (await (await page.request.get("/api/user/dashboard")).json()) as { totalToday: number };
      expect(board.totalToday).toBe(0);
      // The next break is no longer today's skipped one.
      await expect(page.getByText(`Next reminder: today at ${display(later)}`)).toHaveCount(0);
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-skipped", width, testInfo);

      // It stays skipped after a reload (the server's copy), and comes back with one tap.
      await page.reload();
      await expect(rowButton(list.nth(1))).toHaveAccessibleName(/, Skipped$/);
      await rowButton(list.nth(1)).click();
      await panel.getByRole("button", { name: "Bring It Back", exact: true }).click();
      await expect(rowButton(list.nth(1))).toHaveAccessibleName(/, Upcoming$/);
      await expect(
        page.getByTestId("progress-card").getByText("1 movement scheduled today, 0 completed"),
      ).toBeVisible();
      await expect(page.getByText(`Next reminder: today at ${display(later)}`)).toBeVisible();
    });

    test("a pause with a resume day says until when on the dashboard", async ({ page, login }, testInfo) => {
      test.slow();
      const tz = daytimeZone();
      await setUp(page, login, `dash-resume-${width}`, tz, [localHhmm(tz, -3), localHhmm(tz, 3)]);
      await page.goto("/settings");
      await page.getByRole("switch", { name: "Pause emails" }).check();
      const resume = page.getByLabel("Resume on");
      const tomorrow = await resume.getAttribute("min");
      expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // "Until Monday" fills the next Monday (one to seven days on); "Rest of today" fills tomorrow.
      await page.getByRole("button", { name: "Until Monday" }).click();
      const monday = await resume.inputValue();
      expect(new Date(`${monday}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(monday > tomorrow! || monday === tomorrow).toBe(true);
      await page.getByRole("button", { name: "Clear the resume day" }).click();
      await page.getByRole("button", { name: "Rest of Today" }).click();
      await expect(resume).toHaveValue(tomorrow!);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "settings-resume-on", width, testInfo);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
      const settings = await (await page.request.get("/api/user/settings")).json();
      expect(settings).toMatchObject({ pauseEmails: true, resumeOn: tomorrow });

      await page.goto("/dashboard");
      await expect(page.getByText(/^Reminders are paused until \w+day, \w+ \d+; your breaks stay/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Change in Settings" })).toHaveAttribute("href", "/settings");
      await noHorizontalScroll(page);
      await screenshotAt(page, "dashboard-paused-until", width, testInfo);
    });

    test("a rest day says 'No breaks are scheduled today' once", async ({ page, login }, testInfo) => {
      const tz = daytimeZone();
      await login.signIn(uniqueEmail(`dash-rest-${width}`));
      await page.waitForURL("**/welcome");
      const weekday = new Date(new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date())).getUTCDay();
      const setup = await page.request.post("/api/user/setup", {
        data: {
          timezone: tz,
          times: ["10:00", "15:00"],
          durationPreference: 5,
          activeDays: ALL_DAYS.filter((d) => d !== weekday),
        },
      });
      expect(setup.status()).toBe(200);
      await page.goto("/dashboard");
      await expect(page.getByText("Today is a rest day")).toBeVisible();
      await expect(page.getByText(/No breaks are scheduled today/)).toHaveCount(1);
      // Not a dead end: the way to change the days, to Settings' schedule.
      await expect(page.getByRole("link", { name: "Change Break Days" })).toHaveAttribute(
        "href",
        "/settings#break-schedule",
      );
      await noHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshotAt(page, "dashboard-rest", width, testInfo);
    });
  });
}
