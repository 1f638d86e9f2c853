// The strict nonce CSP on every page: each page's policy (a fresh nonce per load, 'strict-dynamic',
// no inline scripts, base-uri 'none', COOP), every script of the HTML carrying that nonce, and the
// page hydrating and working with no CSP violation and no console error.
import type { Page, Response } from "@playwright/test";
import { E2E_ENV } from "../../playwright.config";
import { expect, outbox, test, uniqueEmail } from "./support/fixtures";

// The e2e server's ADMIN_EMAIL and ADMIN_CODE (playwright.config.ts, E2E_ENV), as in admin.spec.ts.
const OWNER = E2E_ENV.ADMIN_EMAIL;
const ADMIN_CODE = E2E_ENV.ADMIN_CODE;

// The welcome form and the reminder times below use the browser's zone: make it the server's.
test.use({ timezoneId: "UTC" });

interface Watch {
  violations: string[];
  errors: string[];
}

/** Records CSP violations (from the document, on every navigation) and console errors of a page. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { violations: [], errors: [] };
  await page.exposeFunction("__reportCspViolation", (v: string) => w.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (m) => {
    if (m.type() === "error") w.errors.push(`${new URL(page.url()).pathname}: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => w.errors.push(`${new URL(page.url()).pathname}: ${e.message}`));
  return w;
}

/** Checks one response's headers and returns the nonce of its policy. */
async function strictHeaders(res: Response, path: string): Promise<string> {
  const headers = await res.headersArray();
  const csp = headers.filter((h) => h.name.toLowerCase() === "content-security-policy");
  expect(csp, `${path}: exactly one CSP header`).toHaveLength(1);
  const directives = csp[0]!.value.split(";").map((d) => d.trim());
  const scriptSrc = directives.find((d) => d.startsWith("script-src ")) ?? "";
  expect(scriptSrc, path).toContain("'strict-dynamic'");
  expect(scriptSrc, path).not.toContain("'unsafe-inline'");
  // A production build: no eval either.
  expect(scriptSrc, path).not.toContain("'unsafe-eval'");
  expect(directives, path).toContain("base-uri 'none'");
  expect(directives, path).toContain("object-src 'none'");
  expect(directives, path).toContain("frame-ancestors 'none'");
  expect(headers.find((h) => h.name.toLowerCase() === "cross-origin-opener-policy")?.value, path).toBe("same-origin");
  const nonce = scriptSrc.match(/'nonce-([A-Za-z0-9+/]{22}==)'/)?.[1];
  expect(nonce, `${path}: a 16-byte base64 nonce in script-src`).toBeTruthy();
  return nonce!;
}

/**
 * Loads `path` twice in the page (two different nonces), checking each time the policy and that
 * every <script> of the HTML carries its nonce; then `prove` (a client-side interaction that only
 * works once React has hydrated), and no violation or console error on the way.
 */
async function expectStrictPage(page: Page, w: Watch, path: string, prove: () => Promise<void>, status = 200) {
  const nonces: string[] = [];
  let res: Response | null = null;
  for (let i = 0; i < 2; i++) {
    res = await page.goto(path);
    expect(res!.status(), path).toBe(status);
    expect(res!.request().redirectedFrom(), `${path}: no redirect`).toBeNull();
    const nonce = await strictHeaders(res!, path);
    const scripts = (await res!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0], `${path}: a fresh nonce per load`).not.toBe(nonces[1]);

  await prove();
  expect(w.violations, path).toEqual([]);
  if (status === 404) {
    // Chrome logs the document's own 404 status as a console error. The 404 page must answer 404
    // (spec), so this line, for this document's URL, is expected once per load; nothing else is.
    const own = `${new URL(res!.url()).pathname}: Failed to load resource: the server responded with a status of 404 (Not Found) (${res!.url()})`;
    expect(
      w.errors.filter((e) => e === own),
      path,
    ).toHaveLength(2); // two loads
    w.errors = w.errors.filter((e) => e !== own);
  }
  expect(w.errors, path).toEqual([]);
}

