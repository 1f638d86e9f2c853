// Remembers the address from step 1 between the two sign-in calls: a short-lived, signed,
// httpOnly cookie, so the browser never sends the address with the code. It also carries a nonce
// that binds the code sent to this browser (lib/auth/code-attempts.ts): only this browser's
// guesses are compared with it.
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { CODE_TTL_SECONDS } from "./auth";
import { purposeKey } from "@/lib/platform/secret";
import { sign, verify } from "@/lib/platform/signing";

export const LOGIN_COOKIE = "limber.login-email";
const PURPOSE = "login-email";

/** A new sign-in request's nonce (128 random bits). */
export function newLoginNonce(): string {
  return randomBytes(16).toString("base64url");
}

export function loginCookieValue(email: string, nonce: string, now = Date.now()) {
  return sign({ e: email, n: nonce, x: now + CODE_TTL_SECONDS * 1000 }, purposeKey("login-cookie"), PURPOSE);
}

/** The address from a valid, unexpired login cookie; anything else (absent, malformed, forged) is null. */
export function readLoginCookie(headers: Headers, now = Date.now()): string | null {
  return readLoginRequest(headers, now)?.email ?? null;
}

/** The pending sign-in of a valid, unexpired login cookie: its address and its nonce (if it has one). */
export function readLoginRequest(headers: Headers, now = Date.now()): { email: string; nonce?: string } | null {
  for (const part of headers.get("cookie")?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== LOGIN_COOKIE) continue;
    let raw: string;
    try {
      raw = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      continue; // malformed percent-encoding: not a cookie we set
    }
    const payload = verify<{ e: unknown; n?: unknown; x: unknown }>(raw, purposeKey("login-cookie"), PURPOSE);
    if (payload && typeof payload.e === "string" && typeof payload.x === "number" && payload.x >= now)
      return { email: payload.e, ...(typeof payload.n === "string" ? { nonce: payload.n } : {}) };
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
