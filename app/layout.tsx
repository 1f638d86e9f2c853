import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { PRODUCT_NAME } from "@/lib/brand";
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
  // The brand teal (--primary), as in the manifest.
  themeColor: "#0e6f68",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next.js can put this request's CSP nonce (proxy.ts) on
  // its scripts; a prerendered page would carry scripts the strict policy blocks. (not-found.tsx's
  // session read makes every page dynamic today; this keeps it so if that changes.) An inline
  // <script> of ours would take the nonce from (await headers()).get("x-nonce").
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {children}
        {/* sonner comes with the first toast. TanStack Query is only on the pages that use it (QueryProvider). */}
        <LazyToaster />
      </body>
    </html>
  );
}
