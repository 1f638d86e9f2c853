// Who is calling. The session is looked up in the database on every request (no cookie cache), so
// logout, account deletion and admin deletion take effect at once. The hot path is one indexed
// query: the signed cookie is checked here the way Better Auth signs it (HMAC-SHA256, base64), and
// Better Auth itself is asked only when the session is due for its daily extension.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { NextResponse } from "next/server";
import { getDb, hotSql } from "@/lib/db";
import { env } from "@/lib/env";
import { unauthorized } from "@/lib/errors";
import { SESSION_COOKIE_NAMES } from "@/lib/routes";
import { getAuth, SESSION_MAX_AGE_SECONDS, SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth";
import { purposeKey } from "@/lib/platform/secret";

/** The only user fields that leave the server for the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
}

/** The one cookie name Better Auth sets for the scheme in use (`__Secure-` only over https). */
export function sessionCookieName(appUrl = env().appUrl): string {
  return appUrl.startsWith("https://") ? SESSION_COOKIE_NAMES[1] : SESSION_COOKIE_NAMES[0];
}

/** Clears the session cookie of both schemes on `res` (the session itself is gone or never was). */
export function clearSessionCookies(res: NextResponse) {
  for (const name of SESSION_COOKIE_NAMES) {
    res.cookies.set(name, "", {
      path: "/",
      maxAge: 0,
      httpOnly: true,
      sameSite: "lax",
      secure: name.startsWith("__Secure-"),
    });
  }
}

/**
 * The session token from the signed cookie, or null. Only the scheme's cookie name counts, and a
 * cookie with a bad signature is skipped, not final: a planted duplicate cannot hide the real one.
 */
export function readSessionToken(
  headers: Headers,
  secret = purposeKey("session"),
  name = sessionCookieName(),
): string | null {
  const cookies = headers.get("cookie");
  if (!cookies) return null;
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      continue;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) continue;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected)) return token;
  }
  return null;
}

// A found session is remembered for a few seconds in this process, so a page's burst of calls (and
// the dashboard's polling) costs no session query each. Sign-out and account deletion forget it at
// once in this process; another instance may honour an ended session for at most this long.
export const SESSION_CACHE_MS = 5_000;
let cacheMs = process.env.NODE_ENV === "test" ? 0 : SESSION_CACHE_MS;
const CACHE_LIMIT = 10_000;
interface Cached {
  user: SessionUser;
  expiresMs: number;
  createdMs: number;
  until: number;
}
// One map per process, not per module instance: Next bundles each route and page on its own, so a
// server action (in its page's bundle) and a route handler would otherwise keep separate caches,
// and an account deleted by the one would stay signed in on the other for the cache's lifetime.
const CACHE_KEY = "__limberSessionCache";
const sessions: Map<string, Cached> = ((globalThis as Record<string, unknown>)[CACHE_KEY] ??= new Map<
  string,
  Cached
>()) as Map<string, Cached>;

/** Tests turn the cache on (it is off under Vitest so that direct database changes show at once). */
export function setSessionCacheMs(ms: number) {
  cacheMs = ms;
  sessions.clear();
}

/** Forgets remembered sessions: one token (sign-out) or every session of a user (deletion). */
export function forgetSessions(which: { token?: string | null; userId?: string }) {
  if (which.token) sessions.delete(which.token);
  if (which.userId) for (const [token, c] of sessions) if (c.user.id === which.userId) sessions.delete(token);
}

const dueForExtension = (expiresMs: number, now: number) =>
  expiresMs - SESSION_TTL_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;

/**
 * The signed-in user, or null. A session ends 30 days after its last extension and in any case
 * SESSION_MAX_AGE_SECONDS after sign-in. Once a day Better Auth extends it; that needs the renewed
 * cookie to reach the browser, so it happens only where the caller can send cookies (`renew`,
 * route handlers); a page render checks without extending.
 */
export async function getSessionUser(
  headers: Headers,
  renew?: (setCookies: string[]) => void,
): Promise<SessionUser | null> {
  const token = readSessionToken(headers);
  if (!token) return null;
  const now = Date.now();
  const hit = sessions.get(token);
  if (
    hit &&
    hit.until > now &&
    hit.expiresMs > now &&
    hit.createdMs + SESSION_MAX_AGE_SECONDS * 1000 > now &&
    !(renew && dueForExtension(hit.expiresMs, now))
  ) {
    return hit.user;
  }
  const db = await getDb();
  const rows = await hotSql(db).query<{
    sessionId: string;
    id: string;
    email: string;
    expiresMs: number;
    createdMs: number;
  }>(
    "limber_session",
    `SELECT s."id" AS "sessionId", u."id", u."email", (EXTRACT(EPOCH FROM s."expiresAt") * 1000)::float8 AS "expiresMs",
            (EXTRACT(EPOCH FROM s."createdAt") * 1000)::float8 AS "createdMs"
     FROM "sessions" s JOIN "users" u ON u."id" = s."userId" WHERE s."token" = $1`,
    [token],
  );
  const row = rows[0];
  sessions.delete(token);
  if (!row || Number(row.expiresMs) <= now) return null;
  if (Number(row.createdMs) + SESSION_MAX_AGE_SECONDS * 1000 <= now) {
    await db.session.deleteMany({ where: { id: row.sessionId } });
    return null;
  }
  let expiresMs = Number(row.expiresMs);
  if (renew && dueForExtension(expiresMs, now)) {
    // Once a day: let Better Auth extend the session (its own rules and write) and pass its cookie on.
    const auth = await getAuth();
    const { headers: out, response } = await auth.api.getSession({
      headers,
      query: { disableCookieCache: true },
      returnHeaders: true,
    });
    if (!response) return null;
    renew(out.getSetCookie());
    expiresMs = new Date(response.session.expiresAt).getTime();
  }
  const user = { id: row.id, email: row.email, sessionId: row.sessionId };
  if (cacheMs > 0) {
    if (sessions.size >= CACHE_LIMIT) sessions.clear();
    sessions.set(token, { user, expiresMs, createdMs: Number(row.createdMs), until: now + cacheMs });
  }
  return user;
}

export async function requireUser(req: Request, renew?: (setCookies: string[]) => void): Promise<SessionUser> {
  const user = await getSessionUser(req.headers, renew);
  if (!user) throw unauthorized();
  return user;
}

/** The spec's hidden "special user": the ADMIN_EMAIL account (case-insensitive). */
export function isSpecialUser(email: string | null | undefined): boolean {
  const admin = env().adminEmail;
  return !!admin && !!email && email.toLowerCase() === admin;
}
