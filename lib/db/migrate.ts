// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, recording them in
// Prisma's `_prisma_migrations` table (same columns, so `prisma migrate status` stays meaningful).
// Why not the Prisma CLI: it hangs on PGlite and `migrate deploy` through @prisma/adapter-pg fails on
// catalog types (architecture.md, "Verified here").
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The two operations the runner needs; implemented over PGlite and over node-postgres. */
export interface SqlExecutor {
  /** Runs a script that may hold several statements. */
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

// next.config.ts ships prisma/migrations with every server function (outputFileTracingIncludes).
export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Applies every pending migration; returns the names applied. Safe to call on every start. */
export async function applyMigrations(db: SqlExecutor, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await db.exec(CREATE_TABLE);
  const done = await db.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
  const ran: string[] = [];
  for (const m of all) {
    const previous = applied.get(m.name);
    if (previous !== undefined) {
      if (previous !== m.checksum) {
        console.warn(`[db] migration ${m.name} was edited after it was applied; leaving it as applied`);
      }
      continue;
    }
    // One transaction per migration: a failing file leaves nothing half-applied.
    await db
      .exec(
        `BEGIN;\n${m.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ('${randomUUID()}', '${m.checksum}', now(), '${m.name.replace(/'/g, "''")}', 1);\nCOMMIT;`,
      )
      .catch(async (error: unknown) => {
        await db.exec("ROLLBACK").catch(() => {});
        throw new Error(`Migration ${m.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    ran.push(m.name);
  }
  return ran;
}
