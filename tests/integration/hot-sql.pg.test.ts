// The hot path's direct queries on PostgreSQL: named statements (planned once per connection), or
// unnamed ones behind a transaction-mode pooler (`?pgbouncer=true`). PostgreSQL only.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { getDb, hotSql } from "@/lib/db";

describe("hotSql on PostgreSQL", () => {
  it("keeps a named statement per connection, and the same answers with ?pgbouncer=true", async () => {
    const db = await getDb();
    const run = (n: number) =>
      hotSql(db).query<{ n: number; name: string }>(
        "limber_test_hot",
        "SELECT $1::int + 1 AS n, current_database() AS name",
        [n],
      );
    expect(await run(1)).toEqual([{ n: 2, name: new URL(process.env.DATABASE_URL!).pathname.slice(1) }]);
    expect(await run(41)).toMatchObject([{ n: 42 }]);
    // A named statement is kept: the same name with other text is refused by the driver.
    await expect(hotSql(db).query("limber_test_hot", "SELECT 1 AS other", [])).rejects.toThrow(
      /Prepared statements must be unique/,
    );

    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set("pgbouncer", "true");
    const pooled = await getDb({ databaseUrl: url.toString() });
    for (let i = 0; i < 5; i++) {
      expect(await hotSql(pooled).query<{ n: number }>("limber_test_hot", "SELECT $1::int + 1 AS n", [i])).toEqual([
        { n: i + 1 },
      ]);
    }
    // Unnamed behind a pooler: nothing is kept, so other text under the same name just runs.
    expect(await hotSql(pooled).query("limber_test_hot", "SELECT 1 AS other", [])).toEqual([{ other: 1 }]);
  });

  it("survives the server closing its idle connections (restart, failover): no crash, the next query reconnects", async () => {
    const db = await getDb();
    await hotSql(db).query("limber_test_idle", "SELECT 1 AS one", []);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      const name = new URL(process.env.DATABASE_URL!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query<{ n: number }>(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      await admin.end();
      expect(rows[0]?.n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200)); // let the pool hear the terminations
      expect(uncaught).toEqual([]);
      expect(await hotSql(db).query<{ one: number }>("limber_test_idle", "SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
