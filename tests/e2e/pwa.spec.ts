// The installable app: the manifest and its icons, the service worker registered on the dashboard
// under the strict CSP, a guided break opened once that comes back offline, and Settings'
// notifications on devices, in Email & Notifications once chosen (turn on with a stubbed browser
// push subscription, a test notification that reaches a local push service encrypted and
// VAPID-signed, remove) at 375 and 1280 px.
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { E2E_ENV } from "../../playwright.config";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";

// Setup and the reminder times use the browser's zone: make it the server's (UTC).
test.use({ timezoneId: "UTC" });

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
// E2E_ENV lists this port in PUSH_ENDPOINT_HOSTS.
const PUSH_PORT = Number(E2E_ENV.PORT) + 98;

/** Records CSP violations of every document the page loads. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}`,
      );
    });
  });
  return violations;
}

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page) {
  const script = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL));
  expect(new URL(script!).pathname).toBe("/sw.js");
  // A page whose navigation overlapped the worker's activation can miss its clients.claim() (the
  // browser's rule, not ours): as for a user, the next load is controlled.
  const claimed = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (!claimed) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The width and height in a PNG's IHDR chunk. */
function pngSize(body: Buffer) {
  expect(body.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test("the manifest names the app, starts on the dashboard and its icons load at their sizes; pages link it", async ({
  request,
  page,
}) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const m = await res.json();
  expect(m).toMatchObject({
    name: "Limber",
    short_name: "Limber",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: "#0e6f68",
    background_color: "#fbfdfc",
  });
  const icons = m.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of [
    ...icons,
    { src: "/icons/apple-touch-icon.png", sizes: "180x180" },
    { src: "/icons/badge-96.png", sizes: "96x96" },
  ]) {
    const r = await request.get(icon.src);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()["content-type"], icon.src).toBe("image/png");
    const body = await r.body();
    const { width, height } = pngSize(body);
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    expect(body.length, `${icon.src}: small enough to commit`).toBeLessThan(20_000);
  }

  // Signed out too: the login page links the manifest, the touch icon and the theme colour.
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute(
    "content",
    "#0e6f68",
  );
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute(
    "content",
    "#0d1513",
  );
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  // The worker and the offline page open without a session.
  const sw = await request.get("/sw.js", { maxRedirects: 0 });
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  const offline = await request.get("/offline.html", { maxRedirects: 0 });
  expect(offline.status()).toBe(200);
  expect(await offline.text()).toContain("<h1>You're offline</h1>");
});

test("the service worker registers on the dashboard with no CSP violation, and a guided break opened once runs offline", async ({
  page,
  login,
  context,
}, testInfo) => {
  test.slow(); // a sign-in, a build's worth of files into the cache, two offline loads
  const violations = await watchCsp(page);
  await login.signInOnboarded(uniqueEmail("pwa-offline"), ["10:00", "23:55"], { activeDays: ALL_DAYS });
  await expect(page).toHaveURL(/\/dashboard$/);
  await controlled(page);

  // Opened the way a user does: the Now card's Start on the dashboard (the 10:00 break, whatever the
  // hour: next, due, or the first win from before joining; the router fetches its data; the worker
  // keeps the page as well).
  await page.getByTestId("now-card").locator('a[href="/break/0"]').click();
  await page.waitForURL("**/break/0");
  const heading = page.getByRole("heading", { level: 1, name: /^Your \d+-Minute Movement Break$/ });
  await expect(heading).toBeVisible();
  await expect.poll(() => page.evaluate(async () => !!(await caches.match(`${location.origin}/break/0`)))).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(heading).toBeVisible();
    const timer = page.getByRole("timer");
    const start = (await timer.textContent())!;
    // Hydrated from the cached build files: the timer runs.
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(timer).not.toHaveText(start, { timeout: 5000 });
    await screenshotAt(page, "pwa-break-offline", 375, testInfo);

    // A page never opened here: the offline page, with the way back.
    await page.goto("/history");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole("link", { name: "Back to Today" })).toHaveAttribute("href", "/dashboard");
    // "Try again" is this address again: back online, it is the page asked for.
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "");
    await expectNoAxeViolations(page);
    await screenshotAt(page, "pwa-offline-page", 375, testInfo);
  } finally {
    await context.setOffline(false);
  }
  expect(violations).toEqual([]);
});

