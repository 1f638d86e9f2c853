// The owner console as its owner sees it, at 375 and 1280 px, on a server of its own: its owner
// account starts without onboarding, and only this file writes its audit log, so the Audit
// Events count can be checked exactly. One server per parallel slot; tests run in order.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, BrowserContext, Cookie, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";
import { expectSameBox, logoBox, type Box } from "./support/logo";
import { startServer, type ExtraServer } from "./support/server";

const OWNER = "console-owner@example.com";
const ADMIN_CODE = "console-admin-code-0042-owner-console";

test.describe.configure({ mode: "default" });

let server: ExtraServer;
let ownerCookies: Cookie[] = [];
let member = "";
let ip = 0;
const headers = () => ({ origin: server.url, "x-forwarded-for": `198.51.100.${++ip}` });

async function signIn(api: APIRequestContext, email: string) {
  const h = headers();
  expect((await api.post(`${server.url}/api/auth/request-code`, { data: { email }, headers: h })).status()).toBe(200);
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const dir = path.join(server.dataDir, "outbox");
    for (const n of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
      const m = JSON.parse(await readFile(path.join(dir, n), "utf8")) as { to: string; subject: string };
      if (m.to === email) code ??= /\b(\d{6})\b/.exec(m.subject)?.[1];
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  expect((await api.post(`${server.url}/api/auth/verify-code`, { data: { code }, headers: h })).status()).toBe(200);
}

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  server = await startServer(Number(process.env.E2E_PORT ?? 3100) + 94 + testInfo.parallelIndex, {
    TRUST_PROXY: "1",
    ADMIN_EMAIL: OWNER,
    ADMIN_CODE,
  });
  // A member with a long address (it must wrap, never be cut), set up.
  member = uniqueEmail("a-member-with-a-rather-long-address.for-the-console");
  const memberContext = await browser.newContext();
  await signIn(memberContext.request, member);
  const setup = await memberContext.request.post(`${server.url}/api/user/setup`, {
    data: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
    headers: headers(),
  });
  expect(setup.status()).toBe(200);
  await memberContext.close();
  // The owner signs in once (codes are limited per address) and does not set up breaks.
  const ownerContext = await browser.newContext();
  await signIn(ownerContext.request, OWNER);
  ownerCookies = await ownerContext.cookies();
  await ownerContext.close();
});
test.afterAll(async () => server?.stop());

/** The owner's session in this context; `ready` also sets up breaks and unlocks the console. */
async function asOwner(context: BrowserContext, ready = true) {
  await context.addCookies(ownerCookies);
  if (!ready) return;
  const api = context.request;
  const status = (await (await api.get(`${server.url}/api/user/onboarding-status`)).json()) as { completed: boolean };
  if (!status.completed) {
    const res = await api.post(`${server.url}/api/user/setup`, {
      data: { timezone: "UTC", times: ["10:00", "15:00"], durationPreference: 5 },
      headers: headers(),
    });
    expect(res.status()).toBe(200);
  }
  if (!(await api.get(`${server.url}/api/admin-status`)).ok()) {
    expect(
      (await api.post(`${server.url}/api/verify-admin`, { data: { code: ADMIN_CODE }, headers: headers() })).status(),
    ).toBe(200);
  }
}

