// Issue 31 as a user meets it: Settings' "Your calendar" card reads a calendar by its secret address
// (here a local calendar server the e2e server may fetch, CALENDAR_FETCH_ALLOW), says what it found
// or exactly why it could not, and the dashboard shows a break moved out of a meeting ("Moved from
// 3:00 PM (busy)"); Disconnect erases it and the break goes back to its time. At 375 and 1280 px.
import { createServer, type Server } from "node:http";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail, type LoginPage } from "./support/fixtures";

const CAL_PORT = Number(process.env.E2E_PORT ?? 3100) + 97;
const CAL = `http://127.0.0.1:${CAL_PORT}`;

// One calendar server for the file: its tests run in one worker, one after the other.
test.describe.configure({ mode: "serial" });

let server: Server;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    // /busy/<start ms>/<end ms>.ics: one busy meeting; anything else is a web page, not a calendar.
    const m = /^\/busy\/(\d+)\/(\d+)\.ics$/.exec(req.url ?? "");
    if (!m) {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Sign in</title><p>Sign in");
      return;
    }
    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Limber e2e//EN",
      "BEGIN:VEVENT",
      "UID:standup@e2e.example",
      `DTSTAMP:${stamp(Date.now())}`,
      `DTSTART:${stamp(Number(m[1]))}`,
      `DTEND:${stamp(Number(m[2]))}`,
      "SUMMARY:Team sync",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(ics);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(CAL_PORT, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A zone where it is now between 08:00 and 19:00, so "in two hours" (and three more) stay today. */
function daytimeZone(now = new Date()) {
  const zones = ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "America/Los_Angeles"];
  const zones2 = ["Australia/Sydney", "Asia/Dubai", "America/Sao_Paulo", "Pacific/Auckland", "Pacific/Honolulu"];
  return [...zones, ...zones2].find((z) => {
    const h = Number(new Intl.DateTimeFormat("en-GB", { timeZone: z, hour: "2-digit", hourCycle: "h23" }).format(now));
    return h >= 8 && h < 19;
  })!;
}

const hhmm = (tz: string, at: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
const display = (t: string) => {
  const h = Number(t.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${t.slice(3)} ${h < 12 ? "AM" : "PM"}`;
};

async function setUp(page: Page, login: LoginPage, prefix: string, timezone: string, times: string[]) {
  await login.signIn(uniqueEmail(prefix));
  await page.waitForURL("**/welcome");
  const res = await page.request.post("/api/user/setup", {
    data: { timezone, times, durationPreference: 10, activeDays: [0, 1, 2, 3, 4, 5, 6] },
  });
  expect(res.status()).toBe(200);
}

/** The card alone (the whole Settings page is long): for looking at, attached to the report. */
async function cardShot(card: Locator, name: string, width: number, testInfo: TestInfo) {
  const file = testInfo.outputPath(`${name}-${width}.png`);
  await card.screenshot({ path: file });
  await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
}

const card = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 3, name: "Calendar", exact: true }) });

for (const width of [375, 1280]) {
  test(`at ${width} px: connect a calendar, a break moves out of a meeting, disconnect puts it back`, async ({
    page,
    login,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const tz = daytimeZone();
    // A 10-minute break two hours from now, inside a meeting from 10 minutes before it to 20 after:
    // the nearest free time where it fits is when the meeting ends (later wins a tie).
    const at = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 300_000) * 300_000);
    const planned = hhmm(tz, at);
    const moved = hhmm(tz, new Date(at.getTime() + 20 * 60_000));
    // Setup takes two times: the other one is later in the evening, clear of the meeting.
    const evening = hhmm(tz, new Date(at.getTime() + 3 * 3_600_000));
    await setUp(page, login, `cal-${width}`, tz, [planned, evening]);

    await page.goto("/settings");
    const calendar = card(page);
    // The field opens on demand, focused.
    await expect(calendar.getByLabel("Your calendar's secret address (iCal)")).toBeHidden();
    await calendar.getByText("Connect Your Calendar").click();
    await expect(calendar.getByLabel("Your calendar's secret address (iCal)")).toBeFocused();
    await expect(calendar.getByRole("button", { name: "Where do I find this address?" })).toHaveCount(0);
    await calendar.getByText("Where do I find this address?").click();
    await expect(calendar.getByText("Secret address in iCal format", { exact: false })).toBeVisible();
    const field = calendar.getByLabel("Your calendar's secret address (iCal)");

    // Refused before anything is fetched, and a page that is not a calendar: each says why, on the field.
    await field.fill("http://10.0.0.1/calendar.ics");
    await calendar.getByRole("button", { name: "Connect calendar" }).click();
    await expect(calendar.getByText("The address must start with https:// or webcal://.")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await field.fill(`${CAL}/login`);
    await calendar.getByRole("button", { name: "Connect calendar" }).click();
    await expect(calendar.getByText("This address did not return a calendar (iCalendar).")).toBeVisible();
    await expectNoAxeViolations(page);
    await cardShot(calendar, "settings-calendar-error", width, testInfo);

    await field.fill(`${CAL}/busy/${at.getTime() - 10 * 60_000}/${at.getTime() + 20 * 60_000}.ics`);
    await calendar.getByRole("button", { name: "Connect calendar" }).click();
    await expect(calendar.getByText("Connected: 1 busy time this week")).toBeVisible();
    await expect(page.getByText("Calendar connected", { exact: true })).toBeVisible();
    // The address is a secret: never shown again.
    await expect(page.locator(`input[value*="/busy/"]`)).toHaveCount(0);
    await expect(page.getByLabel("Around meetings")).toHaveValue("60");
    await expectNoAxeViolations(page);
    await cardShot(calendar, "settings-calendar-connected", width, testInfo);

    await page.goto("/dashboard");
    const rows = page.getByRole("list", { name: "Today's breaks" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    const row = rows.first();
    await expect(row.getByText(display(moved), { exact: true })).toBeVisible();
    await expect(
      row.getByText(width < 640 ? `Moved from ${display(planned)}` : `Moved from ${display(planned)} (busy)`),
    ).toBeVisible();
    await row.locator(":scope > button[aria-controls]").click();
    await expect(
      row.getByText(`Your calendar is busy at ${display(planned)}, so this break moved to ${display(moved)}.`),
    ).toBeVisible();
    await expect(row.locator(":scope > button[aria-controls]")).toHaveAccessibleName(
      `${display(moved)} Movement Break, moved from ${display(planned)} because your calendar is busy, Upcoming`,
    );
    // The next break, named once: by the Now card, at its moved time.
    await expect(page.getByTestId("now-card").getByRole("heading")).toHaveText(`${display(moved)} Movement Break`);
    await expect(page.getByText(/^Next reminder: today at/)).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await screenshotAt(page, "dashboard-moved", width, testInfo);

    // Disconnect: the address and what was read are erased; the break is back at its time.
    await page.goto("/settings");
    await card(page).getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Disconnect your calendar?" });
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByText("Calendar disconnected", { exact: true })).toBeVisible();
    await expect(card(page).getByText("Connect Your Calendar")).toBeVisible();
    expect((await page.request.get("/api/user/calendar-source")).status()).toBe(404);
    await page.goto("/dashboard");
    await expect(row.getByText(display(planned), { exact: true })).toBeVisible();
    await expect(row.getByText(/^Moved from/)).toHaveCount(0);
  });
}
