// A keyed hash (HMAC-SHA256 with a key derived from AUTH_SECRET) that stands in for an e-mail
// address, an IP or an id where the database must recognise a value without holding it: the
// rate-limit keys, and the audit rows of a deleted account. Without AUTH_SECRET nobody can test
// a guessed address against it.
import { createHmac } from "node:crypto";
import { purposeKey } from "@/lib/platform/secret";

export function pseudonym(value: string): string {
  return createHmac("sha256", purposeKey("pseudonym")).update(value, "utf8").digest("base64url").slice(0, 32);
}
