// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite
// database in $DATA_DIR when it is unset. Do not run it on a PGlite directory that a running
// server uses (PGlite has no lock between processes); the server migrates itself at start.
import { closeAllDbs, getDb } from "@/lib/db";
import { env } from "@/lib/env";

async function main() {
  const e = env();
  await getDb();
  console.log(`[db] migrations applied to ${e.databaseUrl ? "PostgreSQL" : `PGlite in ${e.dataDir}/pglite`}`);
  await closeAllDbs();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
