"use client";

// Client-side re-check of the session: the server already rendered the page for this user; this
// re-asks when the window regains focus and sends the visitor to login if the session has ended.
import { useQuery } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { api, ApiError } from "@/lib/api-client";
import { AUTH_STALE_MS } from "@/lib/constants";
import { LoadingScreen } from "./loading-screen";

export interface AuthUser {
  email: string;
}

export const AUTH_QUERY_KEY = ["auth-user"] as const;

async function fetchAuthUser(): Promise<AuthUser | null> {
  try {
    const { user } = await api<{ user: AuthUser }>("/api/auth/user");
    return user;
  } catch (error) {
    // A 401 means "no user", not an error (spec section 4).
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useAuthUser(initialUser?: AuthUser) {
  return useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: fetchAuthUser,
    initialData: initialUser,
    staleTime: AUTH_STALE_MS,
    refetchOnWindowFocus: "always",
  });
}

export function AuthGate({ initialUser, children }: { initialUser: AuthUser; children: ReactNode }) {
  const { data, isPending, isError, error } = useAuthUser(initialUser);
  useEffect(() => {
    if (data === null) window.location.assign("/");
  }, [data]);
  useEffect(() => {
    if (isError) console.error("Could not load the signed-in user", error);
  }, [isError, error]);
  if (isPending || data === null) return <LoadingScreen />;
  return <>{children}</>;
}
