"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Renders its (server-drawn) children except on the given paths: no tab bar during onboarding. */
export function HideOnPaths({ paths, children }: { paths: readonly string[]; children: ReactNode }) {
  return paths.includes(usePathname()) ? null : <>{children}</>;
}
