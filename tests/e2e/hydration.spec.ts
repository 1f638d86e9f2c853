// Nothing typed is lost to a slow page (issue 33): a time typed on /welcome before React has
// hydrated the form (React resets a controlled input when it hydrates) is kept, shown and saved.
import { expect, test, uniqueEmail } from "./support/fixtures";

test("a break time typed before the page is interactive is kept and saved", async ({ page, login }) => {
  test.slow();
  await login.signIn(uniqueEmail("typed-early"));
  await page.waitForURL("**/welcome");
  // Hold the page's scripts back until the time is typed: the slow phone, made certain.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/welcome", { waitUntil: "domcontentloaded" });
  const first = page.getByLabel("First break time");
  await first.fill("07:50");
  const hydrated = () =>
    page.evaluate(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__react")));
  expect(await hydrated()).toBe(false);
  release();
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__react")),
  );
  await expect(first).toHaveValue("07:50");
  // Still there once the effects have run, and it is what gets saved.
  await page.waitForTimeout(500);
  await expect(first).toHaveValue("07:50");
  await page.unroute(/\/_next\/static\/chunks\/.*\.js/);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Start My Streak" }).click();
  await page.waitForURL("**/dashboard");
  const settings = await (await page.request.get("/api/user/settings")).json();
  expect(settings.times[0]).toBe("07:50");
});
