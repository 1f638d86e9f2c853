// Remembers the address from step 1 between the two sign-in calls: a short-lived, signed,
// httpOnly cookie, so the browser never sends the address with the code.
import { env } from "@/lib/env";
import { CODE_TTL_SECONDS } from "./auth";
import { getAuthSecret } from "./secret";
import { sign, verify } from "./signing";

export const LOGIN_COOKIE = "limber.login-email";
const PURPOSE = "login-email";

export function loginCookieValue(email: string, now = Date.now()) {
  return sign({ e: email, x: now + CODE_TTL_SECONDS * 1000 }, getAuthSecret(), PURPOSE);
}

export function readLoginCookie(headers: Headers, now = Date.now()): string | null {
  const raw = headers
    .get("cookie")
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${LOGIN_COOKIE}=`))
    ?.slice(LOGIN_COOKIE.length + 1);
  if (!raw) return null;
  const payload = verify<{ e: string; x: number }>(decodeURIComponent(raw), getAuthSecret(), PURPOSE);
  if (!payload || typeof payload.e !== "string" || typeof payload.x !== "number" || payload.x < now) return null;
  return payload.e;
}

export function loginCookieOptions(maxAge = CODE_TTL_SECONDS) {
  return {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: env().appUrl.startsWith("https://"),
    path: "/api/auth",
    maxAge,
  };
}
