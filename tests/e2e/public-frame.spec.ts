// The pages outside the app shell share one frame (components/shell/public-frame.tsx): the logo
// at the same place and size on every one of them, at a phone's and a laptop's width, and where the
// signed-in app shell has it, so it never jumps from page to page. /welcome is drawn in the same
// frame at both widths (no app navigation during onboarding, at any width).
import { expect, test, uniqueEmail } from "./support/fixtures";
import { expectSameBox, logoBox, type Box } from "./support/logo";

const WIDTHS = [375, 1280] as const;

/** Pages a visitor opens without a session (the e-mail's link pages here without their token). */
const SIGNED_OUT = ["/", "/email-test", "/disclaimer", "/no-such-page", "/done", "/snooze", "/skip", "/unsubscribe"];

test("the logo is at the same place and size on every public page, on /welcome, /owner-unlock, in the app shell and on the guided break", async ({
  page,
  login,
}) => {
  test.slow(); // a sign-in and a dozen pages at two widths
  const boxes = new Map(WIDTHS.map((w) => [w, new Map<string, Box>()]));
  const measure = async (path: string, label = path) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      boxes.get(width)!.set(label, await logoBox(page, label));
    }
  };

  for (const path of SIGNED_OUT) {
    await page.goto(path);
    await measure(path);
  }
  // /verify goes back to the login after 2 s: measured at one width, as soon as it is shown.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/verify");
  await expect(page.getByRole("heading", { name: "Redirecting to Login" })).toBeVisible();
  boxes.get(375)!.set("/verify", await logoBox(page, "/verify"));

  await login.signIn(uniqueEmail("frame"));
  await page.waitForURL("**/welcome");
  await measure("/welcome");
  await page.goto("/owner-unlock");
  await expect(page.getByRole("heading", { name: "Owner Console", level: 1 })).toBeVisible();
  await measure("/owner-unlock");
  await login.finishOnboarding();
  await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
  await measure("/dashboard", "/dashboard (app shell)");
  // The guided break's own frame (no app navigation) keeps the logo where the app shell has it.
  await page.goto("/break/0");
  await expect(page.getByRole("link", { name: "Close" })).toBeVisible();
  await measure("/break/0", "/break/0 (focus frame)");

  for (const width of WIDTHS) expectSameBox(boxes.get(width)!);
});

test("/welcome is one frame at both widths: the logo, Logout and the form, no app navigation", async ({
  page,
  login,
}) => {
  await login.signIn(uniqueEmail("welcome-frame"));
  await page.waitForURL("**/welcome");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await expect(page.getByRole("heading", { name: "Let's loosen up" })).toBeVisible();
    await expect(page.locator('header[data-frame="public"]')).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Account menu/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  }
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
});

test("the login page at 1280 px puts its pitch beside the card; at 375 px they stack", async ({ page }) => {
  await page.goto("/");
  const card = page.locator("[data-slot='card']").filter({ has: page.getByRole("button", { name: "Get Started" }) });
  const heading = page.getByRole("heading", { level: 1 });
  const benefits = page.getByRole("list", { name: "Why people use it" });
  await page.setViewportSize({ width: 1280, height: 800 });
  const [h, c, b] = await Promise.all([heading.boundingBox(), card.boundingBox(), benefits.boundingBox()]);
  expect(c!.x, "card right of the heading").toBeGreaterThan(h!.x + h!.width);
  expect(c!.x, "card right of the benefits").toBeGreaterThan(b!.x + b!.width);
  // The first screen holds the pitch, the card and the benefits.
  expect(Math.max(c!.y + c!.height, b!.y + b!.height)).toBeLessThanOrEqual(800);

  await page.setViewportSize({ width: 375, height: 812 });
  const [h2, c2, b2] = await Promise.all([heading.boundingBox(), card.boundingBox(), benefits.boundingBox()]);
  expect(c2!.y, "card below the heading").toBeGreaterThan(h2!.y + h2!.height);
  expect(b2!.y, "benefits below the card").toBeGreaterThan(c2!.y + c2!.height);
  await expect(page.getByText("100% free. No ads.")).toBeVisible();
});
