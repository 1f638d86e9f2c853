// The reminder e-mail as a phone shows it (light and dark), the pages its links open, the e-mail
// test page, the login screen after deleting an account, toasts on a phone and the focus rings:
// at 375 and 1280 px, without horizontal scroll, axe-clean.
import type { Browser, Page, TestInfo } from "@playwright/test";
import { E2E_ENV } from "../../playwright.config";
import {
  expect,
  expectNoAxeViolations,
  holdNavigation,
  outbox,
  test,
  uniqueEmail,
  type LoginPage,
} from "./support/fixtures";

const WIDTHS = [375, 1280];

function hhmm(d: Date) {
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

/** `fullPage: false` for fixed layers (dialog, toasts) where the user sees them. */
async function shot(page: Page, name: string, testInfo: TestInfo, fullPage = true) {
  const file = testInfo.outputPath(`${name}-${page.viewportSize()!.width}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(`${name}-${page.viewportSize()!.width}`, { path: file, contentType: "image/png" });
}

/** At each width: no horizontal scroll, axe-clean, a screenshot. */
async function checkWidths(page: Page, name: string, testInfo: TestInfo) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll, `${name} at ${width}: page wider than the window`).toBeLessThanOrEqual(inner);
    await expectNoAxeViolations(page);
    await shot(page, name, testInfo);
  }
}

/** A user whose first break is due now (every day), e-mailed by the cron call: the reminder. */
async function reminderFor(page: Page, login: LoginPage, request: Page["request"]) {
  const email = uniqueEmail("mailpages");
  const due = new Date(Math.floor(Date.now() / 300_000) * 300_000);
  // Every day from the first schedule, so today has this break whatever the weekday.
  await login.signInOnboarded(email, [hhmm(due), hhmm(new Date(due.getTime() + 2 * 3600_000))], {
    activeDays: [0, 1, 2, 3, 4, 5, 6],
  });
  expect(
    (
      await request.get("/api/cron/reminders", { headers: { authorization: `Bearer ${E2E_ENV.CRON_SECRET}` } })
    ).status(),
  ).toBe(200);
  const mail = (await outbox()).find((m) => m.to === email && m.subject.startsWith("Time to move"))!;
  expect(mail).toBeDefined();
  return { mail, link: (route: string) => mail.text.match(new RegExp(`https?://\\S+/${route}\\?t=[^\\s)\\]]+`))![0] };
}

/** A fresh browser without the session, as someone opening the e-mail's links. */
async function signedOut(browser: Browser, n: number) {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `198.19.231.${(process.pid % 100) + n}` },
  });
}

/**
 * The e-mail link pages' one pattern (the outside review found four styles of "Open Dashboard" and
 * two of heading): a card whose header is an icon over a centred title, and exactly one "Open
 * Dashboard" link, in the same class on every page, below every other control of the card.
 * Returns the link's class, for comparing pages.
 */
async function expectLinkPagePattern(page: Page, what: string) {
  const card = page.locator("main [data-slot=card]");
  await expect(card, `${what}: one card`).toHaveCount(1);
  const header = card.locator("[data-slot=card-header]");
  await expect(header.locator(":scope > svg"), `${what}: the header's icon`).toHaveCount(1);
  await expect(header.getByRole("heading", { level: 1 }), `${what}: the title`).toHaveCSS("text-align", "center");
  const open = page.getByRole("link", { name: "Open Dashboard", exact: true });
  await expect(open, `${what}: one Open Dashboard`).toHaveCount(1);
  await expect(open).toHaveAttribute("href", "/dashboard");
  // Every other visible control of the card ends above it (one read of the page: the machine is slow).
  const above = await card.evaluate((el) => {
    const controls = [...el.querySelectorAll("a, button")].filter((c) => c.getBoundingClientRect().height > 0);
    const open = controls.find((c) => c.textContent === "Open Dashboard")!;
    const top = open.getBoundingClientRect().top;
    return controls.filter((c) => c !== open && c.getBoundingClientRect().bottom > top).map((c) => c.textContent);
  });
  expect(above, `${what}: controls not above Open Dashboard`).toEqual([]);
  return (await open.getAttribute("class"))!;
}

