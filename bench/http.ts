// HTTP benchmark of the production build: GET /api/user/dashboard (session lookup + the
// dashboard's queries) against GET /api/bench/empty (the framework's floor: a dynamic route
// handler that touches neither session nor database), 50 connections for 20 s each, with
// autocannon. While the server is up it also measures first-load JS per route (bench/page-weight.ts)
// and runs Lighthouse (bench/lighthouse.mjs).
//
// Usage (bench/run.mjs does this): NODE_ENV=production npx tsx bench/http.ts
// Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test), BENCH_PORT (3400),
//      BENCH_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_SKIP_LIGHTHOUSE=1, BENCH_LH_RUNS (3).
import os from "node:os";
import autocannon, { type Result } from "autocannon";
import { runLighthouse } from "./lighthouse.mjs";
import { frameworkKb, htmlWeights, manifestWeights, ROUTES, TARGET_DASHBOARD_KB, type Route } from "./page-weight";
import { recordResult } from "./results";
import { seedBenchUser } from "./seed";
import { createBenchDatabase, ensureBuild, signIn, startServer, unlockAdmin, waitForSchema, type BenchDatabase, type BenchServer } from "./server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const WARMUP_REQUESTS = 200;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

async function expectDashboard(baseUrl: string, cookie: string) {
  const res = await fetch(`${baseUrl}/api/user/dashboard`, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/user/dashboard answered ${res.status}: ${text}`);
  const body = JSON.parse(text) as { streakCount?: unknown; totalToday?: unknown; schedule?: unknown[]; timezone?: unknown };
  if (typeof body.streakCount !== "number" || body.totalToday !== 2 || body.schedule?.length !== 2 || body.timezone !== "UTC") {
    throw new Error(`GET /api/user/dashboard answered an unexpected body: ${text}`);
  }
  return body as { streakCount: number };
}

async function expectEmpty(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/bench/empty`);
  const text = await res.text();
  if (res.status !== 200 || text !== JSON.stringify({ ok: true })) throw new Error(`GET /api/bench/empty answered ${res.status}: ${text}`);
}

