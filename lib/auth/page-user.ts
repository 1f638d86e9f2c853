import "server-only";
// Session checks for server components: every page decides on the server, so its first HTML
// response already holds the right content (or is a real redirect).
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { isSessionCookie } from "@/lib/routes";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";

// Cached per request: the (app) layout and its page both ask, and the session is read once.
export const getPageUser = cache(async (): Promise<SessionUser | null> => getSessionUser(await headers()));

/**
 * Signed out: to / (the login screen), by way of /api/auth/expired when a session cookie is still
 * there, which clears it first (proxy.ts serves / as the dashboard while that cookie exists).
 */
export async function redirectSignedOut(): Promise<never> {
  const stale = (await cookies()).getAll().some((c) => isSessionCookie(c.name)); // the proxy's own test
  redirect(stale ? "/api/auth/expired" : "/");
}

/** The signed-in user, or a redirect to the login screen. */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await getPageUser();
  if (!user) return redirectSignedOut();
  return user;
}
