"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { isActivePath } from "@/lib/routes";

/** A bottom-navigation link that marks itself current; its content and classes come from the server. */
export function NavLink({
  href,
  className,
  activeClassName,
  activeExtra,
  children,
}: {
  href: string;
  className: string;
  activeClassName: string;
  /** Shown only while this item is current (the Settings "AI" badge). */
  activeExtra?: ReactNode;
  children: ReactNode;
}) {
  const active = isActivePath(usePathname(), href);
  return (
    <IntentLink href={href} aria-current={active ? "page" : undefined} className={active ? activeClassName : className}>
      {children}
      {active && activeExtra}
    </IntentLink>
  );
}
