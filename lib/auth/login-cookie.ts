// Remembers the address from step 1 between the two sign-in calls: a short-lived, signed,
// httpOnly cookie, so the browser never sends the address with the code.
import { env } from "@/lib/env";
import { CODE_TTL_SECONDS } from "./auth";
import { purposeKey } from "./secret";
import { sign, verify } from "./signing";

export const LOGIN_COOKIE = "limber.login-email";
const PURPOSE = "login-email";

export function loginCookieValue(email: string, now = Date.now()) {
  return sign({ e: email, x: now + CODE_TTL_SECONDS * 1000 }, purposeKey("login-cookie"), PURPOSE);
}

/** The address from a valid, unexpired login cookie; anything else (absent, malformed, forged) is null. */
export function readLoginCookie(headers: Headers, now = Date.now()): string | null {
  for (const part of headers.get("cookie")?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== LOGIN_COOKIE) continue;
    let raw: string;
    try {
      raw = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      continue; // malformed percent-encoding: not a cookie we set
    }
    const payload = verify<{ e: unknown; x: unknown }>(raw, purposeKey("login-cookie"), PURPOSE);
    if (payload && typeof payload.e === "string" && typeof payload.x === "number" && payload.x >= now) return payload.e;
  }
  return null;
}

export function loginCookieOptions(maxAge = CODE_TTL_SECONDS) {
  return {
    httpOnly: true,
    sameSite: "strict" as const,
    secure: env().appUrl.startsWith("https://"),
    // "/": the login page reads it too (which step to show, also before JavaScript has loaded).
    path: "/",
    maxAge,
  };
}
