"use client";

import { ErrorScreen } from "@/components/errors/error-screen";
import "./globals.css";

// The root layout itself failed: this replaces it, so it brings its own document and styles.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-background text-foreground antialiased">
        <ErrorScreen error={error} />
      </body>
    </html>
  );
}