// WCAG relative luminance and contrast of "rgb(a)(r, g, b[, a])" colours.
function rgb(css: string): [number, number, number, number] {
  const [r, g, b, a = 1] = css.match(/[\d.]+/g)!.map(Number);
  return [r!, g!, b!, a];
}
function luminance(css: string) {
  const [r, g, b] = rgb(css)
    .map((v) => v / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The focus ring drawn on `selector` (box-shadow rings, else an outline), read at once after the
 * keyboard moved focus: its width, colour, the colour inside it and the background around it.
 */
async function focusRing(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement;
    const cs = getComputedStyle(el);
    let around = el.parentElement;
    while (around && getComputedStyle(around).backgroundColor.match(/rgba\(.*, 0\)$/)) around = around.parentElement;
    const page = around ? getComputedStyle(around).backgroundColor : "rgb(255, 255, 255)";
    const rings = [...cs.boxShadow.matchAll(/(rgba?\([^)]*\)) (-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px (-?[\d.]+)px/g)]
      .map((m) => ({ color: m[1]!, x: +m[2]!, y: +m[3]!, blur: +m[4]!, spread: +m[5]! }))
      .filter((s) => s.x === 0 && s.y === 0 && s.blur === 0 && s.spread > 0 && !/, 0\)$/.test(s.color))
      .sort((a, b) => a.spread - b.spread);
    if (rings.length > 0) {
      const ring = rings.at(-1)!;
      const inner = rings.length > 1 ? rings.at(-2)! : null;
      return {
        width: ring.spread - (inner?.spread ?? 0),
        outer: ring.spread,
        color: ring.color,
        inside: inner?.color ?? cs.backgroundColor,
        page,
      };
    }
    const width = cs.outlineStyle === "none" ? 0 : parseFloat(cs.outlineWidth);
    return { width, outer: width + parseFloat(cs.outlineOffset), color: cs.outlineColor, inside: page, page };
  }, selector);
}

function expectVisibleRing(ring: Awaited<ReturnType<typeof focusRing>>, what: string) {
  expect(ring.width, `${what}: ring width`).toBeGreaterThanOrEqual(2);
  expect(rgb(ring.color)[3], `${what}: ring opacity`).toBe(1);
  expect(contrast(ring.color, ring.inside), `${what}: ring against what it encloses`).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, ring.page), `${what}: ring against the background`).toBeGreaterThanOrEqual(3);
}

