import { expect, test, uniqueEmail } from "./support/fixtures";

const PAGES = ["/", "/disclaimer", "/email-test", "/verify", "/done?t=x", "/unsubscribe?t=x", "/settings", "/no-such-page"];

test("every page and call carries the security headers", async ({ request }) => {
  for (const path of [...PAGES, "/api/auth/user"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"], path).toContain("object-src 'none'");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["x-frame-options"], path).toBe("DENY");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    // The e2e server is a production build, so HSTS is on.
    expect(h["strict-transport-security"], path).toMatch(/max-age=\d+/);
    expect(h["x-powered-by"], path).toBeUndefined();
  }
});

test("session and login cookies are httpOnly and SameSite", async ({ page, login }) => {
  const email = uniqueEmail("cookies");
  await login.signIn(email);
  await page.waitForURL("**/welcome");
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith("limber.session_token"))!;
  expect(session.httpOnly).toBe(true);
  expect(session.sameSite).toBe("Lax");
  expect(session.path).toBe("/");
  // Not readable from page scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
});
