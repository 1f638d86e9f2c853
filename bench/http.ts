// HTTP benchmark of the production build: GET /api/user/dashboard and /api/user/today (session
// lookup + the call's query) against GET /api/bench/empty (the app's floor: a dynamic route
// handler that touches neither session nor database), and that against a bare Next.js route
// handler (bench/anchor.ts, the framework's floor), 50 and 10 connections for 20 s each, with
// autocannon. While the servers are up it also measures first-load JS per route
// (bench/page-weight.ts) and runs Lighthouse twice (bench/lighthouse.mjs): with its default CPU
// slowdown, then with the slowdown scaled to this host.
//
// Usage (bench/run.mjs does this): NODE_ENV=production npx tsx bench/http.ts
// Env: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test), BENCH_PORT (3400),
//      BENCH_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_SKIP_LIGHTHOUSE=1, BENCH_LH_RUNS (3).
import os from "node:os";
import autocannon, { type Result } from "autocannon";
import { startAnchor, type AnchorServer } from "./anchor";
import {
  LIGHTHOUSE_ROUTES,
  runLighthouse,
  scaledSlowdown,
  type LighthouseResult,
  type LighthouseRoute,
} from "./lighthouse.mjs";
import { INTERACTION_TARGET_MS, runInteractions } from "./interaction";
import { frameworkKb, htmlWeights, manifestWeights, ROUTES, SIGNED_OUT, TARGET_KB, type Route } from "./page-weight";
import { recordResult } from "./results";
import { seedBenchUser } from "./seed";
import {
  createBenchDatabase,
  ensureBuild,
  signIn,
  startServer,
  unlockAdmin,
  waitForSchema,
  type BenchDatabase,
  type BenchServer,
} from "./server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const WARMUP_REQUESTS = 200;
const TARGET_RATIO = 0.7;
/** The app's empty route against a bare Next.js route handler, at 50 connections. */
const TARGET_EMPTY_RATIO = 0.95;
/** At 10 connections, the p99 of the dashboard and today calls within this multiple of the empty route's. */
const TARGET_P99_FACTOR = 2;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

async function expectDashboard(baseUrl: string, cookie: string) {
  const res = await fetch(`${baseUrl}/api/user/dashboard`, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/user/dashboard answered ${res.status}: ${text}`);
  const body = JSON.parse(text) as {
    streakCount?: unknown;
    totalToday?: unknown;
    schedule?: unknown[];
    timezone?: unknown;
  };
  if (
    typeof body.streakCount !== "number" ||
    body.totalToday !== 2 ||
    body.schedule?.length !== 2 ||
    body.timezone !== "UTC"
  ) {
    throw new Error(`GET /api/user/dashboard answered an unexpected body: ${text}`);
  }
  return body as { streakCount: number };
}

async function expectEmpty(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/bench/empty`);
  const text = await res.text();
  if (res.status !== 200 || text !== JSON.stringify({ ok: true }))
    throw new Error(`GET /api/bench/empty answered ${res.status}: ${text}`);
}

