// AUTH_SECRET signs sessions, the login cookie and e-mail links. On the embedded default it is
// generated once into $DATA_DIR/secret so sessions survive restarts; env.ts requires it in
// production with DATABASE_URL.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

let cached: string | undefined;

export function getAuthSecret(): string {
  if (cached) return cached;
  const configured = env().authSecret;
  if (configured) return (cached = configured);
  const file = path.resolve(env().dataDir, "secret");
  try {
    cached = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      // `wx`: if another process won the race, read its secret instead of overwriting it.
      writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      cached = secret;
    } catch {
      cached = readFileSync(file, "utf8").trim();
    }
  }
  return cached!;
}
