// The signed-in frame, rendered on the server; the client islands are the current nav item
// (NavLink), the logout button and the session re-check on focus (AuthGate).
import { CalendarCheck, LogOut, MessageSquareHeart, Settings, ShieldCheck } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { AVATAR_FALLBACK } from "@/lib/constants";
import { cn } from "@/lib/utils";
import { AuthGate, type AuthUser } from "./auth-gate";
import { LogoutButton } from "./logout-button";
import { Brand } from "./logo";
import { NavLink } from "./nav-link";

export interface ShellProps {
  user: AuthUser;
  feedbackUrl: string;
  /** The spec's special user (ADMIN_EMAIL): sees a link to the owner console. */
  isSpecialUser: boolean;
  children: ReactNode;
}

const navItem =
  "relative flex min-h-14 flex-1 flex-col items-center justify-center gap-1 rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function AppShell({ user, feedbackUrl, isSpecialUser, children }: ShellProps) {
  const letter = (user.email.trim()[0] ?? AVATAR_FALLBACK).toUpperCase();
  const items = [
    { href: "/dashboard", label: "Today", icon: CalendarCheck },
    { href: "/settings", label: "Settings", icon: Settings, badge: "AI" },
  ];
  return (
    <AuthGate>
      <div className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
          <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
            <Link href="/dashboard" className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <Brand />
            </Link>
            <div className="flex items-center gap-3">
              {isSpecialUser && (
                <Link
                  href="/admin"
                  className="flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <ShieldCheck className="size-4" aria-hidden="true" />
                  Console
                </Link>
              )}
              <span
                className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                title={user.email}
                aria-label={`Signed in as ${user.email}`}
                role="img"
              >
                {letter}
              </span>
            </div>
          </div>
        </header>

        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-32">
          {children}
          <footer className="mt-10 text-center text-sm">
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

        <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
          <ul className="mx-auto flex max-w-3xl items-stretch gap-1 px-2 py-1">
            {items.map(({ href, label, icon: Icon, badge }) => (
              <li key={href} className="flex flex-1">
                <NavLink
                  href={href}
                  className={navItem}
                  activeClassName={cn(navItem, "text-primary")}
                  activeExtra={badge && <Badge className="absolute top-1 right-2 h-4 px-1 text-[10px] leading-none">{badge}</Badge>}
                >
                  <Icon className="size-5" aria-hidden="true" />
                  <span>{label}</span>
                </NavLink>
              </li>
            ))}
            <li className="flex flex-1">
              <a href={feedbackUrl} target="_blank" rel="noopener noreferrer" className={navItem}>
                <MessageSquareHeart className="size-5" aria-hidden="true" />
                <span>Feedback</span>
              </a>
            </li>
            <li className="flex flex-1">
              <LogoutButton className={navItem}>
                <LogOut className="size-5" aria-hidden="true" />
                <span>Logout</span>
              </LogoutButton>
            </li>
          </ul>
        </nav>
      </div>
    </AuthGate>
  );
}
