import { expect, test, uniqueEmail } from "./support/fixtures";

// Signed out: the public pages render, the app's others redirect to /, unknown paths are a 404.
const PAGES = [
  "/",
  "/disclaimer",
  "/email-test",
  "/verify",
  "/done?t=x",
  "/unsubscribe?t=x",
  "/settings",
  "/history",
  "/no-such-page",
];

test("every page, call and static file carries the security headers", async ({ request }) => {
  // A script chunk the login page loads: static files carry the headers too.
  const chunk = (await (await request.get("/")).text()).match(/<script src="(\/_next\/static\/[^"]+\.js)"/)![1]!;
  for (const path of [...PAGES, "/api/auth/user", `/api/calendar/${"A".repeat(22)}.ics`, "/icon.svg", chunk]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    // One policy per response: pages get the nonce policy (proxy.ts), the rest the static one.
    expect(
      res.headersArray().filter((x) => x.name.toLowerCase() === "content-security-policy"),
      path,
    ).toHaveLength(1);
    const csp = h["content-security-policy"]!;
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("base-uri 'none'");
    // Plugins are off everywhere: explicitly on pages, through default-src 'none' elsewhere.
    expect(csp, path).toMatch(/(^|; )(object-src|default-src) 'none'(;|$)/);
    // A rendered page (the 404 page of an unknown path too) has the nonce policy; a redirect does not.
    if ([200, 404].includes(res.status()) && h["content-type"]?.startsWith("text/html")) {
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
      expect(csp, path).toContain("object-src 'none'");
    } else {
      expect(csp, path).toContain("default-src 'none'");
    }
    expect(h["cross-origin-opener-policy"], path).toBe("same-origin");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["x-frame-options"], path).toBe("DENY");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"], path).toBe("camera=(), microphone=(), geolocation=()");
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