async function load(
  url: string,
  headers: Record<string, string>,
  opts: { connections: number; duration?: number; amount?: number },
): Promise<Result> {
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

const summary = (r: Result): Run => ({
  rps: round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  total: r.requests.total,
});

async function expectToday(baseUrl: string, cookie: string) {
  const res = await fetch(`${baseUrl}/api/user/today`, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/user/today answered ${res.status}: ${text}`);
  const body = JSON.parse(text) as { breaks?: { exercises?: unknown[] }[] };
  if (body.breaks?.length !== 2 || !body.breaks.every((b) => (b.exercises?.length ?? 0) > 0))
    throw new Error(`GET /api/user/today answered an unexpected body: ${text}`);
}

type Target = "bare" | "empty" | "dashboard" | "today";

async function httpBench(server: BenchServer, cookie: string, anchor: AnchorServer | undefined) {
  const urls: Record<Target, string> = {
    bare: anchor ? `${anchor.baseUrl}/api/empty` : "",
    empty: `${server.baseUrl}/api/bench/empty`,
    dashboard: `${server.baseUrl}/api/user/dashboard`,
    today: `${server.baseUrl}/api/user/today`,
  };
  const headers = { bare: {}, empty: {}, dashboard: { cookie }, today: { cookie } };
  const targets: Target[] = anchor ? ["bare", "empty", "dashboard", "today"] : ["empty", "dashboard", "today"];

  // Warm-up: JIT, Prisma's pool, the streak settling and the day's plan of the first requests.
  for (const k of targets) await load(urls[k], headers[k], { connections: 10, amount: WARMUP_REQUESTS });

  // The machine is shared (2 cores): the load average says how much else ran during the measurement.
  const loadBefore = os.loadavg()[0]!;
  const runs: Record<number, Partial<Record<Target, Run>>> = {};
  for (const connections of [CONNECTIONS, 10]) {
    runs[connections] = {};
    for (const k of targets) {
      console.log(
        `http: GET ${new URL(urls[k]).pathname}${k === "bare" ? " (bare Next.js)" : k === "empty" ? "" : " (signed in)"}, ${connections} connections, ${SECONDS} s (load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} CPUs)...`,
      );
      runs[connections]![k] = summary(await load(urls[k], headers[k], { connections, duration: SECONDS }));
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  await expectDashboard(server.baseUrl, cookie); // still answering correctly after the load
  await expectToday(server.baseUrl, cookie);

  const at50 = runs[CONNECTIONS] as Record<Target, Run>;
  const at10 = runs[10] as Record<Target, Run>;
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
    bareRps: anchor ? at50.bare.rps : null,
    emptyToBare: anchor ? round(at50.empty.rps / at50.bare.rps, 3) : null,
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
  const http10 = {
    connections: 10,
    bareRps: anchor ? at10.bare.rps : null,
    emptyToBare: anchor ? round(at10.empty.rps / at10.bare.rps, 3) : null,
    emptyRps: at10.empty.rps,
    emptyP50Ms: at10.empty.p50,
    emptyP99Ms: at10.empty.p99,
    dashboardRps: at10.dashboard.rps,
    dashboardP99Ms: at10.dashboard.p99,
    todayRps: at10.today.rps,
    todayP99Ms: at10.today.p99,
    ratio: round(at10.dashboard.rps / at10.empty.rps, 3),
    todayRatio: round(at10.today.rps / at10.empty.rps, 3),
    dashboardP99Factor: round(at10.dashboard.p99 / at10.empty.p99, 2),
    todayP99Factor: round(at10.today.p99 / at10.empty.p99, 2),
  };
  for (const k of targets) {
    console.log(
      `http ${CONNECTIONS} conns: ${k} ${at50[k].rps} req/s (p50 ${at50[k].p50} ms, p99 ${at50[k].p99} ms); 10 conns: ${at10[k].rps} req/s (p50 ${at10[k].p50} ms, p99 ${at10[k].p99} ms)`,
    );
  }
  console.log(
    `http: dashboard/empty throughput at ${CONNECTIONS} connections ${figures.ratio}, today/empty ${figures.todayRatio} (target >= ${TARGET_RATIO}): ${verdict(figures.ratio >= TARGET_RATIO)} / ${verdict(figures.todayRatio >= TARGET_RATIO)}`,
  );
  if (anchor)
    console.log(
      `http: empty/bare Next.js route at ${CONNECTIONS} connections ${figures.emptyToBare} (target >= ${TARGET_EMPTY_RATIO}): ${verdict(figures.emptyToBare! >= TARGET_EMPTY_RATIO)}`,
    );
  console.log(
    `http: p99 at 10 connections, dashboard ${http10.dashboardP99Factor}x and today ${http10.todayP99Factor}x the empty route's (target <= ${TARGET_P99_FACTOR}x): ${verdict(http10.dashboardP99Factor <= TARGET_P99_FACTOR)} / ${verdict(http10.todayP99Factor <= TARGET_P99_FACTOR)}`,
  );
  const loadAfter = os.loadavg()[0]!;
  console.log(
    `http: load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, ${os.cpus().length} CPUs`,
  );
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
    console.log(
      `first-load JS ${r}: ${w.kb === null ? `null (${w.note})` : `${w.kb} KB gzip, ${w.chunks} chunks`}${target}${cross}`,
    );
  }
  await recordResult("firstLoadJsKb", firstLoadJsKb);
  await recordResult("firstLoadJs", {
    method:
      "html: every /_next/static/**.js the route's HTML references (script tags + RSC flight chunk lists, no noModule polyfill), fetched from the server, gzip -9, unique chunks summed",
    unit: "KB gzip (1024 bytes)",
    signedIn: Object.fromEntries(
      ROUTES.map((r) => [
        r,
        r === "/admin" ? "yes, with an owner-console grant (POST /api/verify-admin)" : !SIGNED_OUT.has(r),
      ]),
    ),
    targetsKb: TARGET_KB,
    frameworkKb: frameworkKb(),
    chunks: Object.fromEntries(ROUTES.map((r) => [r, html[r].chunks])),
    manifestMethodKb: Object.fromEntries(ROUTES.map((r) => [r, manifest[r].kb])),
    notes: Object.fromEntries(ROUTES.filter((r) => html[r].note).map((r) => [r, html[r].note])),
  });
}

