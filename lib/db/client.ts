// The Prisma client factory: embedded PGlite in $DATA_DIR/pglite when DATABASE_URL is unset,
// PostgreSQL through @prisma/adapter-pg when it is set. Pending migrations are applied before the
// first query. Created lazily (never at import: `next build` imports route modules).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { asDatabaseError } from "@/lib/errors";
import { applyMigrations, type SqlExecutor } from "./migrate";

export type Db = PrismaClient;

/**
 * The hot path's few fixed queries (session lookup, dashboard, today) go straight to the driver:
 * Prisma's raw-query layer is a fifth of such a request's CPU here, and on PostgreSQL a named
 * statement is planned once per connection instead of on every call.
 */
export interface HotSql {
  query<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
}
// Per process, not per module instance (as the registry below): Next bundles this module into each
// route and into instrumentation, and the database opened by one copy must find its runner from
// another, or the hot queries silently fall back to Prisma's raw layer.
const hotRunners: WeakMap<object, HotSql> = ((globalThis as Record<string, unknown>).__limberHotSql ??=
  new WeakMap()) as WeakMap<object, HotSql>;
/** The direct runner for a database opened here (Prisma's raw query as a fallback). */
export function hotSql(db: Db): HotSql {
  return (
    hotRunners.get(db) ?? {
      query: <T>(_name: string, text: string, params: unknown[]) => db.$queryRawUnsafe<T[]>(text, ...params),
    }
  );
}

export interface DbTarget {
  databaseUrl?: string;
  dataDir?: string;
}

/**
 * The client every caller gets: an outage (the database stopped, unreachable, refusing connections)
 * surfaces from any query as DatabaseUnavailableError, whichever driver, query kind or caller, so a
 * route, an action and a page all answer it as an outage (503), never as a fault.
 */
function withOutageErrors(client: PrismaClient): Db {
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          throw asDatabaseError(error);
        }
      },
    },
  }) as unknown as Db;
}

/** A hot runner whose outages surface as DatabaseUnavailableError too. */
function hotRunner(query: HotSql["query"]): HotSql {
  return {
    query: async (name, text, params) => {
      try {
        return await query(name, text, params);
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
  };
}

interface Instance {
  client: Promise<Db>;
  close: () => Promise<void>;
}

// One instance per target per process, shared across Next's separate bundles (route handlers,
// instrumentation) through globalThis: two PGlite instances on one directory lose data.
const registry: Map<string, Instance> = ((globalThis as Record<string, unknown>).__limberDb ??= new Map()) as Map<
  string,
  Instance
>;

function targetKey(target: DbTarget) {
  return target.databaseUrl
    ? `pg:${target.databaseUrl}`
    : `pglite:${path.resolve(/*turbopackIgnore: true*/ target.dataDir ?? ".data")}`;
}

async function openPglite(dataDir: string): Promise<{ client: Db; close: () => Promise<void> }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const dir = path.resolve(/*turbopackIgnore: true*/ dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  const executor: SqlExecutor = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
  await applyMigrations(executor);
  const client = withOutageErrors(new PrismaClient({ adapter: new PrismaPGlite(pglite) }));
  hotRunners.set(
    client,
    hotRunner(async <T>(_name: string, text: string, params: unknown[]) => (await pglite.query<T>(text, params)).rows),
  );
  return {
    client,
    close: async () => {
      await client.$disconnect();
      await pglite.close();
    },
  };
}

async function openPostgres(url: string): Promise<{ client: Db; close: () => Promise<void> }> {
  const pg = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const migrator = new pg.default.Client({ connectionString: url });
  await migrator.connect();
  try {
    // Serialise migrations across instances starting at once (e.g. several serverless functions).
    await migrator.query("SELECT pg_advisory_lock(724513)");
    const executor: SqlExecutor = {
      exec: async (sql) => void (await migrator.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await migrator.query(sql, params)).rows as T[],
    };
    await applyMigrations(executor);
  } finally {
    await migrator.query("SELECT pg_advisory_unlock(724513)").catch(() => {});
    await migrator.end();
  }
  // `?pgbouncer=true` (Prisma's convention) marks a transaction-mode pooler that cannot keep named
  // statements: the hot queries then go unnamed, planned on every call.
  const parsed = new URL(url);
  const named = parsed.searchParams.get("pgbouncer") !== "true";
  parsed.searchParams.delete("pgbouncer");
  const pool = new pg.default.Pool({ connectionString: parsed.toString(), max: 10 });
  // An idle connection the server drops (restart, failover, pg_terminate_backend) is reported on
  // the pool: unheard, it would crash the process. The pool replaces it on the next query.
  pool.on("error", (err: Error & { code?: string }) =>
    console.error(`[db] idle connection closed by the server (${err.code ?? err.message})`),
  );
  const client = withOutageErrors(new PrismaClient({ adapter: new PrismaPg(pool) }));
  hotRunners.set(
    client,
    hotRunner(
      async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query(named ? { name, text, values } : { text, values })).rows as T[],
    ),
  );
  return {
    client,
    close: async () => {
      await client.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

/** The database for a target (defaults to the environment). Migrated before it is returned. */
export function getDb(target: DbTarget = { databaseUrl: env().databaseUrl, dataDir: env().dataDir }): Promise<Db> {
  const key = targetKey(target);
  let instance = registry.get(key);
  if (!instance) {
    const opened = target.databaseUrl ? openPostgres(target.databaseUrl) : openPglite(target.dataDir ?? ".data");
    instance = {
      // A database that cannot be opened (stopped, unreachable) is an outage like any other.
      client: opened.then(
        (o) => o.client,
        (error) => {
          throw asDatabaseError(error);
        },
      ),
      close: async () => (await opened).close(),
    };
    registry.set(key, instance);
    // A failed open must not poison every later request: forget it so the next call retries.
    opened.catch(() => registry.delete(key));
  }
  return instance.client;
}

/** Closes every open database (tests and scripts). */
export async function closeAllDbs() {
  const all = [...registry.values()];
  registry.clear();
  await Promise.all(all.map((i) => i.close().catch(() => {})));
}
