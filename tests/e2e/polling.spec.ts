// The refetch rules that no longer run on TanStack Query (components/providers/use-polling.ts): the
// dashboard loads its numbers on open and every 30 s, today's breaks every 30 s, and the shell asks
// again whether the session is alive whenever the page is shown again.
import { expect, test, uniqueEmail } from "./support/fixtures";

test("the dashboard refetches on open and every 30 s; the shell re-checks the session when the page is shown again", async ({
  page,
  login,
}) => {
  await login.signInOnboarded(uniqueEmail("polling"));
  await page.goto("about:blank"); // the sign-in's own dashboard visit must not count below
  const calls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith("/api/")) calls.push(path);
  });
  await page.clock.install();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
  await expect.poll(() => calls.filter((p) => p === "/api/user/dashboard").length).toBe(1); // on open
  expect(calls).not.toContain("/api/auth/user"); // the server has just checked the session

  calls.length = 0;
  await page.clock.runFor(30_000);
  await expect.poll(() => calls.filter((p) => p === "/api/user/dashboard").length).toBe(1);
  await expect.poll(() => calls.filter((p) => p === "/api/user/today").length).toBe(1);

  // The session ends elsewhere; showing the page again finds out and goes to the login screen.
  expect((await page.request.post("/api/auth/logout")).status()).toBe(200);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await page.waitForURL((url) => url.pathname === "/");
  expect(calls).toContain("/api/auth/user");
  await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
});