/** Every entry of the audit log, counted through GET /api/admin/logs page by page. */
async function countAuditEntries(api: APIRequestContext) {
  let total = 0;
  let cursor: string | null = null;
  do {
    const res = await api.get(`${server.url}/api/admin/logs${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { logs: unknown[]; nextCursor: string | null };
    total += page.logs.length;
    cursor = page.nextCursor;
  } while (cursor);
  return total;
}

const statValue = (page: Page, title: string) =>
  page.locator('[data-slot="card"]', { has: page.getByRole("heading", { name: title }) }).locator("p.text-2xl");

/** Nothing scrolls sideways: not the page, and no box inside the console's active panel. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const result = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"] *')].filter(
      (el) => el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX),
    );
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      boxes: boxes.map((b) => `${b.tagName}.${b.className}`),
    };
  });
  expect(result, what).toEqual({ page: 0, boxes: [] });
}

test("before onboarding, the header's Console link and /owner-unlock lead the owner to the console, not to /welcome", async ({
  page,
  context,
}) => {
  await asOwner(context, false);
  expect(
    ((await (await page.request.get(`${server.url}/api/user/onboarding-status`)).json()) as { completed: boolean })
      .completed,
  ).toBe(false);
  await page.goto(`${server.url}/dashboard`);
  await page.waitForURL("**/welcome");
  await page.getByRole("link", { name: "Console" }).click();
  await page.waitForURL("**/owner-unlock");
  await expect(page.getByRole("heading", { name: "Owner Console", level: 1 })).toBeVisible();
  const unlock = await page.request.get(`${server.url}/owner-unlock`, { maxRedirects: 0 });
  expect(unlock.status()).toBe(200);
  await page.getByLabel("Admin Code", { exact: true }).fill(ADMIN_CODE);
  await page.getByRole("button", { name: "Unlock Console" }).click();
  await page.waitForURL("**/admin");
  await expect(
    page.getByRole("tabpanel", { name: "Users" }).getByRole("row").filter({ hasText: member }),
  ).toBeVisible();
  const admin = await page.request.get(`${server.url}/admin`, { maxRedirects: 0 });
  expect(admin.status()).toBe(200);
});

test("Audit Events shows the log's real size on first render, before the Logs tab is opened, and counts the console's own actions", async ({
  page,
  context,
}) => {
  await asOwner(context);
  const before = await countAuditEntries(page.request);
  await page.goto(`${server.url}/admin`);
  const stat = statValue(page, "Audit Events");
  const after = await countAuditEntries(page.request);
  const shown = Number(await stat.textContent());
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(after);
  // A pause is one more entry.
  const row = page.getByRole("tabpanel", { name: "Users" }).getByRole("row").filter({ hasText: member });
  await row
    .getByRole("button", { name: new RegExp(`^(Pause|Enable) emails for ${member.replace(/[.]/g, "\\.")}$`) })
    .click();
  await expect(page.getByText("User Updated")).toBeVisible();
  await expect(stat).toHaveText(String(shown + 1));
  expect(await countAuditEntries(page.request)).toBe(shown + 1);
});

test("the owner's own row: Pause and Delete are disabled, with the reason shown and read out", async ({
  page,
  context,
}) => {
  await asOwner(context);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
    await page.goto(`${server.url}/admin`);
    const own = page.getByRole("tabpanel", { name: "Users" }).getByRole("row").filter({ hasText: OWNER });
    for (const [name, reason] of [
      [`Pause emails for ${OWNER}`, "You can't pause the owner's account"],
      [`Delete ${OWNER}`, "You can't delete the owner's account"],
    ] as const) {
      const button = own.getByRole("button", { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(reason);
    }
    await expect(own.getByText("You can't delete the owner's account")).toBeVisible();
    // At every width the actions carry their names as visible text, not as icons alone.
    await expect(own.getByRole("button", { name: `Delete ${OWNER}`, exact: true }).getByText("Delete")).toBeVisible();
    await expect(
      own.getByRole("button", { name: `Pause emails for ${OWNER}`, exact: true }).getByText("Pause emails"),
    ).toBeVisible();
    // Other rows keep their live actions.
    const other = page.getByRole("tabpanel", { name: "Users" }).getByRole("row").filter({ hasText: member });
    await expect(other.getByRole("button", { name: `Delete ${member}`, exact: true })).toBeEnabled();
  }
});

test("the logo is at the same place on Today, the console and the guided break, at 375 and 1280", async ({
  page,
  context,
}) => {
  await asOwner(context);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
    const boxes = new Map<string, Box>();
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    boxes.set(`/dashboard at ${width}`, await logoBox(page, "/dashboard"));
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole("heading", { name: "Owner Console", level: 1 })).toBeVisible();
    boxes.set(`/admin at ${width}`, await logoBox(page, "/admin"));
    await page.goto(`${server.url}/break/0`);
    await expect(page.getByRole("link", { name: "Close" })).toBeVisible();
    boxes.set(`/break/0 at ${width}`, await logoBox(page, "/break/0"));
    expectSameBox(boxes);
  }
});

test("users and audit log at 375 and 1280: no sideways scroll, every e-mail whole, the Actions in view; axe clean", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await asOwner(context);
  await page.goto(`${server.url}/admin`);
  const users = page.getByRole("tabpanel", { name: "Users" });
  const memberRow = users.getByRole("row").filter({ hasText: member });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
    await expectNoSidewaysScroll(page, `users at ${width}`);
    // The address is whole: wrapped, not cut with an ellipsis, inside the window.
    const email = memberRow.getByText(member, { exact: true });
    await expect(email).toBeVisible();
    const box = await email.evaluate((el) => ({
      cut: el.scrollWidth > el.clientWidth + 1,
      right: el.getBoundingClientRect().right,
    }));
    expect(box.cut).toBe(false);
    expect(box.right).toBeLessThanOrEqual(width);
    const del = memberRow.getByRole("button", { name: `Delete ${member}`, exact: true });
    expect((await del.boundingBox())!.x + 32).toBeLessThanOrEqual(width);
    if (width === 1280) await expect(users.getByRole("columnheader", { name: "Actions" })).toBeInViewport();
    await expectNoAxeViolations(page);
    await screenshotAt(page, "console-users", width, testInfo);
  }
  await page.getByRole("tab", { name: "Audit Logs" }).click();
  const logs = page.getByRole("tabpanel", { name: "Audit Logs" });
  await expect(logs.locator("tbody tr").first()).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
    await expectNoSidewaysScroll(page, `audit log at ${width}`);
    await expectNoAxeViolations(page);
    await screenshotAt(page, "console-logs", width, testInfo);
  }
});

test("the audit log names people by e-mail, reads its details and times, and keeps the raw JSON one click away", async ({
  page,
  context,
}) => {
  await asOwner(context);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/admin`);
  const ownerId = (
    (await (await page.request.get(`${server.url}/api/admin`)).json()) as { users: { id: string; email: string }[] }
  ).users.find((u) => u.email === OWNER)!.id;
  const row = page.getByRole("tabpanel", { name: "Users" }).getByRole("row").filter({ hasText: member });
  const toggle = row.getByRole("button", { name: new RegExp(`^(Pause|Enable) emails for `) });
  const pausing = (await toggle.getAttribute("aria-label"))!.startsWith("Pause");
  await toggle.click();
  await expect(page.getByText("User Updated")).toBeVisible();

  await page.getByRole("tab", { name: "Audit Logs" }).click();
  const logs = page.getByRole("tabpanel", { name: "Audit Logs" });
  const entry = logs
    .locator("tbody tr")
    .filter({ hasText: pausing ? "admin user paused" : "admin user enabled" })
    .first();
  const cells = entry.getByRole("cell");
  // Time: a readable local time, not an ISO string.
  const time = await cells.nth(0).innerText();
  expect(time).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  expect(time).toMatch(/\d{1,2}:\d{2}/);
  // User: the actor's e-mail, not their id.
  await expect(cells.nth(2)).toHaveText(OWNER);
  await expect(entry).not.toContainText(ownerId, { useInnerText: true });
  // Details: the account acted on, by e-mail, and what changed, in words.
  await expect(cells.nth(4)).toContainText(`Account: ${member}`);
  await expect(cells.nth(4)).toContainText(`Emails: ${pausing ? "paused" : "enabled"}`);
  await expect(entry.getByText(/"pauseEmails"/)).toBeHidden();
  await entry.getByText("Raw JSON").click();
  await expect(entry.getByText(/"pauseEmails": (true|false)/)).toBeVisible();
  await expectNoAxeViolations(page);
});
