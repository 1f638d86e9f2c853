// Each integration test file gets its own database: a fresh PGlite directory, or (project
// integration-pg) a throwaway database on TEST_DATABASE_URL that is dropped afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "limber-it-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.SCHEDULER = "off";
// The test Client plays the one trusted proxy in front of the app: the X-Forwarded-For entry it
// appends is the client address (tests of the other modes set env().trustProxy themselves).
process.env.TRUST_PROXY = "1";
delete process.env.RESEND_API_KEY;
delete process.env.OPENAI_API_KEY;

let dropDatabase: (() => Promise<void>) | undefined;

if (process.env.LIMBER_TEST_DB === "postgres") {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `limber_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  delete process.env.DATABASE_URL;
}

afterAll(async () => {
  const { closeAllDbs } = await import("@/lib/db");
  await closeAllDbs();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});
