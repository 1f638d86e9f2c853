// The VAPID key pair that signs every push request (RFC 8292). From VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY; on the embedded default (no shared database) generated once into
// $DATA_DIR/vapid.json, like the auth secret. A production deployment on a shared database needs
// the same keys on every instance (a browser's subscription is bound to the public key), so
// there push stays off until the keys are set.
import path from "node:path";
import webpush from "web-push";
import { readOrCreateDataFile } from "@/lib/platform/data-file";
import { env } from "@/lib/env";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY = /^[A-Za-z0-9_-]+$/;

/** Reads the generated pair, creating it atomically if absent. Exported for tests. */
export function readOrCreateVapidFile(file: string): { publicKey: string; privateKey: string } {
  const text = readOrCreateDataFile(file, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (
    typeof keys.publicKey !== "string" ||
    typeof keys.privateKey !== "string" ||
    !KEY.test(keys.publicKey) ||
    !KEY.test(keys.privateKey)
  ) {
    throw new Error(
      `The VAPID keys in ${file} are not valid: delete the file to generate new ones, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
    );
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

let cached: VapidKeys | null | undefined;

/** The process's keys, or null when push is not set up (production on a shared database without keys). */
export function vapidKeys(): VapidKeys | null {
  if (cached !== undefined) return cached;
  const e = env();
  const pair =
    e.vapidKeys ??
    (e.isProduction && e.databaseUrl ? null : readOrCreateVapidFile(path.resolve(e.dataDir, "vapid.json")));
  cached = pair ? { ...pair, subject: e.vapidSubject } : null;
  return cached;
}

/** Tests: forget the cached keys (after changing the environment). */
export function resetVapidKeysForTests() {
  cached = undefined;
}
