// Files the embedded default generates once into DATA_DIR (the auth secret, the VAPID key pair):
// created atomically, so concurrent first starts agree on one value and a reader never sees a
// half-written file.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file's trimmed content, writing `make()` into it first if it does not exist. */
export function readOrCreateDataFile(file: string, make: () => string): string {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Written in full to a private temp file, then hard-linked into place: if another process won
  // the race, its content is kept, not overwritten.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, make(), { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(tmp);
  }
  return readFileSync(file, "utf8").trim();
}
