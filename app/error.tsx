"use client";

import { ErrorScreen } from "@/components/errors/error-screen";

// A page that threw while rendering (a fault, or the database away: components/errors/error-screen.tsx).
export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  return <ErrorScreen error={error} />;
}
