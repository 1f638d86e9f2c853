"use client";

// Client-side re-check of the session: the server already rendered the page for this user; this
// re-asks whenever the page is shown again and sends the visitor to login if the session has ended.
import { useEffect, useState, type ReactNode } from "react";
import { api, ApiError } from "@/components/providers/api-client";
import { usePolling } from "@/components/providers/use-polling";
import { LoadingScreen } from "./loading-screen";
import { loadPage } from "@/components/shell/load-page";

export interface AuthUser {
  email: string;
}

/** GET /api/auth/user: the user, or null for a 401 ("no user", not an error: spec section 4). */
async function fetchAuthUser(): Promise<AuthUser | null> {
  try {
    const { user } = await api<{ user: AuthUser }>("/api/auth/user");
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function AuthGate({ children }: { children: ReactNode }) {
  const [signedOut, setSignedOut] = useState(false);
  // Not on mount: the server has just checked the session to render this page (within the spec's
  // 10 minutes of freshness); on every return to the page, as before.
  usePolling(
    () => {
      fetchAuthUser().then(
        (user) => {
          if (user === null) setSignedOut(true);
        },
        (error) => console.error("Could not load the signed-in user", error),
      );
    },
    { onFocus: true },
  );
  useEffect(() => {
    if (signedOut) loadPage("/");
  }, [signedOut]);
  if (signedOut) return <LoadingScreen />;
  return <>{children}</>;
}
