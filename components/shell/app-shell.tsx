// The signed-in frame, rendered on the server; the client islands are the current nav item
// (NavLink), the avatar's menu, the logout button and the session re-check on focus (AuthGate).
//
// Two layouts around one page: from Tailwind's `sm` (640 px) a top bar with Today, History and
// Settings and the avatar's menu (Feedback, Privacy, Logout); below it a fixed four-tab bar (Today,
// History, Settings, Menu), the Menu sheet holding Feedback, Privacy and Logout (README.md, "Phone
// navigation", says why these differ from the spec's four items). Both navigations are "Main"; only
// one is ever displayed.
import { CalendarCheck, History, Settings, ShieldCheck } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { RegisterServiceWorker } from "@/components/pwa/register-sw";
import { AVATAR_FALLBACK } from "@/components/constants";
import { cn } from "@/lib/utils";
import { AccountMenu } from "./account-menu";
import { AuthGate, type AuthUser } from "./auth-gate";
import { KeepFocusInView } from "./keep-focus-in-view";
import { Brand } from "./logo";
import { HideOnPaths } from "./hide-on-paths";
import { MenuSheet } from "./menu-sheet";
import { NavLink } from "./nav-link";
import { HEADER_ROW } from "./public-frame";

export interface ShellProps {
  user: AuthUser;
  feedbackUrl: string;
  /** The spec's special user (ADMIN_EMAIL): sees a link to the owner console. */
  isSpecialUser: boolean;
  /** A model is configured (env().aiEnabled): only then does Settings carry the 'AI' badge. */
  aiEnabled: boolean;
  /**
   * The page's column: "text" (most pages) or "wide" (the history heatmap and the owner console's
   * tables; as wide as the top bar, whose width never changes, so the logo never moves).
   */
  width?: "text" | "wide";
  children: ReactNode;
}

const ring = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

const tabItem = cn(
  "relative flex min-h-14 w-full flex-1 flex-col items-center justify-center gap-1 rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground",
  ring,
);
const topItem = cn(
  "flex h-9 items-center gap-2 rounded-full px-3.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
  ring,
);
const topItemActive = cn(
  topItem,
  "bg-secondary text-secondary-foreground hover:bg-secondary hover:text-secondary-foreground",
);

/** The Settings 'AI' badge: beside the icon in the tab bar, beside the label in the top bar. */
const aiBadge = "rounded-full bg-primary px-1.5 py-px text-[10px] leading-4 font-semibold text-primary-foreground";

export function AppShell({ user, feedbackUrl, isSpecialUser, aiEnabled, width = "text", children }: ShellProps) {
  const letter = (user.email.trim()[0] ?? AVATAR_FALLBACK).toUpperCase();
  const badge = (where: "tab" | "top") =>
    aiEnabled ? (
      <span data-badge="ai" className={cn(aiBadge, where === "tab" ? "absolute top-1.5 left-1/2 ml-2" : "-mr-1")}>
        AI
      </span>
    ) : undefined;
  return (
    <AuthGate>
      <div className="flex min-h-dvh flex-col">
        <header data-sticky="top" className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
          <div className={HEADER_ROW}>
            <IntentLink href="/dashboard" className={cn("rounded-md", ring)}>
              <Brand />
            </IntentLink>
            <nav aria-label="Main" className="hidden sm:block">
              <ul className="flex items-center gap-1">
                {[
                  { href: "/dashboard", label: "Today", icon: CalendarCheck },
                  { href: "/history", label: "History", icon: History },
                  { href: "/settings", label: "Settings", icon: Settings, ai: true },
                ].map(({ href, label, icon: Icon, ai }) => (
                  <li key={href}>
                    <NavLink
                      href={href}
                      className={topItem}
                      activeClassName={topItemActive}
                      activeExtra={ai ? badge("top") : undefined}
                    >
                      <Icon className="size-4" aria-hidden="true" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="ml-auto flex items-center gap-2">
              {isSpecialUser && (
                <IntentLink
                  href="/admin"
                  className={cn(
                    "flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary hover:underline",
                    ring,
                  )}
                >
                  <ShieldCheck className="size-4" aria-hidden="true" />
                  Console
                </IntentLink>
              )}
              {/* On phones the tab bar's Menu has these. */}
              <div className="hidden sm:block">
                <AccountMenu email={user.email} letter={letter} feedbackUrl={feedbackUrl} />
              </div>
            </div>
          </div>
        </header>

        <main
          id="main"
          className={cn(
            "mx-auto w-full flex-1 px-4 pt-6 pb-[calc(8rem+env(safe-area-inset-bottom))] sm:pb-12 md:pt-8",
            { text: "max-w-3xl", wide: "max-w-5xl" }[width],
          )}
        >
          {children}
          {/* On phones Privacy is in the tab bar's Menu. */}
          <footer className="mt-10 hidden text-center text-sm sm:block">
            <a
              href="/disclaimer"
              target="_blank"
              rel="noopener"
              className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
            >
              Privacy and Disclaimer
            </a>
          </footer>
        </main>

        {/* Not while onboarding: /welcome is one task to finish. */}
        <HideOnPaths paths={["/welcome"]}>
          <nav
            aria-label="Main"
            data-sticky="bottom"
            className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur sm:hidden"
          >
            <ul className="mx-auto flex max-w-3xl items-stretch gap-1 px-2 py-1">
              {[
                { href: "/dashboard", label: "Today", icon: CalendarCheck },
                { href: "/history", label: "History", icon: History },
                { href: "/settings", label: "Settings", icon: Settings, ai: true },
              ].map(({ href, label, icon: Icon, ai }) => (
                <li key={href} className="flex flex-1">
                  <NavLink
                    href={href}
                    className={tabItem}
                    activeClassName={cn(tabItem, "text-primary")}
                    activeExtra={ai ? badge("tab") : undefined}
                  >
                    <Icon className="size-5" aria-hidden="true" />
                    <span>{label}</span>
                  </NavLink>
                </li>
              ))}
              <li className="flex flex-1">
                <MenuSheet email={user.email} feedbackUrl={feedbackUrl} tabClassName={tabItem} />
              </li>
            </ul>
          </nav>
        </HideOnPaths>
      </div>
      <KeepFocusInView />
      <RegisterServiceWorker />
    </AuthGate>
  );
}
