import { E2E_ENV } from "../../playwright.config";
import { expect, expectNoAxeViolations, outbox, screenshotAt, test, uniqueEmail } from "./support/fixtures";

function hhmm(d: Date) {
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

// The cron call sends every due reminder, so tests that call it never run at the same time.
test(
  "'Remind me in 15 minutes' opens a confirmation page; its button schedules the reminder once",
  { lock: "reminder-cron" },
  async ({ login, request, browser }, testInfo) => {
    const email = uniqueEmail("snooze");
    const due = new Date(Math.floor(Date.now() / 300_000) * 300_000);
    // Every day from the first schedule, so today has this break whatever the weekday.
    await login.signInOnboarded(email, [hhmm(due), hhmm(new Date(due.getTime() + 2 * 3600_000))], {
      activeDays: [0, 1, 2, 3, 4, 5, 6],
    });
    const cron = await request.get("/api/cron/reminders", {
      headers: { authorization: `Bearer ${E2E_ENV.CRON_SECRET}` },
    });
    expect(cron.status()).toBe(200);
    const mail = (await outbox()).find((m) => m.to === email && m.subject.startsWith("Time to move"))!;
    expect(mail).toBeDefined();

    // The e-mail as a user sees it, on a phone and on a laptop.
    const viewer = await browser.newPage();
    await viewer.setContent(mail.html);
    await expect(viewer.getByRole("link", { name: "Remind me in 15 minutes" })).toBeVisible();
    await expect(viewer.getByRole("link", { name: "I did it" })).toBeVisible();
    for (const w of [375, 1280]) await screenshotAt(viewer, "reminder-email", w, testInfo);
    await viewer.close();

    const snoozeUrl = mail.text.match(/https?:\/\/\S+\/snooze\?t=[^\s)\]]+/)![0];
    // A fresh browser without the session: the link works for whoever holds it, and signs no one in.
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.18.77.1" } });
    const anon = await context.newPage();
    // Opening (or prefetching) the page changes nothing: twice, and the page still offers the snooze.
    expect((await anon.request.get(snoozeUrl)).status()).toBe(200);
    await anon.goto(snoozeUrl);
    // The heading says where things stand, the button what it does.
    await expect(anon.getByRole("heading", { name: "Not a Good Moment to Move?", exact: true })).toBeVisible();
    await expect(anon.getByText(/again in about 15 minutes\. You can do this twice for this break\./)).toBeVisible();
    await expectNoAxeViolations(anon);
    for (const w of [375, 1280]) await screenshotAt(anon, "snooze-confirm", w, testInfo);

    await anon.getByRole("button", { name: "Remind Me in 15 Minutes", exact: true }).click();
    await expect(anon.getByRole("heading", { name: /^See You at \d{1,2}:\d{2} (AM|PM)$/ })).toBeVisible();
    await expectNoAxeViolations(anon);
    for (const w of [375, 1280]) await screenshotAt(anon, "snooze-done", w, testInfo);
    expect((await context.cookies()).some((c) => c.name.endsWith("session_token"))).toBe(false);

    // Reloading shows the reminder already on its way; clicking again answers with the same time.
    await anon.reload();
    await expect(anon.getByText(/is already on its way/)).toBeVisible();
    await context.close();
  },
);