async function load(url: string, headers: Record<string, string>, opts: { connections: number; duration?: number; amount?: number }): Promise<Result> {
  const result = await autocannon({ url, headers, timeout: 10, ...opts });
  const problems = result.non2xx + result.errors + result.timeouts;
  if (problems > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts (status codes ${JSON.stringify(result.statusCodeStats ?? {})})`,
    );
  }
  return result;
}

async function httpBench(server: BenchServer, cookie: string) {
  const empty = `${server.baseUrl}/api/bench/empty`;
  const dashboard = `${server.baseUrl}/api/user/dashboard`;
  const auth = { cookie };

  // Warm-up: JIT, Prisma's pool, the streak settling of the first dashboard request of the day.
  await load(empty, {}, { connections: 10, amount: WARMUP_REQUESTS });
  await load(dashboard, auth, { connections: 10, amount: WARMUP_REQUESTS });

  // The machine is shared (2 cores): the load average says how much else ran during the measurement.
  const loadBefore = os.loadavg()[0]!;
  console.log(`http: GET /api/bench/empty, ${CONNECTIONS} connections, ${SECONDS} s (load average ${loadBefore.toFixed(2)} on ${os.cpus().length} CPUs)...`);
  const e = await load(empty, {}, { connections: CONNECTIONS, duration: SECONDS });
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`http: GET /api/user/dashboard (signed in), ${CONNECTIONS} connections, ${SECONDS} s...`);
  const d = await load(dashboard, auth, { connections: CONNECTIONS, duration: SECONDS });
  await expectDashboard(server.baseUrl, cookie); // still answering correctly after the load

  const figures = {
    emptyRps: round(e.requests.average),
    dashboardRps: round(d.requests.average),
    ratio: round(d.requests.average / e.requests.average, 3),
    dashboardP50Ms: d.latency.p50,
    dashboardP99Ms: d.latency.p99,
    emptyP99Ms: e.latency.p99,
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
  console.log(`http: empty ${figures.emptyRps} req/s (p50 ${e.latency.p50} ms, p99 ${figures.emptyP99Ms} ms); dashboard ${figures.dashboardRps} req/s (p50 ${figures.dashboardP50Ms} ms, p99 ${figures.dashboardP99Ms} ms)`);
  console.log(`http: dashboard/empty throughput ratio ${figures.ratio} (target >= ${TARGET_RATIO}): ${verdict(figures.ratio >= TARGET_RATIO)}`);
  console.log(`http: dashboard p99 ${figures.dashboardP99Ms} ms (target < ${TARGET_P99_MS} ms): ${verdict(figures.dashboardP99Ms < TARGET_P99_MS)}`);
  const loadAfter = os.loadavg()[0]!;
  console.log(`http: load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, ${os.cpus().length} CPUs`);
  await recordResult("http", figures);
  await recordResult("httpContext", {
    loadAvg1mBefore: round(loadBefore, 2),
    loadAvg1mAfter: round(loadAfter, 2),
    cpus: os.cpus().length,
    node: process.version,
    emptyP50Ms: e.latency.p50,
    dashboardRequests: d.requests.total,
    emptyRequests: e.requests.total,
  });
}

async function pageWeight(server: BenchServer, cookie: string) {
  // /admin needs an owner-console grant: unlock it for this session the real way (ADMIN_CODE is set).
  await unlockAdmin(server, cookie);
  const html = await htmlWeights(server.baseUrl, cookie);
  const manifest = manifestWeights();
  const firstLoadJsKb = Object.fromEntries(ROUTES.map((r) => [r, html[r].kb])) as Record<Route, number | null>;
  for (const r of ROUTES) {
    const w = html[r];
    const cross = manifest[r].kb === null ? "" : ` (manifest method: ${manifest[r].kb} KB)`;
    const target = r === "/dashboard" && w.kb !== null ? ` (target <= ${TARGET_DASHBOARD_KB} KB): ${verdict(w.kb <= TARGET_DASHBOARD_KB)}` : "";
    console.log(`first-load JS ${r}: ${w.kb === null ? `null (${w.note})` : `${w.kb} KB gzip, ${w.chunks} chunks`}${target}${cross}`);
  }
  await recordResult("firstLoadJsKb", firstLoadJsKb);
  await recordResult("firstLoadJs", {
    method: "html: every /_next/static/**.js the route's HTML references (script tags + RSC flight chunk lists, no noModule polyfill), fetched from the server, gzip -9, unique chunks summed",
    unit: "KB gzip (1024 bytes)",
    signedIn: { "/": false, "/dashboard": true, "/settings": true, "/admin": "yes, with an owner-console grant (POST /api/verify-admin)" },
    frameworkKb: frameworkKb(),
    chunks: Object.fromEntries(ROUTES.map((r) => [r, html[r].chunks])),
    manifestMethodKb: Object.fromEntries(ROUTES.map((r) => [r, manifest[r].kb])),
    notes: Object.fromEntries(ROUTES.filter((r) => html[r].note).map((r) => [r, html[r].note])),
  });
}

async function lighthouse(server: BenchServer, cookie: string) {
  if (process.env.BENCH_SKIP_LIGHTHOUSE === "1") {
    console.log("lighthouse: skipped (BENCH_SKIP_LIGHTHOUSE=1)");
    return;
  }
  const result = runLighthouse({ baseUrl: server.baseUrl, cookie });
  if (!result.ran) console.log(`lighthouse: did not run: ${result.reason}`);
  else {
    for (const r of ["/", "/dashboard"]) {
      const s = result[r] as { performance: number; accessibility: number; bestPractices: number };
      console.log(`lighthouse ${r}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}`);
    }
  }
  await recordResult("lighthouse", result);
}

async function main() {
  await ensureBuild();
  let db: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await server?.stop().catch((e) => console.error("[bench] stopping the server:", e));
      await db?.drop().catch((e) => console.error("[bench] dropping the database:", e));
    })());
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.once(sig, () => void cleanup().finally(() => process.exit(130)));
  }
  try {
    db = await createBenchDatabase("http");
    server = await startServer(db.url, PORT);
    await waitForSchema(db.url);
    const user = await seedBenchUser(db.url);
    const cookie = await signIn(server, user.email);
    await expectEmpty(server.baseUrl);
    const dash = await expectDashboard(server.baseUrl, cookie);
    console.log(`http: seeded ${user.email} with ${user.breaks} completed breaks over 90 days (streak ${dash.streakCount}); signed in through request-code/verify-code`);

    await httpBench(server, cookie);
    await pageWeight(server, cookie);
    await lighthouse(server, cookie);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
