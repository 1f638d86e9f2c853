// Calendar feed tokens: 128 random bits in the URL. The database holds their SHA-256, which is
// what a request is looked up by (a random 128-bit token needs no slow hash: nothing to brute
// force), and a copy sealed with AES-256-GCM under a key derived from AUTH_SECRET, bound to the
// user, so Settings can show the URL again. A database dump alone reveals no working URL.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { purposeKey } from "@/lib/auth/secret";

/** 16 random bytes, base64url: 22 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newToken(): string {
  return randomBytes(16).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

let sealKey: Buffer | undefined;
function key(): Buffer {
  sealKey ??= Buffer.from(purposeKey("calendar-feed"), "base64url");
  return sealKey;
}

/** Exported for tests: forget the derived key (e.g. after changing the secret). */
export function resetSealKey() {
  sealKey = undefined;
}

export function sealToken(token: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The token, or null if the copy was sealed for another user, under another secret, or is damaged. */
export function unsealToken(sealed: string, userId: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const token = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    return TOKEN_PATTERN.test(token) ? token : null;
  } catch {
    return null;
  }
}