/** A local push service: records what it is sent, answers 201. */
async function pushService() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST")
        received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(PUSH_PORT, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Headless Chromium has no push service: the browser's side is stubbed with a subscription on the
 * local one (a real P-256 key and auth secret, so the server can encrypt to it) and permission.
 */
async function stubBrowserPush(page: Page, endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
  await page.addInitScript(
    ({ endpoint, keys }) => {
      let permission: NotificationPermission = "default";
      let current: PushSubscription | null = null;
      Object.defineProperty(Notification, "permission", { get: () => permission });
      Notification.requestPermission = async () => (permission = "granted");
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        current = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint, keys },
  );
}

test("Settings' notifications on devices (under Email & Notifications): turn on, a test notification through the push service, remove; axe clean at 375 and 1280 px", async ({
  page,
  login,
}, testInfo) => {
  test.slow();
  const service = await pushService();
  try {
    const endpoint = `http://127.0.0.1:${PUSH_PORT}/push/${randomUUID()}`;
    await stubBrowserPush(page, endpoint);
    const violations = await watchCsp(page);
    await login.signInOnboarded(uniqueEmail("pwa-push"));
    await page.goto("/settings");
    const card = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { level: 3, name: "Email & Notifications" }) });
    const channels = card.getByRole("radiogroup", { name: "Remind me by" });
    const turnOn = card.getByRole("button", { name: "Turn on notifications on this device" });
    // By email (a new user's channel) and no device yet: nothing about devices.
    await expect(page.locator("input[type=hidden][name=timezone]")).toHaveCount(1);
    await expect(card.getByRole("heading", { name: "This Device" })).toHaveCount(0);
    await expect(turnOn).toHaveCount(0);
    await channels.getByRole("radio", { name: "Notifications", exact: true }).check();
    await expect(turnOn).toBeVisible();
    await expect(card.getByText("Notifications are off on this device.")).toBeVisible();
    await expect(card.getByText("No device gets notifications yet.")).toBeVisible();
    // Nothing to test before a device is on.
    await expect(card.getByRole("button", { name: "Send a test notification" })).toHaveCount(0);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await card.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await card.screenshot({ path: testInfo.outputPath(`pwa-card-off-${width}.png`) });
    }

    // The install prompt, when the browser offers one.
    await page.evaluate(() => {
      const e = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(e);
    });
    const installButton = card.getByRole("button", { name: "Install Limber" });
    await expect(installButton).toBeVisible();

    // Turn on: the device is listed, named by the server from the user agent. The worker the shell
    // registered is installed first: on a loaded CI machine its install took longer than the toast's wait.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" }); // as the card would
      await navigator.serviceWorker.ready;
    });
    await turnOn.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Notifications are on" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card.getByText("This device gets a notification at each of your breaks.")).toBeVisible();
    const turnOff = card.getByRole("button", { name: "Turn off on this device" });
    await expect(turnOff).toBeFocused(); // the same button, relabelled
    const items = card.getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(/^(Chrome|A browser)/);
    await expect(items.first()).toContainText("This device");
    await expect(items.first()).toContainText(/Added .+Not used yet/);
    // Issue 33: "Remind me by" (in the "Email & Notifications" card) is true for a user with a
    // device on: e-mail only, that device gets no break reminders; Both names it.
    await channels.getByRole("radio", { name: "Email", exact: true }).check(); // back as saved: the device part stays
    await expect(turnOff).toBeVisible();
    await expect(channels).toHaveAccessibleDescription(
      "Reminders go by email only, so your 1 device with notifications on gets no break reminders. Choose Notifications or Both to get them there.",
    );
    await expect(channels.getByText("on your 1 device")).toBeVisible();
    await channels.getByRole("radio", { name: "Both", exact: true }).check();
    await expect(channels).toHaveAccessibleDescription(
      "Each reminder goes to your 1 device with notifications on and by email.",
    );
    await channels.getByRole("radio", { name: "Email", exact: true }).check(); // back as saved: nothing to save

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await card.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await card.screenshot({ path: testInfo.outputPath(`pwa-card-on-${width}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotAt(page, "pwa-settings", width, testInfo);
    }

    // A test notification: one POST to the push service, encrypted (aes128gcm) and VAPID-signed.
    const send = card.getByRole("button", { name: "Send a test notification" });
    await send.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Test notification sent" })).toBeVisible();
    await expect(page.getByText("Sent to 1 device. It should arrive in a few seconds.")).toBeVisible();
    expect(service.received).toHaveLength(1);
    const [message] = service.received;
    expect(message!.path).toBe(new URL(endpoint).pathname);
    expect(message!.headers["content-encoding"]).toBe("aes128gcm");
    expect(message!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(message!.body.length).toBeGreaterThan(86); // header (86 bytes with the key) + ciphertext
    expect(message!.body.includes(Buffer.from("Notifications are on"))).toBe(false);

    // Install: the browser's prompt, accepted.
    await installButton.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Limber is installed" })).toBeVisible();
    await expect(installButton).toBeHidden();

    // Remove, by keyboard: the list is empty, this device is off, the focus on the list's heading.
    const remove = items.first().getByRole("button", { name: /^Remove (Chrome|A browser)/ });
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Device removed" })).toBeVisible();
    await expect(card.getByText("No device gets notifications yet.")).toBeVisible();
    await expect(card.getByRole("heading", { level: 4, name: "Your Devices" })).toBeFocused();
    await expect(card.getByText("Notifications are off on this device.")).toBeVisible();
    const list = await page.request.get("/api/user/push/subscriptions");
    expect((await list.json()).devices).toEqual([]);
    expect(violations).toEqual([]);
  } finally {
    await service.close();
  }
});

test("the card explains what a device cannot do: iPhone outside the Home Screen, notifications blocked", async ({
  page,
  login,
  browser,
}, testInfo) => {
  await login.signInOnboarded(uniqueEmail("pwa-ios"));
  const storageState = await page.context().storageState();
  const cases = [
    {
      name: "ios",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      // Safari outside the Home Screen has no Web Push.
      init: () => void delete (window as { PushManager?: unknown }).PushManager,
      text: "To get notifications on iPhone or iPad, add Limber to your Home Screen: tap Share, then Add to Home Screen, and open it from there.",
    },
    {
      name: "denied",
      userAgent: undefined,
      init: () => Object.defineProperty(Notification, "permission", { get: () => "denied" }),
      text: "Notifications are blocked for Limber in this browser.",
    },
  ];
  for (const c of cases) {
    const context = await browser.newContext({
      baseURL: E2E_ENV.APP_URL,
      storageState,
      userAgent: c.userAgent,
      viewport: { width: 375, height: 812 },
      timezoneId: "UTC",
    });
    try {
      const p = await context.newPage();
      await p.addInitScript(c.init);
      await p.goto("/settings");
      const card = p
        .locator("section")
        .filter({ has: p.getByRole("heading", { level: 3, name: "Email & Notifications" }) });
      await card
        .getByRole("radiogroup", { name: "Remind me by" })
        .getByRole("radio", { name: "Notifications" })
        .check();
      await expect(card.getByText(c.text)).toBeVisible();
      await expect(card.getByRole("button", { name: /^Turn (on|off)/ })).toHaveCount(0);
      await expectNoAxeViolations(p);
      await card.screenshot({ path: testInfo.outputPath(`pwa-card-${c.name}-375.png`) });
    } finally {
      await context.close();
    }
  }
});
