// Every page in app/ is either public on purpose or one the proxy sends signed-out visitors away
// from (lib/routes.ts): a new page that needs a session fails here until it is listed there.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { redirectsToLogin } from "@/lib/routes";

const APP = join(process.cwd(), "app");

/** The URL path of each page.tsx under app/ (route groups such as "(app)" are not in the URL). */
function pagePaths(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === "api" ? [] : pagePaths(full);
    if (e.name !== "page.tsx") return [];
    const segments = relative(APP, dir)
      .split(sep)
      .filter((s) => s && !/^\(.*\)$/.test(s));
    return [`/${segments.join("/")}`];
  });
}

/** Pages a signed-out visitor may open: each checks what it needs (a signed link, or nothing). */
const PUBLIC = [
  "/",
  "/verify",
  "/email-test",
  "/disclaimer",
  "/done",
  "/skip",
  "/snooze",
  "/unsubscribe",
  "/break/[slot]",
];

describe("pages against the proxy's list (lib/routes.ts)", () => {
  const pages = pagePaths();

  it("finds the app's pages", () => {
    expect(pages).toContain("/dashboard");
    expect(pages).toContain("/break/[slot]");
    expect(pages.length).toBeGreaterThanOrEqual(PUBLIC.length + 6);
  });

  it.each(pagePaths())("%s is public on purpose, or sends a signed-out visitor to sign in", (path) => {
    const concrete = path.replace(/\[[^\]]+\]/g, "x");
    if (PUBLIC.includes(path)) expect(redirectsToLogin(concrete, false)).toBe(false);
    else expect(redirectsToLogin(concrete, false)).toBe(true);
    // Signed in, no page is bounced (only the old /login address is).
    expect(redirectsToLogin(concrete, true)).toBe(false);
  });

  it("every public page in the list still exists", () => {
    for (const p of PUBLIC) expect(pages).toContain(p);
  });
});
