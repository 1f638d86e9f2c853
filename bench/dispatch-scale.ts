// Dispatch at launch scale on PostgreSQL: 1,000,000 users with 100,000 reminders due at once,
// sent by 1 shard, then by 2 shards in parallel processes (each its own `tsx` process, as two
// function invocations would be). Measures the wall time and e-mails a second, and checks every
// due reminder went out exactly once (one delivery per user, and as many e-mails handed over).
// Usage: npx tsx bench/dispatch-scale.ts   (BENCH_DATABASE_URL, BENCH_SCALE_USERS, BENCH_SCALE_DUE)
import { spawn } from "node:child_process";
import { closeAllDbs, getDb } from "@/lib/db";
import { recordResult } from "./results";
import { createBenchDatabase } from "./server";

const USERS = Number(process.env.BENCH_SCALE_USERS ?? 1_000_000);
const DUE = Number(process.env.BENCH_SCALE_DUE ?? 100_000);
const NOW = "2031-05-05T10:05:00.000Z";

function runShard(url: string, shard: string): Promise<{ handed: number; sent: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "bench/dispatch-shard.ts", url, shard, NOW],
      {
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
        : reject(new Error(`shard ${shard} exited ${code}`)),
    );
  });
}

async function main() {
  const bench = await createBenchDatabase("scale");
  const url = bench.url;
  try {
    const db = await getDb({ databaseUrl: url });
    const t0 = Date.now();
    await db.$executeRawUnsafe(`
      INSERT INTO users (id, email, "emailVerified", "createdAt", "updatedAt")
      SELECT 'u' || g, 'scale' || g || '@example.com', true, now(), now() FROM generate_series(1, ${USERS}) g`);
    await db.$executeRawUnsafe(`
      INSERT INTO user_settings ("userId", times, "activeDays", timezone, "onboardingCompleted", "movementPrefs", "updatedAt")
      SELECT 'u' || g, ARRAY['10:00', '15:00'], ARRAY[0,1,2,3,4,5,6], 'UTC', true,
             CASE WHEN g % 3 = 0 THEN 'sore knee' ELSE '' END, now()
      FROM generate_series(1, ${USERS}) g`);
    // The due users are spread over the table (every tenth), as real sign-ups would be.
    const every = Math.max(1, Math.floor(USERS / DUE));
    await db.$executeRawUnsafe(`
      INSERT INTO reminder_slots ("userId", slot, "nextAt")
      SELECT 'u' || g, 0, CASE WHEN g % ${every} = 0 AND g / ${every} <= ${DUE} THEN '2031-05-05 10:01:00'::timestamp ELSE '2031-05-06 10:01:00'::timestamp END
      FROM generate_series(1, ${USERS}) g`);
    await db.$executeRawUnsafe(`ANALYZE`);
    const seedSeconds = (Date.now() - t0) / 1000;
    const due = Number(
      (
        await db.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM reminder_slots WHERE "nextAt" <= '${NOW}'::timestamp`,
        )
      )[0]!.n,
    );
    console.log(`seeded ${USERS} users, ${due} due, in ${seedSeconds.toFixed(1)} s`);

    const reset = async () => {
      await db.$executeRawUnsafe(`TRUNCATE deliveries, daily_plans`);
      await db.$executeRawUnsafe(
        `UPDATE reminder_slots SET "nextAt" = '2031-05-05 10:01:00' WHERE "nextAt" = '2031-05-06 10:00:00'`,
      );
      await db.$executeRawUnsafe(`VACUUM ANALYZE reminder_slots`);
    };
    const shards: Record<string, number> = {};
    const emailsPerSecond: Record<string, number> = {};
    for (const count of [1, 2]) {
      if (count > 1) await reset();
      const started = Date.now();
      const runs = await Promise.all(Array.from({ length: count }, (_, i) => runShard(url, `${i}/${count}`)));
      const seconds = (Date.now() - started) / 1000;
      const handed = runs.reduce((a, r) => a + r.handed, 0);
      const [row] = await db.$queryRawUnsafe<{ n: number; users: number }[]>(
        `SELECT count(*)::int AS n, count(DISTINCT "userId")::int AS users FROM deliveries WHERE status = 'sent'`,
      );
      if (handed !== due || row!.n !== due || row!.users !== due) {
        throw new Error(
          `${count} shard(s): ${due} due, ${handed} handed to the mail port, ${row!.n} deliveries for ${row!.users} users`,
        );
      }
      shards[String(count)] = Math.round(seconds * 10) / 10;
      emailsPerSecond[String(count)] = Math.round(due / seconds);
      console.log(
        `${count} shard(s): ${due} reminders in ${seconds.toFixed(1)} s (${Math.round(due / seconds)} e-mails/s), each sent once`,
      );
    }
    await recordResult("dispatchScale", {
      users: USERS,
      due,
      seedSeconds: Math.round(seedSeconds),
      shards,
      emailsPerSecond,
      eachSentOnce: true,
    });
  } finally {
    await closeAllDbs();
    await bench.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