test(
  "the reminder e-mail fits a phone in light and dark, and the pages its links open say what happened",
  { lock: "reminder-cron" },
  async ({ page, login, request, browser }, testInfo) => {
    test.setTimeout(240_000); // eleven pages, each at two widths with axe, on a shared machine
    const { mail, link } = await reminderFor(page, login, request);

    // The e-mail in a phone's browser (a mobile viewport lays a page without a viewport meta out ~980 px wide).
    for (const colorScheme of ["light", "dark"] as const) {
      const phone = await browser.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        colorScheme,
      });
      const viewer = await phone.newPage();
      await viewer.setContent(mail.html);
      await expect(viewer.locator('meta[name="viewport"]')).toHaveAttribute(
        "content",
        "width=device-width, initial-scale=1",
      );
      const [scroll, inner] = await viewer.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(inner, `${colorScheme}: laid out at the phone's width`).toBe(375);
      expect(scroll, `${colorScheme}: no horizontal scroll`).toBeLessThanOrEqual(375);
      await expect(viewer.getByRole("link", { name: "I did it" })).toBeVisible();
      // The card follows the scheme, and its text keeps AA contrast on it.
      const [card, text] = await viewer
        .locator(".l-card")
        .first()
        .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el.querySelector("h1")!).color]);
      expect(luminance(card!) < 0.1, `${colorScheme}: card ${card}`).toBe(colorScheme === "dark");
      const around = await viewer.evaluate(() => getComputedStyle(document.elementFromPoint(2, 2)!).backgroundColor);
      expect(luminance(around) < 0.1, `${colorScheme}: page around the card ${around}`).toBe(colorScheme === "dark");
      expect(contrast(card!, text!)).toBeGreaterThanOrEqual(4.5);
      const file = testInfo.outputPath(`reminder-email-${colorScheme}-375.png`);
      await viewer.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`reminder-email-${colorScheme}-375`, { path: file, contentType: "image/png" });
      await phone.close();
    }

    const context = await signedOut(browser, 1);
    const anon = await context.newPage();

    // Snooze: the heading says where things stand, the button what it does.
    await anon.goto(link("snooze"));
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText("Not a Good Moment to Move?");
    await expect(anon.getByRole("button", { name: "Remind Me in 15 Minutes", exact: true })).toBeVisible();
    // Every page and result below shows the same card and the same Open Dashboard.
    const openDashboard = await expectLinkPagePattern(anon, "snooze");
    const samePattern = async (what: string) => expect(await expectLinkPagePattern(anon, what)).toBe(openDashboard);
    await checkWidths(anon, "snooze", testInfo);

    // Skip: a question that names the break and what it keeps (the streak), "later" as the other
    // choice (the snooze page for the same break), the dashboard as a quiet link; then what happened,
    // with Undo; opened again, it says so (and offers Undo too).
    await anon.goto(link("skip"));
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText(/^Skip Your \d{1,2}:\d{2} (AM|PM) Break\?$/);
    await expect(anon.getByText(/your streak stays safe/)).toBeVisible();
    await expect(anon).toHaveTitle(/^Skip This Break/);
    const later = anon.getByRole("link", { name: "Remind Me in 15 Minutes", exact: true });
    await expect(later).toHaveAttribute("href", /^\/snooze\?t=/);
    await samePattern("skip");
    await checkWidths(anon, "skip", testInfo);
    await anon.getByRole("button", { name: "Skip Break", exact: true }).click();
    await expect(anon.getByRole("heading", { name: "Break Skipped", exact: true })).toBeVisible();
    await expect(
      anon.getByText(/break is skipped\. No more reminders for it today, and your streak is safe\./),
    ).toBeVisible();
    await samePattern("skip-done");
    await checkWidths(anon, "skip-done", testInfo);
    await anon.goto(link("skip"));
    await expect(anon.getByRole("heading", { name: "Already Skipped", exact: true })).toBeVisible();
    await expect(anon.getByRole("button", { name: "Skip Break" })).toHaveCount(0);
    await samePattern("skip, already skipped");
    // Undo puts the break back on today's plan: the link asks again, and "later" is offered again.
    await anon.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(anon.getByRole("heading", { name: "Skip Undone", exact: true })).toBeVisible();
    await expect(anon.getByText(/break is back on today's plan\./)).toBeVisible();
    await samePattern("skip undone");
    await anon.goto(link("skip"));
    await expect(anon.getByRole("button", { name: "Skip Break", exact: true })).toBeVisible();
    await expect(anon.getByRole("link", { name: "Remind Me in 15 Minutes", exact: true })).toBeVisible();
    // The snooze it offers is for the same break, on the snooze page (which changes nothing when opened).
    await anon.getByRole("link", { name: "Remind Me in 15 Minutes", exact: true }).click();
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText("Not a Good Moment to Move?");
    await expect(anon.getByRole("button", { name: "Remind Me in 15 Minutes", exact: true })).toBeVisible();
    await anon.getByRole("button", { name: "Remind Me in 15 Minutes", exact: true }).click();
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText(/^See You at \d{1,2}:\d{2} (AM|PM)$/);
    await samePattern("snooze-done");

    // Unsubscribe (Title Case, "email" as in the spec: nothing left to break at a hyphen); once
    // paused the heading says so, and the way back is said once, with its link.
    await anon.goto(link("unsubscribe"));
    await anon.setViewportSize({ width: 375, height: 812 });
    const heading = anon.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Pause Reminder Emails");
    await samePattern("unsubscribe");
    await checkWidths(anon, "unsubscribe", testInfo);
    await anon.getByRole("button", { name: "Pause My Reminder Emails" }).click();
    await expect(heading).toHaveText("Reminder Emails Are Paused");
    const main = await anon.locator("main").innerText();
    expect(main.match(/turn them back on in\s+Settings/g) ?? []).toHaveLength(1);
    await expect(anon.locator("main").getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await samePattern("unsubscribe-paused");
    await checkWidths(anon, "unsubscribe-paused", testInfo);
    // A click by mistake: Undo, with the same link, turns them back on.
    await anon.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(heading).toHaveText("Reminder Emails Are Back On");
    await expect(anon.getByText("Your next reminder comes at its usual time.")).toBeVisible();
    await samePattern("unsubscribe undone");

    // Done: counted once, then the page offers no second "I did it", only the way to the dashboard.
    await anon.goto(link("done"));
    // The tap that counts comes first, on a phone's first screen, above the exercises' steps.
    const didIt = anon.getByRole("button", { name: "I did it" });
    const didItBox = (await didIt.boundingBox())!;
    expect(didItBox.y + didItBox.height).toBeLessThan(812);
    expect(didItBox.y).toBeLessThan((await anon.getByRole("heading", { name: "The Exercises" }).boundingBox())!.y);
    await samePattern("done");
    await didIt.click();
    await expect(anon.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
    // The same "counted" summary as the guided break's finish card: the day's count with its bar, and the streak.
    const summary = anon.getByTestId("counted-summary");
    await expect(summary.getByRole("progressbar", { name: "Today's breaks done" })).toBeVisible();
    await expect(summary.getByText(/^\d of \d breaks done today$/)).toBeVisible();
    await expect(
      summary.getByText(/^(Current streak: \d+ days?|\d+ more breaks? today starts your streak!)$/),
    ).toBeVisible();
    await samePattern("done-counted");
    // Counted by mistake: Undo right here, with the same link (it sent the user to the dashboard);
    // opened again, the page offers "I did it" again.
    await anon.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(anon.getByRole("heading", { level: 1 })).toHaveText("Not Counted");
    await expect(anon.getByText(/^This break is no longer counted\./)).toBeVisible();
    await anon.goto(link("done"));
    await anon.getByRole("button", { name: "I did it" }).click();
    await expect(anon.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
    await anon.goto(link("done"));
    await expect(anon.getByText("This break is already counted.")).toBeVisible();
    await expect(anon.getByRole("button", { name: "I did it" })).toHaveCount(0);
    await expect(anon.getByRole("button", { name: "Undo", exact: true })).toBeVisible();
    await samePattern("done, already counted");
    await checkWidths(anon, "done-already-counted", testInfo);
    await context.close();
  },
);

test("the e-mail test page leads on after sending; the login screen says no 'AI' without a model and shows no sample code", async ({
  browser,
}, testInfo) => {
  const context = await signedOut(browser, 2);
  const page = await context.newPage();
  await page.goto("/email-test");
  await page.getByLabel("Email").fill(uniqueEmail("mailtest"));
  await page.getByRole("button", { name: "Send Test Email" }).click();
  await expect(page.getByText(/Test email sent to/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to Sign In" })).toHaveAttribute("href", "/");
  await checkWidths(page, "email-test-sent", testInfo);

  // The e2e server has no model configured.
  await page.goto("/");
  await expect(
    page.getByText("Exercises picked for you from our exercise library to suit your space, equipment and limits"),
  ).toBeVisible();
  await expect(page.locator("main")).not.toContainText("AI");
  await page.getByLabel("Email").fill(uniqueEmail("mailcode"));
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByLabel("Verification code")).not.toHaveAttribute("placeholder", /./);
  await expect(page.getByText("Enter the 6-digit code from the email.")).toBeVisible();
  await page.goto("/disclaimer");
  await expect(page.getByText("Suggestions are picked automatically from our exercise library")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("AI");
  await context.close();
});

test("on a phone toasts sit above the tab bar and the dialog dims it; after deletion the login screen confirms", async ({
  page,
  login,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await login.signInOnboarded(uniqueEmail("maildelete"));
  await page.goto("/settings");
  // No model configured: Settings promises no AI either.
  await expect(page.getByText("Picked for you from our exercise library.")).toBeVisible();
  await expect(page.locator("main").getByText("AI", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  // The dimming covers the whole screen, the tab bar's labels included.
  const overlay = await page.locator("[data-slot=dialog-overlay]").boundingBox();
  const tabs = await page.getByRole("navigation", { name: "Main" }).filter({ visible: true }).boundingBox();
  expect(overlay!.y).toBeLessThanOrEqual(0);
  expect(overlay!.y + overlay!.height).toBeGreaterThanOrEqual(tabs!.y + tabs!.height);
  await shot(page, "delete-dialog", testInfo, false);

  // The page leaves for /login 1.5 s after the deletion: held until the toast has been measured.
  const release = await holdNavigation(page, "**/login");
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Account deleted successfully" });
  await expect(toast).toBeVisible();
  // At the bottom, clear of the header's logo and above the tab bar (once it has slid in).
  const header = (await page.locator("header").first().boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!;
      return box.y + box.height;
    })
    .toBeLessThanOrEqual(tabs!.y);
  expect((await toast.boundingBox())!.y).toBeGreaterThan(header.y + header.height);
  await shot(page, "toast-phone", testInfo, false);
  release();

  await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/login");
  await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  await checkWidths(page, "login-after-delete", testInfo);
  // Only the tab that deleted: another tab (or anyone opening /login) gets the plain login screen.
  const other = await page.context().newPage();
  await other.goto("/login");
  await expect(other.getByRole("button", { name: "Get Started" })).toBeVisible();
  // (The notice is in every login page's HTML, hidden; only the deleting tab shows it.)
  await expect(other.getByText("Your account has been deleted.")).toBeHidden();
  await other.close();
});

test("on a laptop toasts sit at the top right, clear of the top bar", async ({ page, login }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login.signInOnboarded(uniqueEmail("mailtoast"));
  await page.goto("/settings");
  await page.getByLabel("Movement preferences").fill("a resistance band at my desk");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  const header = (await page.locator("header").first().boundingBox())!;
  // Once it has slid in: under the top bar, against the right edge.
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1280 - 60);
});

test("focus rings are at least 2 px and 3:1 on a teal button and on a selected day, at once", async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // A teal (primary) button, reached with the keyboard.
  await page.goto("/email-test");
  await page.getByLabel("Email").click();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send Test Email" })).toBeFocused();
  expectVisibleRing(await focusRing(page, "main button[type=submit]"), "teal button");

  // A selected day toggle in Settings (its neighbours are selected too): the ring is drawn on the
  // toggle's face and keeps clear of the neighbouring teal faces.
  await login.signInOnboarded(uniqueEmail("mailfocus"));
  await page.goto("/settings");
  const monday = page.getByRole("checkbox", { name: "Monday" });
  await expect(monday).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Tuesday" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Sunday" }).focus();
  await page.keyboard.press("Tab");
  await expect(monday).toBeFocused();
  const face = "input[aria-label=Monday] + span";
  const ring = await focusRing(page, face);
  expectVisibleRing(ring, "selected day");
  const [mon, tue] = await Promise.all(
    ["Monday", "Tuesday"].map((d) => page.locator(`input[aria-label=${d}] + span`).boundingBox()),
  );
  expect(tue!.x - (mon!.x + mon!.width), "the ring clears the next day").toBeGreaterThan(ring.outer);
});
