import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { TYPED_EARLY_SCRIPT } from "@/components/forms/typed-early";
import { THEME_COLOR, THEME_SCRIPT } from "@/components/shell/theme";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { PRODUCT_NAME } from "@/lib/brand";
import { NONCE_HEADER } from "@/lib/security-headers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: "Short movement breaks by e-mail, on your schedule. Free, no ads.",
  icons: { icon: "/icon.svg", apple: "/icons/apple-touch-icon.png" },
  // Installable (app/manifest.ts). On iOS, opened from the Home Screen it runs standalone, which
  // Web Push needs there; Next writes the standard meta, older iOS reads only the apple- one.
  manifest: "/manifest.webmanifest",
  appleWebApp: { capable: true, title: PRODUCT_NAME, statusBarStyle: "default" },
  other: { "apple-mobile-web-app-capable": "yes" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  // Light: the brand teal (--primary), as in the manifest; dark: the dark theme's page background.
  // Both in the HTML, so the browser's bar matches the system setting before any script runs.
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#0e6f68" },
    { media: "(prefers-color-scheme: dark)", color: THEME_COLOR.dark },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next.js can put this request's CSP nonce (proxy.ts) on
  // its scripts; a prerendered page would carry scripts the strict policy blocks. (not-found.tsx's
  // session read makes every page dynamic today; this keeps it so if that changes.) Our one inline
  // <script>, the theme's, takes this request's nonce from proxy.ts's x-nonce header.
  await connection();
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    // The theme script sets class and color-scheme on <html> before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Before first paint: the device's theme choice (components/shell/theme.ts), no flash of light;
            and what is typed before hydration, kept for the forms (components/forms/typed-early.ts). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: `${THEME_SCRIPT};${TYPED_EARLY_SCRIPT}` }}
        />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {children}
        {/* sonner comes with the first toast. TanStack Query is only on the pages that use it (QueryProvider). */}
        <LazyToaster />
      </body>
    </html>
  );
}
