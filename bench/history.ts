// HTTP benchmark of GET /api/user/history?days=365 for a user with a year of history, on the
// production build served by `next start` on PostgreSQL (bench/server.ts), with autocannon: first
// one connection (the latency of a lone request), then BENCH_CONNECTIONS (50, like the dashboard
// figure) for BENCH_SECONDS each. Records the key "history" in bench/results/latest.json.
//
// Usage: NODE_ENV=production npx tsx bench/history.ts   (bench/run.mjs runs it after bench/http.ts)
// Env: BENCH_DATABASE_URL, BENCH_PORT (3400), BENCH_SECONDS (20), BENCH_CONNECTIONS (50).
import os from "node:os";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import { recordResult } from "./results";
import {
  createBenchDatabase,
  ensureBuild,
  signIn,
  startServer,
  waitForSchema,
  type BenchDatabase,
  type BenchServer,
} from "./server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const WARMUP_REQUESTS = 100;
const EMAIL = "bench-history@example.com";
const DAYS = 365;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * One user in Europe/London (08:30 and 17:00, Monday-Friday) who started 370 days ago: both breaks
 * on most weekdays, the first only on every 7th, none on every 11th, a two-week pause that ended
 * and a three-day one, in SQL like bench/seed.ts.
 */
async function seedYear(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const id = "bench-history-user";
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO users (id, email, "emailVerified", "createdAt", "updatedAt") VALUES ($1, $2, true, now() - interval '370 days', now())`,
      [id, EMAIL],
    );
    await client.query(
      `INSERT INTO user_settings ("userId", times, "activeDays", timezone, "durationPreference", "onboardingCompleted", "createdAt", "updatedAt")
       VALUES ($1, ARRAY['08:30', '17:00'], ARRAY[1,2,3,4,5], 'Europe/London', 10, true, now() - interval '370 days', now())`,
      [id],
    );
    const { rowCount } = await client.query(
      `INSERT INTO breaks (id, "userId", "localDate", slot, "completedAt", "createdAt")
       SELECT gen_random_uuid(), $1, to_char(d, 'YYYY-MM-DD'), s, d + time '12:00', d + time '12:00'
       FROM generate_series(1, 369) AS n,
            LATERAL (SELECT (now() AT TIME ZONE 'Europe/London')::date - n AS d) AS day,
            generate_series(0, 1) AS s
       WHERE extract(isodow FROM d) <= 5 AND n % 11 <> 3 AND NOT (n % 7 = 2 AND s = 1)`,
      [id],
    );
    await client.query(
      `INSERT INTO pause_periods (id, "userId", "startedAt", "endedAt") VALUES
         (gen_random_uuid(), $1, now() - interval '200 days', now() - interval '186 days'),
         (gen_random_uuid(), $1, now() - interval '40 days', now() - interval '37 days')`,
      [id],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE");
    return { breaks: rowCount ?? 0 };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

async function load(
  url: string,
  headers: Record<string, string>,
  opts: { connections: number; duration?: number; amount?: number },
): Promise<Result> {
  const result = await autocannon({ url, headers, timeout: 10, ...opts });
  const problems = result.non2xx + result.errors + result.timeouts;
  if (problems > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

async function main() {
  await ensureBuild();
  let db: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  const cleanup = async () => {
    await server?.stop().catch((e) => console.error("[bench] stopping the server:", e));
    await db?.drop().catch((e) => console.error("[bench] dropping the database:", e));
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void cleanup().finally(() => process.exit(130)));
  try {
    db = await createBenchDatabase("history");
    server = await startServer(db.url, PORT);
    await waitForSchema(db.url);
    const { breaks } = await seedYear(db.url);
    const cookie = await signIn(server, EMAIL);
    // The dashboard settles the streak cache (as on any visit); the history then reads it as is.
    const dash = await fetch(`${server.baseUrl}/api/user/dashboard`, { headers: { cookie } });
    if (dash.status !== 200) throw new Error(`GET /api/user/dashboard answered ${dash.status}`);
    const url = `${server.baseUrl}/api/user/history?days=${DAYS}`;
    const check = await fetch(url, { headers: { cookie } });
    const body = (await check.json()) as { days?: unknown[]; totals?: { completed: number }; bestStreak?: number };
    if (check.status !== 200 || body.days?.length !== DAYS || !body.totals?.completed)
      throw new Error(`GET ${url} answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    const bytes = JSON.stringify(body).length;
    console.log(
      `history: seeded ${breaks} completed breaks over a year; the answer has ${body.days.length} days, ${body.totals.completed} breaks done, best streak ${body.bestStreak}, ${bytes} bytes`,
    );

    await load(url, { cookie }, { connections: 5, amount: WARMUP_REQUESTS });
    const loadBefore = os.loadavg()[0]!;
    console.log(
      `history: GET /api/user/history?days=${DAYS}, 1 connection, ${SECONDS} s (load average ${loadBefore.toFixed(2)} on ${os.cpus().length} CPUs)...`,
    );
    const one = await load(url, { cookie }, { connections: 1, duration: SECONDS });
    await new Promise((r) => setTimeout(r, 2000));
    console.log(`history: ${CONNECTIONS} connections, ${SECONDS} s...`);
    const many = await load(url, { cookie }, { connections: CONNECTIONS, duration: SECONDS });
    const figures = {
      days: DAYS,
      breaks,
      responseBytes: bytes,
      singleP50Ms: one.latency.p50,
      singleP99Ms: one.latency.p99,
      singleRps: round(one.requests.average),
      p50Ms: many.latency.p50,
      p99Ms: many.latency.p99,
      rps: round(many.requests.average),
      connections: CONNECTIONS,
      seconds: SECONDS,
      loadAvg1mBefore: round(loadBefore, 2),
      loadAvg1mAfter: round(os.loadavg()[0]!, 2),
      cpus: os.cpus().length,
    };
    console.log(
      `history: 1 connection p50 ${figures.singleP50Ms} ms, p99 ${figures.singleP99Ms} ms (${figures.singleRps} req/s)`,
    );
    console.log(
      `history: ${CONNECTIONS} connections p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms (${figures.rps} req/s)`,
    );
    await recordResult("history", figures);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
