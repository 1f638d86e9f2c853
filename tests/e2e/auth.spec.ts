import {
  expect,
  expectNoAxeViolations,
  outbox,
  screenshotAt,
  test,
  uniqueEmail,
  waitForCode,
} from "./support/fixtures";

test.describe("sign-in", () => {
  test("the first HTML response already holds the login form", async ({ request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("Get Started");
    expect(html).not.toContain("Loading your movement profile...");
  });

  test("a new user signs in with the code from the outbox and lands in the shell", async ({ page, login }) => {
    const email = uniqueEmail("newuser");
    await login.goto();
    await expect(page.getByText("100% free. No ads.")).toBeVisible();

    await login.email().fill("not an email");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();

    await login.requestCode(email);
    await expect(page.getByText("Verification code sent!")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const code = await waitForCode(email);

    // a wrong code: toast, the field is cleared, still on step 2
    await login.enterCode(code === "000000" ? "111111" : "000000");
    await expect(page.getByText("Verification failed")).toBeVisible();
    // beside the field too, not only in the toast
    await expect(page.locator("[data-slot=form-message]")).toHaveText("Invalid verification code");
    // and what to do next, in place of the first-time hint
    await expect(
      page.getByText("Type the code from the newest email again, or send yourself a new code below."),
    ).toBeVisible();
    await expect(page.getByText(/Check your spam or junk folder/)).toHaveCount(0);
    await expect(login.code()).toHaveValue("");

    await login.enterCode(code);
    // A new user is sent on to onboarding (after /dashboard): one task in the public frame (the
    // logo and Logout, no app navigation at any width).
    await page.waitForURL("**/welcome");
    await expect(page.getByRole("heading", { name: "Let's loosen up" })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Limber")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/welcome$/);
    // Set up, the signed-in shell: the avatar (first letter of the e-mail) opens the account menu.
    await login.finishOnboarding();
    const avatar = page.getByRole("button", { name: `Account menu, signed in as ${email}` });
    await expect(avatar).toHaveText(email[0]!.toUpperCase());
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByText("AI")).toHaveCount(0);
    // At 1280 px Feedback is in the avatar's menu (tests/e2e/shell.spec.ts has the phone's tab bar).
    await avatar.click();
    const feedback = page.getByRole("menuitem", { name: "Feedback" });
    await expect(feedback).toHaveAttribute("target", "_blank");
    await expect(feedback).toHaveAttribute("href", "https://forms.example.com/limber-feedback");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Privacy and Disclaimer" })).toHaveAttribute("target", "_blank");
  });

  test("'Try a different email' returns to step 1", async ({ page, login }) => {
    await login.goto();
    await login.requestCode(uniqueEmail("first"));
    await page.getByRole("button", { name: "Try a different email" }).click();
    await expect(login.email()).toBeVisible();
    const second = uniqueEmail("second");
    await login.requestCode(second);
    await expect(page.getByText(second)).toBeVisible();
    expect((await outbox()).some((m) => m.to === second)).toBe(true);
  });

  test("logout ends the session and protected pages redirect to /", async ({ page, login }) => {
    await login.signInOnboarded(uniqueEmail("logout"));
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    const res = await page.goto("/settings");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(res?.status()).toBe(200);
    const api = await page.request.get("/api/auth/user");
    expect(api.status()).toBe(401);
  });
});

test.describe("routing rules", () => {
  test("signed out: the app's pages redirect to / with a real redirect; public pages render, unknown ones are a 404", async ({
    request,
    page,
  }) => {
    // /login too: the spec sends the browser there after an account is deleted (the login screen is /).
    for (const path of ["/settings", "/dashboard", "/history", "/welcome", "/admin", "/owner-unlock", "/login"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect([302, 307], path).toContain(res.status());
      expect(new URL(res.headers()["location"]!, "http://x").pathname, path).toBe("/");
    }
    for (const path of ["/", "/disclaimer", "/verify", "/email-test"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
    }
    // Issue 33: an unknown page (or a guessed /privacy) is the 404 page, not a bounce to sign-in.
    for (const path of ["/some/unknown/page", "/privacy"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain("Page Not Found");
    }
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Login" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });

  test("signed in: unknown paths show 'Page Not Found'; / shows the dashboard; disclaimer goes back to the dashboard", async ({
    page,
    login,
  }) => {
    await login.signInOnboarded(uniqueEmail("routes"));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    await page.goto("/disclaimer");
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  });

  test("signed in, / is the dashboard at its own URL; a session cookie that opens no session lands on login once, cleared", async ({
    page,
    context,
    login,
    baseURL,
  }) => {
    await login.signInOnboarded(uniqueEmail("home"));
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    // The session ends elsewhere (here: its cookie is replaced by one the server does not know).
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.endsWith("limber.session_token"))!;
    await context.addCookies([{ ...session, value: "not-a-session.c2lnbmF0dXJl" }]);
    const redirects: string[] = [];
    // The page's own navigations only: the old dashboard's link prefetches (now redirected too)
    // may still be in flight.
    page.on("response", (r) => {
      if (r.status() >= 300 && r.status() < 400 && r.request().resourceType() === "document")
        redirects.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(redirects).toEqual(["/", "/api/auth/expired"]); // one pass through the cookie-clearing route, no loop
    expect((await context.cookies(baseURL)).some((c) => c.name.endsWith("limber.session_token"))).toBe(false);
  });

  test("the verify notice explains, toasts and returns to / after 2 s", async ({ page }) => {
    await page.goto("/verify");
    await expect(page.getByRole("heading", { name: "Redirecting to Login" })).toBeVisible();
    await expect(page.getByText("Authentication method changed")).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 5000 });
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });

  test("the privacy page lists what is stored, why and for how long; axe clean", async ({ page }) => {
    await page.goto("/disclaimer");
    for (const what of ["Your email address", "Sign-in sessions", "Login codes", "Security log", "Abuse counters"]) {
      await expect(page.getByRole("term").filter({ hasText: what })).toBeVisible();
    }
    await expect(page.getByText("No IP address or browser is kept.")).toBeVisible();
    await expect(page.getByText("Entries 365 days; their IP addresses 30 days.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the disclaimer goes back to login when signed out", async ({ page }) => {
    await page.goto("/disclaimer");
    await expect(page.getByText("not medical advice")).toBeVisible();
    await page.getByRole("link", { name: "Back to Login" }).click();
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
  });
});

test.describe("email test page", () => {
  test("sends a test e-mail and shows the answer", async ({ page }) => {
    const email = uniqueEmail("emailtest");
    await page.goto("/email-test");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByText(`Test email sent to ${email}`)).toBeVisible();
    expect((await outbox()).filter((m) => m.to === email)).toHaveLength(1);
  });
});

test.describe("accessibility and screenshots", () => {
  for (const path of ["/", "/disclaimer", "/email-test"]) {
    test(`axe finds no WCAG 2 A/AA violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);
    });
  }

  test("login step 2 has no axe violations", async ({ page, login }) => {
    await login.goto();
    await login.requestCode(uniqueEmail("axe"));
    await expectNoAxeViolations(page);
  });

  test("login screen at 375 px and 1280 px", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get Started" })).toBeVisible();
    await screenshotAt(page, "login", 375, testInfo);
    await screenshotAt(page, "login", 1280, testInfo);
  });
});
