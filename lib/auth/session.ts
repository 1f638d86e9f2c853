// Who is calling. The session is looked up in the database on every request (no cookie cache), so
// logout, account deletion and admin deletion take effect at once. The hot path is one indexed
// query: the signed cookie is checked here the way Better Auth signs it (HMAC-SHA256, base64), and
// Better Auth itself is asked only when the session is due for its daily extension.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { unauthorized } from "@/lib/errors";
import { getAuth, SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth";
import { getAuthSecret } from "./secret";

/** The only user fields that leave the server for the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
}

const COOKIE_NAMES = ["__Secure-limber.session_token", "limber.session_token"];

/** The session token from the signed cookie, or null if there is none or its signature is wrong. */
export function readSessionToken(headers: Headers, secret = getAuthSecret()): string | null {
  const cookies = headers.get("cookie");
  if (!cookies) return null;
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || !COOKIE_NAMES.includes(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const token = readSessionToken(headers);
  if (!token) return null;
  const db = await getDb();
  const rows = await db.$queryRawUnsafe<{ sessionId: string; id: string; email: string; expiresMs: number }[]>(
    `SELECT s."id" AS "sessionId", u."id", u."email", (EXTRACT(EPOCH FROM s."expiresAt") * 1000)::float8 AS "expiresMs"
     FROM "sessions" s JOIN "users" u ON u."id" = s."userId" WHERE s."token" = $1`,
    token,
  );
  const row = rows[0];
  const now = Date.now();
  if (!row || Number(row.expiresMs) <= now) return null;
  if (Number(row.expiresMs) - SESSION_TTL_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now) {
    // Once a day: let Better Auth extend the session (its own rules and write).
    const auth = await getAuth();
    const refreshed = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!refreshed) return null;
  }
  return { id: row.id, email: row.email, sessionId: row.sessionId };
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
