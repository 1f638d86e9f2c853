// AUTH_SECRET is the root of every key: one key per purpose is derived from it with HKDF, so a
// key made for one purpose (a session cookie, the login cookie, an e-mail link, the sealed copy of
// a calendar feed's token) never works for another. On the embedded default the root is generated once into $DATA_DIR/secret so
// sessions survive restarts; env.ts requires it in production with DATABASE_URL.
import { hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { readOrCreateDataFile } from "@/lib/platform/data-file";
import { env } from "@/lib/env";

export const MIN_SECRET_LENGTH = 32;

export type KeyPurpose = "session" | "login-cookie" | "email-links" | "calendar-feed" | "calendar-source" | "pseudonym";

/** Reads the generated secret, creating it atomically if absent. Exported for tests. */
export function readOrCreateSecretFile(file: string): string {
  return checked(
    readOrCreateDataFile(file, () => randomBytes(32).toString("base64url")),
    file,
  );
}

function checked(secret: string, file: string): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The secret in ${file} is shorter than ${MIN_SECRET_LENGTH} characters: delete the file to generate a new one, or set AUTH_SECRET.`,
    );
  }
  return secret;
}

let root: string | undefined;
function rootSecret(): string {
  root ??= env().authSecret ?? readOrCreateSecretFile(path.resolve(env().dataDir, "secret"));
  return root;
}

/** A 256-bit key for one purpose (HKDF-SHA256 of AUTH_SECRET), base64url. Pure apart from the root. */
export function deriveKey(secret: string, purpose: KeyPurpose): string {
  return Buffer.from(hkdfSync("sha256", secret, "limber", `limber/${purpose}`, 32)).toString("base64url");
}

const keys = new Map<KeyPurpose, string>();
/** The process's key for `purpose`. */
export function purposeKey(purpose: KeyPurpose): string {
  let key = keys.get(purpose);
  if (!key) {
    key = deriveKey(rootSecret(), purpose);
    keys.set(purpose, key);
  }
  return key;
}
