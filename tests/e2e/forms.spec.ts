// The forms on their actions: with JavaScript off (plain HTML forms posted to the server actions,
// whose answer the server renders: the next step, the result, the field errors), and with it, by
// keyboard alone, axe-clean at 375 and 1280 px. The no-script flows run on a server of their own
// (its own owner account and outbox), so they share no sign-in limit with the other files.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  outbox,
  screenshotAt,
  test,
  uniqueEmail,
  waitForCode,
} from "./support/fixtures";
import { localHhmm, zoneWithLocalHour } from "./support/local-time";
import { startServer, type ExtraServer } from "./support/server";

const OWNER = "forms-owner@example.com";
const ADMIN_CODE = "forms-admin-code-0042-owner-console";

let server: ExtraServer;
let ip = 0;

// One server per worker (this file's tests run in both workers): ports +80 and +81.
test.beforeAll(async ({}, testInfo) => {
  server = await startServer(Number(process.env.E2E_PORT ?? 3100) + 80 + testInfo.parallelIndex, {
    TRUST_PROXY: "1",
    ADMIN_EMAIL: OWNER,
    ADMIN_CODE,
  });
});
test.afterAll(async () => server?.stop());

/** A browser with scripts off (or on), its own client address, on the forms server. */
async function contextFor(browser: Browser, javaScriptEnabled: boolean, width = 375): Promise<BrowserContext> {
  ip += 1;
  return browser.newContext({
    baseURL: server.url,
    javaScriptEnabled,
    viewport: { width, height: width < 500 ? 812 : 900 },
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${ip}` },
  });
}

/** The forms server's outbox. */
async function serverMails(): Promise<{ to: string; subject: string; text: string }[]> {
  const dir = path.join(server.dataDir, "outbox");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), "utf8"))));
}

async function codeFor(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = (await serverMails())
      .filter((m) => m.to === email)
      .at(-1)
      ?.subject.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no login code for ${email}`);
}

/** The inline error named by a field's aria-describedby. */
async function fieldError(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

/** Signs in with scripts off: both steps are plain posts to their actions. */
async function signInWithoutScripts(page: Page, email: string) {
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.getByRole("button", { name: "Enter Limber" }).click();
}

test.describe("with JavaScript off, every form posts to its action and the server renders the answer", () => {
  test("sign in (both steps, with their errors), finish setup step by step, change settings and save", async ({
    browser,
  }, testInfo) => {
    const context = await contextFor(browser, false);
    const page = await context.newPage();
    const email = uniqueEmail("nojs");

    await page.goto("/");
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Get Started" }).click();
    expect(await fieldError(page, "Email")).toContain("Please enter a valid email address");
    await expect(page.getByLabel("Email")).toBeFocused(); // the server's page opens on the field in error
    await expect(page.getByLabel("Email")).toHaveValue("not an email");

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    const code = await codeFor(email);
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Enter Limber" }).click();
    expect(await fieldError(page, "Verification code")).toContain("Invalid verification code");
    await expect(page.getByLabel("Verification code")).toHaveValue("");
    await screenshotAt(page, "nojs-login-wrong-code", 375, testInfo);
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Enter Limber" }).click();
    await page.waitForURL("**/welcome");

    // Step 1 with two problems: both shown by the server, still on step 1.
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await page.getByLabel("Second break time").fill("10:02");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
      await page.getByRole("checkbox", { name: day }).uncheck();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    expect(await fieldError(page, "Second break time")).toContain(
      "Both reminders are at 10:00 AM. Choose two different times.",
    );
    await expect(page.getByText("Select at least one day to receive reminders")).toHaveClass(/text-destructive/);
    await screenshotAt(page, "nojs-welcome-errors", 375, testInfo);
    await page.getByLabel("Second break time").fill("16:00");
    await page.getByRole("checkbox", { name: "Tuesday" }).check();
    await page.getByRole("combobox", { name: "Timezone" }).fill("Europe/Madrid");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByRole("radio", { name: "10 minutes", exact: true }).check();
    await page.getByRole("radio", { name: "High", exact: true }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await page.getByLabel("Movement preferences").fill("x".repeat(201));
    await page.getByRole("button", { name: "Start My Streak" }).click();
    expect(await fieldError(page, "Movement preferences")).toContain(
      "Movement preferences can be at most 200 characters",
    );
    await page.getByLabel("Movement preferences").fill("no jumping");
    await page.getByRole("button", { name: "Start My Streak" }).click();
    await page.waitForURL("**/dashboard");
    const setup = await (await page.request.get("/api/user/settings")).json();
    expect(setup).toMatchObject({
      times: ["10:00", "16:00"],
      activeDays: [2],
      timezone: "Europe/Madrid",
      durationPreference: 10,
      intensityLevel: "high",
      movementPrefs: "no jumping",
    });

    // Settings: refused first (no day, a duplicate after snapping), then saved.
    await page.goto("/settings");
    await page.getByRole("checkbox", { name: "Tuesday" }).uncheck();
    await page.getByLabel("First reminder").fill("15:58");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Update failed")).toBeVisible();
    expect(await fieldError(page, "Second reminder")).toContain(
      "Both reminders are at 4:00 PM. Choose two different times.",
    );
    await expect(page.getByLabel("First reminder")).toHaveValue("15:58"); // what was typed stays
    await page.getByRole("checkbox", { name: "Saturday" }).check();
    await page.getByLabel("First reminder").fill("08:32");
    await page.getByRole("switch", { name: "Pause emails" }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your changes have been saved successfully")).toBeVisible();
    await expect(page.getByLabel("First reminder")).toHaveValue("08:30");
    const saved = await (await page.request.get("/api/user/settings")).json();
    expect(saved).toMatchObject({
      times: ["08:30", "16:00"],
      activeDays: [6],
      pauseEmails: true,
      movementPrefs: "no jumping",
    });
    await screenshotAt(page, "nojs-settings-saved", 375, testInfo);
    await context.close();
  });

  test("unlock the owner console (a wrong code first), the e-mail test page, and 'Try a different email'", async ({
    browser,
  }) => {
    const context = await contextFor(browser, false);
    const page = await context.newPage();

    await page.goto("/email-test");
    await page.getByLabel("Email").fill("nope");
    await page.getByRole("button", { name: "Send Test Email" }).click();
    expect(await fieldError(page, "Email")).toContain("Please enter a valid email address");
    const to = uniqueEmail("nojs-test");
    await page.getByLabel("Email").fill(to);
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByText(`Test email sent to ${to}`)).toBeVisible();

    await page.goto("/");
    await page.getByLabel("Email").fill(uniqueEmail("nojs-first"));
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByRole("button", { name: "Try a different email" }).click();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();

    await signInWithoutScripts(page, OWNER);
    await page.waitForURL((url) => url.pathname === "/welcome" || url.pathname === "/dashboard");
    if (new URL(page.url()).pathname === "/welcome") {
      expect(
        (
          await page.request.post("/api/user/setup", {
            data: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
          })
        ).status(),
      ).toBe(200);
    }
    await page.goto("/owner-unlock");
    await page.getByRole("button", { name: "Unlock Console" }).click();
    expect(await fieldError(page, "Admin Code")).toContain("Please enter the admin code");
    await page.getByLabel("Admin Code").fill("wrong-code");
    await page.getByRole("button", { name: "Unlock Console" }).click();
    expect(await fieldError(page, "Admin Code")).toContain("Invalid admin code");
    await page.getByLabel("Admin Code").fill(ADMIN_CODE);
    await page.getByRole("button", { name: "Unlock Console" }).click();
    await page.waitForURL("**/admin");
    await expect(page.getByRole("heading", { name: "Owner Console" })).toBeVisible();
    await context.close();
  });
});

test.describe("with JavaScript off, the reminder e-mail's pages", () => {
  test("'Remind me in 15 minutes', 'I did it' and 'Pause My Reminder Emails' each post their form", async ({
    browser,
  }, testInfo) => {
    const context = await contextFor(browser, false);
    const page = await context.newPage();
    const email = uniqueEmail("nojs-mail");
    await signInWithoutScripts(page, email);
    await page.waitForURL("**/welcome");
    // A break due now (this 5-minute step, already passed) on every day, so the cron call e-mails it,
    // and one 2 h on, in a zone where that is still today (in UTC it fell after midnight from 22:00).
    const timezone = zoneWithLocalHour(9, 20);
    const setup = await page.request.post("/api/user/setup", {
      data: {
        timezone,
        times: [localHhmm(timezone, 0), localHhmm(timezone, 2)],
        durationPreference: 5,
        activeDays: [0, 1, 2, 3, 4, 5, 6],
      },
    });
    expect(setup.status()).toBe(200);
    const cron = await page.request.get("/api/cron/reminders", {
      headers: { authorization: "Bearer e2e-cron-secret" },
    });
    expect((await cron.json()).sent).toBeGreaterThanOrEqual(1); // other users of this server may be due too
    const mail = (await serverMails()).find((m) => m.to === email && m.subject.startsWith("Time to move"))!;
    const link = (route: string) => mail.text.match(new RegExp(`https?://\\S+/${route}\\?t=[^\\s)\\]]+`))![0];

    await page.goto(link("snooze"));
    await page.getByRole("button", { name: "Remind Me in 15 Minutes", exact: true }).click();
    await expect(page.getByRole("heading", { name: /^See You at / })).toBeVisible();
    await screenshotAt(page, "nojs-snoozed", 375, testInfo);

    await page.goto(link("done"));
    await page.getByRole("button", { name: "I did it" }).click();
    await expect(page.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
    await expect(page.getByText("1 of 2 breaks done today", { exact: true })).toBeVisible();

    await page.goto(link("unsubscribe"));
    await page.getByRole("button", { name: "Pause My Reminder Emails" }).click();
    await expect(page.getByRole("heading", { name: "Reminder Emails Are Paused" })).toBeVisible();
    expect((await (await page.request.get("/api/user/settings")).json()).pauseEmails).toBe(true);
    await context.close();
  });
});

test.describe("with JavaScript, by keyboard alone", () => {
  test("sign in, set up in three steps and change a setting without the mouse; axe-clean at 375 and 1280 px", async ({
    page,
    login,
  }, testInfo) => {
    const email = uniqueEmail("keys");
    await page.setViewportSize({ width: 375, height: 812 });
    await login.goto();
    await page.keyboard.press("Tab");
    await expect(login.email()).toBeFocused();
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Enter");
    await expect(login.email()).toBeFocused(); // the first field in error
    await expect(login.email()).toHaveAttribute("aria-invalid", "true");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(login.code()).toBeFocused();
    await expectNoAxeViolations(page);
    // A wrong code, typed: it goes in by itself at 6 digits, comes back inline, cleared and focused.
    const code = await waitForCode(email);
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await expect(page.locator("[data-slot=form-message]")).toHaveText("Invalid verification code");
    await expect(login.code()).toHaveValue("");
    await expect(login.code()).toBeFocused();
    await expect(page.getByText("Resend code in")).toBeVisible();
    await screenshotAt(page, "login-wrong-code", 375, testInfo);
    await screenshotAt(page, "login-wrong-code", 1280, testInfo);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.keyboard.type(code);
    await page.waitForURL("**/welcome");

    // Step 1: Tab to the second time, a duplicate after snapping, Enter → the error on that field.
    const second = page.getByLabel("Second break time");
    await second.focus();
    await page.keyboard.type("1002AM");
    await page.keyboard.press("Enter");
    await expect(second).toBeFocused();
    await expect(page.getByText("Both reminders are at 10:00 AM. Choose two different times.")).toBeVisible();
    // The field keeps its last segment (AM/PM): back to the hours, then 4:00 PM.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.type("0400PM");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "What kind of break?" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab"); // the checked duration radio
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "10 minutes", exact: true })).toBeChecked();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Anything we should know?" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Movement preferences")).toBeFocused();
    await page.keyboard.type("standing desk");
    await page.keyboard.press("Tab"); // Start My Streak comes first after the field
    await expect(page.getByRole("button", { name: "Start My Streak" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    expect(await (await page.request.get("/api/user/settings")).json()).toMatchObject({
      times: ["10:00", "16:00"],
      durationPreference: 10,
      movementPrefs: "standing desk",
    });

    // Settings: the timezone picker by keyboard, then Enter in a field saves.
    await page.goto("/settings");
    const zone = page.getByRole("combobox", { name: "Timezone" });
    // Keys typed before React has hydrated the page change only the DOM; type again until the
    // picker (hydrated) answers.
    await expect(async () => {
      await zone.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("madrid");
      await expect(page.getByRole("option", { name: /^Madrid \(/ })).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    // Shown by name; the form keeps the IANA id.
    await expect(zone).toHaveValue(/^Madrid \(Central European Time, UTC\+[12]\)$/);
    await expect(page.locator("input[type=hidden][name=timezone]")).toHaveValue("Europe/Madrid");
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Settings updated")).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
    expect((await (await page.request.get("/api/user/settings")).json()).timezone).toBe("Europe/Madrid");
  });

  test("settings at 375 px: everything reached by Tab clears the header, the Save bar and the bottom navigation", async ({
    page,
    login,
  }) => {
    await login.signInOnboarded(uniqueEmail("focus"));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/settings");
    await expect(page.getByLabel("First reminder")).toBeVisible();
    // An unsaved change: the Save bar shows, docked above the tab bar, over the whole page.
    await page.getByRole("radio", { name: "High", exact: true }).check();
    await expect(page.locator("[data-save-bar]")).toBeVisible();
    const hidden: string[] = [];
    await page.getByRole("heading", { name: "Settings", level: 1 }).click();
    for (let i = 0; i < 70; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(async () => {
        // The app moves a field clear of the sticky bars in the frame after focus: measure after it.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest("main") || el.closest("[data-save-bar]")) return null;
        const r = el.getBoundingClientRect();
        const header = document.querySelector("header")!.getBoundingClientRect();
        const bar = document.querySelector("[data-save-bar]")!.getBoundingClientRect();
        // The displayed one of the two "Main" navigations (the tab bar at this width).
        const nav = [...document.querySelectorAll('nav[aria-label="Main"]')]
          .find((n) => n.getClientRects().length > 0)!
          .getBoundingClientRect();
        const covered = r.top < header.bottom || r.bottom > Math.min(bar.top, nav.top);
        return { name: el.getAttribute("aria-label") ?? (el.id || el.textContent || el.tagName), covered };
      });
      if (where?.covered) hidden.push(where.name);
    }
    expect(hidden).toEqual([]);
  });

  test("unsaved settings: Save waits for a change, and leaving asks first (a link, the tab)", async ({
    page,
    login,
  }) => {
    await login.signInOnboarded(uniqueEmail("guard"));
    await page.goto("/settings");
    const save = page.getByRole("button", { name: "Save Changes" });
    await expect(page.getByLabel("First reminder")).toBeVisible();
    await expect(save).toBeHidden(); // the Save bar shows only with something to save
    await page.getByRole("radio", { name: "High", exact: true }).check();
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();
    await expect(save).toBeEnabled();
    // Back to what was saved: nothing to save again.
    await page.getByRole("radio", { name: "Medium", exact: true }).check();
    await expect(save).toBeHidden();
    await page.getByRole("radio", { name: "Low", exact: true }).check();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Today" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    expect(new URL(page.url()).pathname).toBe("/settings");
    await expect(page.getByRole("radio", { name: "Low", exact: true })).toBeChecked();

    // Closing the tab or reloading: the browser's own question.
    let asked = false;
    page.once("dialog", async (d) => {
      asked = d.type() === "beforeunload";
      await d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe(true);
  });

  test("leaving on purpose after the question, and only preferences changed: the spec's own toast", async ({
    page,
    login,
  }) => {
    await login.signInOnboarded(uniqueEmail("prefs-toast"));
    await page.goto("/settings");
    await page.getByLabel("Movement preferences").fill("a".repeat(201));
    await expect(page.getByText("201/200 characters")).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("Movement preferences")).toBeFocused();
    await expect(page.getByText("Movement preferences can be at most 200 characters")).toBeVisible();
    await page.getByLabel("Movement preferences").fill("sore wrists");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("✅ Preferences updated")).toBeVisible();
    await expect(page.getByText("Your changes have been saved.", { exact: true })).toBeVisible();

    await page.getByLabel("Movement preferences").fill("sore wrists, no floor work");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Today" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL("**/dashboard");
    expect((await (await page.request.get("/api/user/settings")).json()).movementPrefs).toBe("sore wrists");
  });

  test("'Use Detected Timezone' keeps the browser's own zone", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      timezoneId: "Europe/Madrid",
      extraHTTPHeaders: { "x-forwarded-for": "198.18.250.33" },
    });
    const page = await context.newPage();
    const { LoginPage } = await import("./support/fixtures");
    await new LoginPage(page).signInOnboarded(uniqueEmail("madrid"));
    await page.goto("/settings");
    await page.getByRole("button", { name: "Use Detected Timezone" }).click();
    // The zone by its name; the form keeps its IANA id.
    const madrid = /^Madrid \(Central European Time, UTC\+[12]\)$/;
    await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue(madrid);
    await expect(page.locator("input[type=hidden][name=timezone]")).toHaveValue("Europe/Madrid");
    await expect(page.getByText(/^from UTC to Madrid \(Central European Time, UTC\+[12]\)$/)).toBeVisible();
    // The picker lists every zone with its offset, the spec's 20 first.
    await page.getByRole("combobox", { name: "Timezone" }).click();
    await expect(page.getByRole("group", { name: "Common time zones" }).getByRole("option")).toHaveCount(20);
    await expect(page.getByRole("option", { name: /^Auckland \(New Zealand Time, UTC\+1[23]\)$/ })).toHaveCount(1);
    // Zones beyond the 20 are searched by name and by offset.
    await page.getByRole("combobox", { name: "Timezone" }).fill("+5:45");
    await expect(page.getByRole("option", { name: /^Kathmandu \(Nepal Time, UTC\+5:45\)$/ })).toBeVisible();
    await expect(page.getByText("Loading all time zones...")).toHaveCount(0);
    await context.close();
  });

  test("resend the code after 30 s, and paste a code", async ({ page, login }) => {
    await page.clock.install();
    const email = uniqueEmail("resend");
    await login.goto();
    await login.requestCode(email);
    // The countdown starts at 30 s and runs on (a loaded machine may read it a few seconds in).
    const left = page.getByText(/^Resend code in \d+ s$/);
    await expect(left).toBeVisible();
    expect(Number(/\d+/.exec((await left.textContent()) ?? "")?.[0])).toBeLessThanOrEqual(30);
    await expect(page.getByRole("button", { name: "Resend code" })).toHaveCount(0);
    await page.clock.fastForward(31_000);
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect(page.getByText("Verification code sent!").first()).toBeVisible();
    await expect.poll(async () => (await outbox()).filter((m) => m.to === email).length).toBe(2);
    const code = await waitForCode(email, 1);
    // Pasted with spaces, as some mail apps copy it: the digits count.
    await login.code().focus();
    await page.evaluate(
      (text) => {
        const input = document.activeElement as HTMLInputElement;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        setter.call(input, text);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      },
      `${code.slice(0, 3)} ${code.slice(3)}`,
    );
    await page.waitForURL("**/welcome");
  });
});