function printLighthouse(label: string, result: LighthouseResult) {
  if (!result.ran) return console.log(`${label}: did not run: ${result.reason}`);
  for (const r of ["anchor", ...LIGHTHOUSE_ROUTES.map((x) => x.route)]) {
    const s = result[r] as LighthouseRoute | undefined;
    if (s) {
      console.log(
        `${label} ${r}: performance ${s.performance} (LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms, main thread ${s.mainThreadMs} ms), accessibility ${s.accessibility}, best practices ${s.bestPractices}`,
      );
    }
  }
  if (result.behindAnchor) console.log(`${label} points behind the bare page: ${JSON.stringify(result.behindAnchor)}`);
  const targets = result.targets as Record<string, { met: Record<string, boolean> }> | undefined;
  for (const [route, t] of Object.entries(targets ?? {})) {
    const missed = Object.entries(t.met)
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    console.log(
      `${label} ${route} against the bare page: ${JSON.stringify({ ...t, met: undefined })} ${missed.length ? `MISSED ${missed.join(", ")}` : "met"}`,
    );
  }
}

/** Returns the scaled pass's CPU slowdown, for the interaction benchmark. */
async function lighthouse(
  server: BenchServer,
  cookie: string,
  anchor: AnchorServer | undefined,
): Promise<number | undefined> {
  if (process.env.BENCH_SKIP_LIGHTHOUSE === "1") {
    console.log("lighthouse: skipped (BENCH_SKIP_LIGHTHOUSE=1)");
    return undefined;
  }
  const anchorUrl = anchor ? `${anchor.baseUrl}/` : undefined;
  const result = runLighthouse({ baseUrl: server.baseUrl, cookie, anchorUrl });
  printLighthouse("lighthouse", result);
  await recordResult("lighthouse", result);
  // The same pages on a CPU slowed to a mid-range phone's pace whatever this host's speed, by the
  // Lighthouse team's calculator from this pass's benchmark index (both recorded with the result).
  const index = result.ran ? (result.benchmarkIndex as number | undefined) : undefined;
  if (!index) {
    console.log("lighthouse scaled: skipped (no benchmark index from the first pass)");
    return undefined;
  }
  const scaled = runLighthouse({ baseUrl: server.baseUrl, cookie, anchorUrl, cpuSlowdown: scaledSlowdown(index) });
  printLighthouse(`lighthouse scaled (${scaledSlowdown(index)}x)`, scaled);
  await recordResult("lighthouseScaled", scaled);
  return scaledSlowdown(index);
}

async function interaction(server: BenchServer, cookie: string, cpuSlowdown: number | undefined) {
  const result = await runInteractions(server.baseUrl, cookie, cpuSlowdown);
  for (const k of ["openBreakRow", "openBreakRowHydrated", "markDone", "saveSettings"] as const) {
    const r = result[k];
    const p = r.phases;
    console.log(
      `interaction ${k} (CPU ${result.cpuSlowdown}x): next paint median ${r.medianMs} ms, worst ${r.maxMs} ms (target <= ${INTERACTION_TARGET_MS}): ${verdict(r.medianMs <= INTERACTION_TARGET_MS)}; ` +
        `phases (medians): input delay ${p.inputDelayMs} ms, handlers ${p.processingMs} ms, render and paint ${p.renderMs} ms`,
    );
  }
  await recordResult("interaction", result);
}

async function main() {
  await ensureBuild();
  let db: BenchDatabase | undefined;
  let server: BenchServer | undefined;
  let anchor: AnchorServer | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await server?.stop().catch((e) => console.error("[bench] stopping the server:", e));
      await anchor?.stop().catch((e) => console.error("[bench] stopping the bare Next.js app:", e));
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
    console.log(
      `http: seeded ${user.email} with ${user.breaks} completed breaks over 90 days (streak ${dash.streakCount}); signed in through request-code/verify-code`,
    );

    // The bare Next.js app of the same versions, built and served beside ours for the whole run.
    try {
      anchor = await startAnchor(PORT + 1);
    } catch (error) {
      console.log(
        `bench: the bare Next.js app could not be built, measuring without it: ${error instanceof Error ? error.message : error}`,
      );
    }
    await httpBench(server, cookie, anchor);
    // BENCH_HTTP_ONLY=1: just the HTTP figures (e.g. while profiling the server with BENCH_NODE_ARGS).
    if (process.env.BENCH_HTTP_ONLY !== "1") {
      await pageWeight(server, cookie);
      const slowdown = await lighthouse(server, cookie, anchor);
      await interaction(server, cookie, slowdown);
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
