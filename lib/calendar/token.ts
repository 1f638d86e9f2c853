// Calendar feed tokens: 128 random bits in the URL. The database holds their SHA-256, which is
// what a request is looked up by (a random 128-bit token needs no slow hash: nothing to brute
// force), and a copy sealed with AES-256-GCM under a key derived from AUTH_SECRET, bound to the
// user, so Settings can show the URL again. A database dump alone reveals no working URL.
import { createHash, randomBytes } from "node:crypto";
import { seal, unseal } from "@/lib/platform/seal";

/** 16 random bytes, base64url: 22 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newToken(): string {
  return randomBytes(16).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function sealToken(token: string, userId: string): string {
  return seal(token, "calendar-feed", userId);
}

/** The token, or null if the copy was sealed for another user, under another secret, or is damaged. */
export function unsealToken(sealed: string, userId: string): string | null {
  const token = unseal(sealed, "calendar-feed", userId);
  return token !== null && TOKEN_PATTERN.test(token) ? token : null;
}
