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
import { startAnchor, type AnchorServer } from "./anchor";
import { LIGHTHOUSE_ROUTES, runLighthouse } from "./lighthouse.mjs";
import { frameworkKb, htmlWeights, manifestWeights, ROUTES, SIGNED_OUT, TARGET_KB, type Route } from "./page-weight";
import { recordResult } from "./results";
import { seedBenchUser } from "./seed";
import { createBenchDatabase, ensureBuild, signIn, startServer, unlockAdmin, waitForSchema, type BenchDatabase, type BenchServer } from "./server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const WARMUP_REQUESTS = 200;
const TARGET_RATIO = 0.7;
/** At 10 connections, the p99 of the dashboard and today calls within this multiple of the empty route's. */
const TARGET_P99_FACTOR = 2;

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

interface Run {
  rps: number;
  p50: number;
  p99: number;
  total: number;
}

const summary = (r: Result): Run => ({ rps: round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total });

async function expectToday(baseUrl: string, cookie: string) {
  const res = await fetch(`${baseUrl}/api/user/today`, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/user/today answered ${res.status}: ${text}`);
  const body = JSON.parse(text) as { breaks?: { exercises?: unknown[] }[] };
  if (body.breaks?.length !== 2 || !body.breaks.every((b) => (b.exercises?.length ?? 0) > 0)) throw new Error(`GET /api/user/today answered an unexpected body: ${text}`);
}

async function httpBench(server: BenchServer, cookie: string) {
  const urls = {
    empty: `${server.baseUrl}/api/bench/empty`,
    dashboard: `${server.baseUrl}/api/user/dashboard`,
    today: `${server.baseUrl}/api/user/today`,
  };
  const headers = { empty: {}, dashboard: { cookie }, today: { cookie } };

  // Warm-up: JIT, Prisma's pool, the streak settling and the day's plan of the first requests.
  for (const k of ["empty", "dashboard", "today"] as const) await load(urls[k], headers[k], { connections: 10, amount: WARMUP_REQUESTS });

  // The machine is shared (2 cores): the load average says how much else ran during the measurement.
  const loadBefore = os.loadavg()[0]!;
  const runs: Record<number, Record<"empty" | "dashboard" | "today", Run>> = {};
  for (const connections of [CONNECTIONS, 10]) {
    runs[connections] = {} as Record<"empty" | "dashboard" | "today", Run>;
    for (const k of ["empty", "dashboard", "today"] as const) {
      console.log(`http: GET ${new URL(urls[k]).pathname}${k === "empty" ? "" : " (signed in)"}, ${connections} connections, ${SECONDS} s (load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} CPUs)...`);
      runs[connections]![k] = summary(await load(urls[k], headers[k], { connections, duration: SECONDS }));
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  await expectDashboard(server.baseUrl, cookie); // still answering correctly after the load
  await expectToday(server.baseUrl, cookie);

  const at50 = runs[CONNECTIONS]!;
  const at10 = runs[10]!;
  const figures = {
    emptyRps: at50.empty.rps,
    dashboardRps: at50.dashboard.rps,
    ratio: round(at50.dashboard.rps / at50.empty.rps, 3),
    dashboardP50Ms: at50.dashboard.p50,
    dashboardP99Ms: at50.dashboard.p99,
    emptyP99Ms: at50.empty.p99,
    todayRps: at50.today.rps,
    todayRatio: round(at50.today.rps / at50.empty.rps, 3),
    todayP50Ms: at50.today.p50,
    todayP99Ms: at50.today.p99,
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
  const http10 = {
    connections: 10,
    emptyRps: at10.empty.rps,
    emptyP50Ms: at10.empty.p50,
    emptyP99Ms: at10.empty.p99,
    dashboardRps: at10.dashboard.rps,
    dashboardP99Ms: at10.dashboard.p99,
    todayRps: at10.today.rps,
    todayP99Ms: at10.today.p99,
    dashboardP99Factor: round(at10.dashboard.p99 / at10.empty.p99, 2),
    todayP99Factor: round(at10.today.p99 / at10.empty.p99, 2),
  };
  for (const k of ["empty", "dashboard", "today"] as const) {
    console.log(`http ${CONNECTIONS} conns: ${k} ${at50[k].rps} req/s (p50 ${at50[k].p50} ms, p99 ${at50[k].p99} ms); 10 conns: ${at10[k].rps} req/s (p50 ${at10[k].p50} ms, p99 ${at10[k].p99} ms)`);
  }
  console.log(`http: dashboard/empty throughput at ${CONNECTIONS} connections ${figures.ratio}, today/empty ${figures.todayRatio} (target >= ${TARGET_RATIO}): ${verdict(figures.ratio >= TARGET_RATIO)} / ${verdict(figures.todayRatio >= TARGET_RATIO)}`);
  console.log(`http: p99 at 10 connections, dashboard ${http10.dashboardP99Factor}x and today ${http10.todayP99Factor}x the empty route's (target <= ${TARGET_P99_FACTOR}x): ${verdict(http10.dashboardP99Factor <= TARGET_P99_FACTOR)} / ${verdict(http10.todayP99Factor <= TARGET_P99_FACTOR)}`);
  const loadAfter = os.loadavg()[0]!;
  console.log(`http: load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, ${os.cpus().length} CPUs`);
  await recordResult("http", figures);
  await recordResult("http10", http10);
  await recordResult("httpContext", {
    loadAvg1mBefore: round(loadBefore, 2),
    loadAvg1mAfter: round(loadAfter, 2),
    cpus: os.cpus().length,
    node: process.version,
    emptyP50Ms: at50.empty.p50,
    dashboardRequests: at50.dashboard.total,
    emptyRequests: at50.empty.total,
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
    const target = w.kb !== null ? ` (target <= ${TARGET_KB[r]} KB): ${verdict(w.kb <= TARGET_KB[r])}` : "";
    console.log(`first-load JS ${r}: ${w.kb === null ? `null (${w.note})` : `${w.kb} KB gzip, ${w.chunks} chunks`}${target}${cross}`);
  }
  await recordResult("firstLoadJsKb", firstLoadJsKb);
  await recordResult("firstLoadJs", {
    method: "html: every /_next/static/**.js the route's HTML references (script tags + RSC flight chunk lists, no noModule polyfill), fetched from the server, gzip -9, unique chunks summed",
    unit: "KB gzip (1024 bytes)",
    signedIn: Object.fromEntries(ROUTES.map((r) => [r, r === "/admin" ? "yes, with an owner-console grant (POST /api/verify-admin)" : !SIGNED_OUT.has(r)])),
    targetsKb: TARGET_KB,
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
  // The bare Next.js page of the same versions, built and served beside ours for the same run.
  let anchor: AnchorServer | undefined;
  try {
    anchor = await startAnchor(PORT + 1);
  } catch (error) {
    console.log(`lighthouse: the bare Next.js page could not be built, measuring without it: ${error instanceof Error ? error.message : error}`);
  }
  try {
    const result = runLighthouse({ baseUrl: server.baseUrl, cookie, anchorUrl: anchor ? `${anchor.baseUrl}/` : undefined });
    if (!result.ran) console.log(`lighthouse: did not run: ${result.reason}`);
    else {
      for (const r of ["anchor", ...LIGHTHOUSE_ROUTES.map((x) => x.route)]) {
        const s = result[r] as { performance: number; accessibility: number; bestPractices: number; lcpMs: number; tbtMs: number } | undefined;
        if (s) console.log(`lighthouse ${r}: performance ${s.performance} (LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms), accessibility ${s.accessibility}, best practices ${s.bestPractices}`);
      }
      if (result.behindAnchor) console.log(`lighthouse points behind the bare page: ${JSON.stringify(result.behindAnchor)}`);
    }
    await recordResult("lighthouse", result);
  } finally {
    await anchor?.stop();
  }
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
    // BENCH_HTTP_ONLY=1: just the HTTP figures (e.g. while profiling the server with BENCH_NODE_ARGS).
    if (process.env.BENCH_HTTP_ONLY !== "1") {
      await pageWeight(server, cookie);
      await lighthouse(server, cookie);
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
