// Playwright fixtures: a distinct client IP per test (per-IP rate limits stay per test), the
// outbox of the running server, and page objects.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const DATA_DIR = process.env.E2E_DATA_DIR!;
let ipCounter = 0;

export async function outbox(): Promise<
  { to: string; subject: string; text: string; html: string; headers: Record<string, string> }[]
> {
  const dir = path.join(DATA_DIR, "outbox");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), "utf8"))));
}

export async function waitForCode(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await outbox()).filter((m) => m.to === email);
    const code = mails.length > after ? mails.at(-1)!.subject.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no login code for ${email}`);
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export class LoginPage {
  constructor(readonly page: Page) {}
  email = () => this.page.getByLabel("Email");
  code = () => this.page.getByLabel("Verification code");
  async goto() {
    await this.page.goto("/");
  }
  async requestCode(email: string) {
    await this.email().fill(email);
    await this.page.getByRole("button", { name: "Get Started" }).click();
    await expect(this.code()).toBeVisible();
  }
  /** Six digits go in by themselves (no button press needed). */
  async enterCode(code: string) {
    await this.code().fill(code);
  }
  /** Full sign-in through the UI, reading the code from the outbox. */
  async signIn(email: string) {
    await this.goto();
    const before = (await outbox()).filter((m) => m.to === email).length;
    await this.requestCode(email);
    await this.enterCode(await waitForCode(email, before));
  }
  /**
   * Signs in and finishes onboarding through its call, landing on the dashboard. `setup` adds to
   * the setup call (e.g. `activeDays`): the first schedule judges all of today, while a change
   * saved afterwards applies from its next break not yet due.
   */
  async signInOnboarded(email: string, times = ["10:00", "15:00"], setup: Record<string, unknown> = {}) {
    await this.signIn(email);
    await this.page.waitForURL("**/welcome");
    await this.finishOnboarding(times, setup);
  }
  /** Finishes onboarding of the signed-in user through its call, landing on the dashboard. */
  async finishOnboarding(times = ["10:00", "15:00"], setup: Record<string, unknown> = {}) {
    const res = await this.page.request.post("/api/user/setup", {
      data: { timezone: "UTC", times, durationPreference: 5, ...setup },
    });
    expect(res.status()).toBe(200);
    await this.page.goto("/dashboard");
  }
}

export async function expectNoAxeViolations(page: Page) {
  // A toast that times out while axe runs fades: its text is then measured half transparent. Such a run
  // proves nothing about the page, so it is repeated once the toast has gone (a toast that stays
  // fully shown is still measured like everything else).
  const toastIds = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("[data-sonner-toast]")]
        .filter((t) => t.getAttribute("data-removed") !== "true")
        .map((t) => t.textContent ?? ""),
    );
  for (let attempt = 1; ; attempt++) {
    await waitForStillPage(page);
    const before = await toastIds();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    const after = new Set(await toastIds());
    const toastLeft = before.some((id) => !after.has(id));
    if (found.length > 0 && toastLeft && attempt === 1) continue;
    expect(found).toEqual([]);
    return;
  }
}

/** Waits (up to 8 s) for no finite animation running and every toast mounted and not leaving. */
async function waitForStillPage(page: Page) {
  // Checked on two frames in a row: a toast is in the page for a frame before its transition starts.
  await page
    .waitForFunction(
      () => {
        const settled = () =>
          document
            .getAnimations()
            .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity) &&
          [...document.querySelectorAll("[data-sonner-toast]")].every(
            (t) => t.getAttribute("data-mounted") === "true" && t.getAttribute("data-removed") !== "true",
          );
        return new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => {
            const first = settled();
            requestAnimationFrame(() => resolve(first && settled()));
          }),
        );
      },
      undefined,
      { timeout: 8000 },
    )
    .catch(() => undefined);
}

export async function screenshotAt(
  page: Page,
  name: string,
  width: number,
  testInfo: {
    outputPath(name: string): string;
    attach: (n: string, o: { path: string; contentType: string }) => Promise<void>;
  },
) {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  const file = testInfo.outputPath(`${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
}

export const test = base.extend<{ login: LoginPage }>({
  extraHTTPHeaders: async ({}, use) => {
    ipCounter += 1;
    await use({
      "x-forwarded-for": `198.${18 + (process.pid % 2)}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`,
    });
  },
  login: async ({ page }, use) => use(new LoginPage(page)),
});

export { expect };

/**
 * Stops the page's clock (runFor / fastForward move it on) a moment after the page's own time. On a
 * loaded machine more than the margin can pass between reading the time and pausing: retried.
 */
export async function pauseClock(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      return;
    } catch (error) {
      if (attempt >= 4 || !String(error).includes("to the past")) throw error;
    }
  }
}

/**
 * Holds the page's requests for `url` (the page stays where it is) until the returned function is
 * called: for what a page shows just before it leaves on a timer (deletion's 1.5 s redirect), which
 * a busy machine may not get to check in time.
 */
export async function holdNavigation(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
