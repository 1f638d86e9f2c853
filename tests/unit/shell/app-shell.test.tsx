// The shell's markup for a path: which navigation holds what, and the Settings 'AI' badge (shown
// only while Settings is the current page, and only when a model is configured).
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

let pathname = "/dashboard";
vi.mock("next/navigation", () => ({
  usePathname: () => pathname,
  useRouter: () => ({ push() {}, replace() {}, prefetch() {} }),
}));

const { AppShell } = await import("@/components/shell/app-shell");

function render(path: string, aiEnabled: boolean) {
  pathname = path;
  const html = renderToStaticMarkup(
    <AppShell
      user={{ email: "sam@example.com" }}
      feedbackUrl="https://forms.example.com/f"
      isSpecialUser={false}
      aiEnabled={aiEnabled}
    >
      <p>page</p>
    </AppShell>,
  );
  const navs = [...html.matchAll(/<nav aria-label="Main"[^>]*>[\s\S]*?<\/nav>/g)].map((m) => m[0]);
  const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  const top = navs.find((n) => header.includes(n))!;
  const tabs = navs.find((n) => !header.includes(n))!;
  return { html, header, top, tabs };
}

const text = (markup: string) => markup.replace(/<[^>]+>/g, "");
const labels = (nav: string) =>
  [...nav.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!).replace("AI", "").trim());
/** The <a ...>...</a> holding `marker`. */
const linkAround = (markup: string, marker: string) => {
  const at = markup.indexOf(marker);
  const open = markup.lastIndexOf("<a ", at);
  return markup.slice(open, markup.indexOf("</a>", at) + 4);
};

describe("the shell's navigation", () => {
  beforeEach(() => {
    pathname = "/dashboard";
  });

  it("a top bar (from 640 px) with Today, History, Settings; the phone's four tabs below it", () => {
    const { top, tabs } = render("/dashboard", false);
    expect(top).toMatch(/^<nav aria-label="Main" class="hidden sm:block"/);
    expect(labels(top)).toEqual(["Today", "History", "Settings"]);
    expect(tabs).toMatch(/^<nav[^>]*class="[^"]*\bsm:hidden\b/);
    expect(labels(tabs)).toEqual(["Today", "History", "Settings", "Menu"]);
    expect(tabs).toContain("env(safe-area-inset-bottom)");
    // The Menu's sheet is an empty, closed <dialog> until opened (tests/e2e/appearance.spec.ts opens it).
    expect(tabs).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*aria-expanded="false"/);
    expect(tabs).toMatch(/<dialog[^>]*><\/dialog>/);
  });

  it("no tab bar during onboarding (/welcome); the top bar stays", () => {
    const { html, header } = render("/welcome", false);
    const navs = html.match(/<nav aria-label="Main"/g) ?? [];
    expect(navs).toHaveLength(1);
    expect(header).toContain('<nav aria-label="Main" class="hidden sm:block"');
  });

  it("the avatar is a menu button in the header, not a picture", () => {
    const { header } = render("/dashboard", false);
    const avatar = header.match(/<button[^>]*aria-haspopup="menu"[^>]*>[\s\S]*?<\/button>/)![0];
    expect(avatar).toContain('aria-label="Account menu, signed in as sam@example.com"');
    expect(avatar).toContain('aria-expanded="false"');
    expect(text(avatar)).toBe("S");
    expect(header).not.toContain('role="img"');
  });

  it("no 'AI' badge without a model, on any page", () => {
    for (const path of ["/dashboard", "/settings"]) {
      const { html } = render(path, false);
      expect(text(html)).not.toContain("AI");
      expect(html).not.toContain('data-badge="ai"');
    }
  });

  it("with a model, the badge sits on the current Settings item only: beside its icon in the tab bar, its label in the top bar", () => {
    expect(render("/dashboard", true).html).not.toContain('data-badge="ai"');
    const { top, tabs } = render("/settings", true);
    const tabLink = linkAround(tabs, 'data-badge="ai"');
    expect(tabLink).toContain('href="/settings"');
    expect(tabLink).toContain('aria-current="page"');
    // Anchored to the item's centre, where its icon is, not to the item's far edge.
    const tabBadge = tabLink.match(/<span data-badge="ai" class="([^"]*)"/)![1]!;
    expect(tabBadge).toContain("left-1/2");
    expect(tabBadge).not.toMatch(/\bright-/);
    const topLink = linkAround(top, 'data-badge="ai"');
    expect(topLink).toContain('href="/settings"');
    expect(text(topLink)).toBe("SettingsAI");
  });
});
