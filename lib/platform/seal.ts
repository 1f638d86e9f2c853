// Text sealed at rest with AES-256-GCM under a key derived from AUTH_SECRET for one purpose and
// bound to one owner (the additional data): a calendar feed's token, a connected calendar's secret
// address. A database dump alone reveals neither, and a copy moved to another user's row opens nothing.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { purposeKey, type KeyPurpose } from "./secret";

const keys = new Map<KeyPurpose, Buffer>();
function key(purpose: KeyPurpose): Buffer {
  let k = keys.get(purpose);
  if (!k) keys.set(purpose, (k = Buffer.from(purposeKey(purpose), "base64url")));
  return k;
}

/** "v1.<iv>.<ciphertext>.<tag>", base64url parts. */
export function seal(plain: string, purpose: KeyPurpose, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
  cipher.setAAD(Buffer.from(owner, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(
    ".",
  );
}

/** The text, or null if it was sealed for another owner or purpose, under another secret, or is damaged. */
export function unseal(sealed: string, purpose: KeyPurpose, owner: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(owner, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