/** Clicks something that should navigate on the client: the document (and a marker on it) survives. */
async function expectClientNavigation(page: Page, click: () => Promise<void>, pathname: string) {
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  await click();
  await page.waitForURL((url) => url.pathname === pathname);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

function hhmm(d: Date) {
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

function relative(url: string) {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

test("public pages: strict CSP, hydrated, no violations or console errors", async ({ page }) => {
  const w = await watch(page);

  await expectStrictPage(page, w, "/", async () => {
    // noValidate form: without React the browser would submit it and reload.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });

  await expectStrictPage(page, w, "/disclaimer", async () => {
    await expect(page.getByRole("heading", { name: "Privacy and Disclaimer" })).toBeVisible();
    await expectClientNavigation(page, () => page.getByRole("link", { name: "Back to Login" }).click(), "/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });

  await expectStrictPage(page, w, "/email-test", async () => {
    await page.getByLabel("Email").fill(uniqueEmail("csp-test-mail"));
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sent" })).toBeVisible();
  });

  await expectStrictPage(page, w, "/verify", async () => {
    await expect(page.getByText("Authentication method changed")).toBeVisible();
    // The notice sends the visitor to the login screen with the client router.
    await expectClientNavigation(page, async () => {}, "/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });

  expect(w.violations).toEqual([]);
  expect(w.errors).toEqual([]);
});

// The cron call sends every due reminder: reminders.spec.ts counts what its own calls sent.
test(
  "signed-in pages and the e-mail link pages: strict CSP, hydrated, no violations or console errors",
  { lock: "reminder-cron" },
  async ({ page, login, request }) => {
    test.slow(); // a dozen page loads and a reminder run
    const w = await watch(page);
    const email = uniqueEmail("csp");
    await login.signIn(email);
    await page.waitForURL("**/welcome");

    await expectStrictPage(page, w, "/welcome", async () => {
      await expect(page.getByText(/Your local time: \d/)).toBeVisible();
      await page.getByRole("button", { name: "Next" }).click();
      const tenMinutes = page.getByRole("radio", { name: "10 minutes", exact: true });
      await tenMinutes.click();
      await expect(tenMinutes).toBeChecked();
    });

    // A slot due now (this 5-minute step, already passed), so the cron call below e-mails this user.
    const due = new Date(Math.floor(Date.now() / 300_000) * 300_000);
    // Every day active from the first schedule, so today has breaks (the guided break below) whatever the weekday.
    await login.finishOnboarding([hhmm(due), hhmm(new Date(due.getTime() + 2 * 3600_000))], {
      activeDays: [0, 1, 2, 3, 4, 5, 6],
    });

    await expectStrictPage(page, w, "/dashboard", async () => {
      await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expectClientNavigation(page, () => nav.getByRole("link", { name: "Settings" }).click(), "/settings");
      await expect(page.getByLabel("Movement preferences")).toBeVisible();
    });

    // The guided break (streamed under Suspense: its inline scripts carry the nonce too).
    await expectStrictPage(page, w, "/break/0", async () => {
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
      await page.getByRole("button", { name: "Pause" }).click();
      await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
    });

    await expectStrictPage(page, w, "/settings", async () => {
      await page.getByLabel("Movement preferences").fill("standing desk");
      await expect(page.getByText("13/200 characters")).toBeVisible();
      // The timezone picker (its offsets are worked out in idle time); the delete confirmation a native modal dialog.
      await page.getByRole("combobox", { name: "Timezone" }).fill("Tokyo");
      await page.getByRole("option", { name: /^Tokyo \(/ }).click();
      await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("Tokyo (Japan Standard Time, UTC+9)");
      await page.getByRole("button", { name: "Delete Account" }).click();
      await expect(page.getByRole("alertdialog", { name: "Are you absolutely sure?" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toBeHidden();
    });

    await expectStrictPage(page, w, "/history", async () => {
      await page.getByRole("button", { name: "Show as a Table" }).click();
      await expect(page.getByRole("table")).toBeVisible();
    });

    await expectStrictPage(
      page,
      w,
      "/no-such-page",
      async () => {
        await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
        await expectClientNavigation(
          page,
          () => page.getByRole("link", { name: "Back to Dashboard" }).click(),
          "/dashboard",
        );
        await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
      },
      404,
    );

    const cron = await request.get("/api/cron/reminders", {
      headers: { authorization: `Bearer ${E2E_ENV.CRON_SECRET}` },
    });
    expect(cron.status()).toBe(200);
    const mail = (await outbox()).find((m) => m.to === email && m.subject.startsWith("Time to move"));
    expect(mail, "the reminder e-mail").toBeTruthy();
    const doneUrl = mail!.text.match(/https?:\/\/\S+\/done\?t=[^\s)\]]+/)![0];
    const unsubscribeUrl = mail!.text.match(/https?:\/\/\S+\/unsubscribe\?t=[^\s)\]]+/)![0];
    const guideUrl = mail!.text.match(/https?:\/\/\S+\/break\/\d\?t=[^\s)\]]+/)![0];

    // The e-mail's guided break (the token's break; started in sessionStorage above: start over).
    await expectStrictPage(page, w, relative(guideUrl), async () => {
      await page.evaluate(() => sessionStorage.clear());
      await page.reload();
      // The running break is paused (and saved again) as the page unloads, which may land after the
      // clear: then it comes back paused. Either way one press runs it, which is what is checked here.
      await page.getByRole("button", { name: /^(Start Break|Resume)$/ }).click();
      await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    });

    await expectStrictPage(page, w, relative(doneUrl), async () => {
      await page.getByRole("button", { name: "I did it" }).click();
      await expect(page.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
    });

    await expectStrictPage(page, w, relative(unsubscribeUrl), async () => {
      await page.getByRole("button", { name: "Pause My Reminder Emails" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Paused" })).toBeVisible();
    });

    expect(w.violations).toEqual([]);
    expect(w.errors).toEqual([]);
  },
);

// The owner account is shared with admin.spec.ts (one login code per sign-in, 3 per 10 minutes).
test(
  "owner console pages: strict CSP, hydrated, no violations or console errors",
  { lock: "owner-account" },
  async ({ page, login }) => {
    const w = await watch(page);
    await login.signIn(OWNER);
    await page.waitForURL((url) => url.pathname === "/welcome" || url.pathname === "/dashboard");
    if (new URL(page.url()).pathname === "/welcome") await login.finishOnboarding();

    await expectStrictPage(page, w, "/owner-unlock", async () => {
      await page.getByRole("button", { name: "Unlock Console" }).click();
      await expect(page.getByText("Please enter the admin code")).toBeVisible();
      await page.getByLabel("Admin Code", { exact: true }).fill(ADMIN_CODE);
      await expectClientNavigation(page, () => page.getByRole("button", { name: "Unlock Console" }).click(), "/admin");
      await expect(page.getByText("Owner Console Unlocked")).toBeVisible();
    });

    await expectStrictPage(page, w, "/admin", async () => {
      await expect(
        page.getByRole("tabpanel", { name: "Users" }).getByRole("row").filter({ hasText: OWNER }),
      ).toBeVisible();
      await page.getByRole("tab", { name: "Audit Logs" }).click();
      await expect(
        page
          .getByRole("tabpanel", { name: "Audit Logs" })
          .getByRole("cell", { name: "admin unlock success", exact: true })
          .first(),
      ).toBeVisible();
    });

    expect(w.violations).toEqual([]);
    expect(w.errors).toEqual([]);
  },
);
