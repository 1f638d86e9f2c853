// Who is calling: the session is looked up in the database on every request (no cookie cache),
// so logout, account deletion and admin deletion take effect at once.
import { env } from "@/lib/env";
import { unauthorized } from "@/lib/errors";
import { getAuth } from "./auth";

/** The only user fields that leave the server for the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
}

export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  // No cookie, no query: most anonymous requests stop here.
  if (!headers.get("cookie")?.includes("limber.session_token")) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!result) return null;
  return { id: result.user.id, email: result.user.email, sessionId: result.session.id };
}

export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await getSessionUser(req.headers);
  if (!user) throw unauthorized();
  return user;
}

/** The spec's hidden "special user": the ADMIN_EMAIL account (case-insensitive). */
export function isSpecialUser(email: string | null | undefined): boolean {
  const admin = env().adminEmail;
  return !!admin && !!email && email.toLowerCase() === admin;
}
