// Lighthouse scores for / (signed out: the login screen), /dashboard, /settings, /history, the
// guided break /break/0 and the owner console /admin (signed in, the session cookie sent with
// --extra-headers) against the running bench server, beside a bare Next.js page of the same
// versions (bench/anchor.ts) measured in the same run. bench/http.ts calls runLighthouse() twice
// while both servers are up: with Lighthouse's default 4x CPU slowdown ("lighthouse") and with the
// slowdown scaled to this host's benchmark index ("lighthouseScaled"); the bare page is "anchor".
//
// Lighthouse is not a project dependency: it runs through `npx --yes lighthouse@<version>` from a
// temporary folder (npx keeps it in its own cache, outside the project). 12.x is the newest line
// that runs on Node 20 (13.x declares node >= 22.19). Chromium is Debian's /usr/bin/chromium.
// Mobile emulation with simulated throttling (Lighthouse's defaults); each URL is run
// BENCH_LH_RUNS times (default 3) and the run with the median performance score is kept.
//
// Standalone: node bench/lighthouse.mjs http://127.0.0.1:3400 [cookie-header] [bare-page-url]  (prints JSON)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const LIGHTHOUSE_VERSION = "12.8.2";
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
// The machine's launch flags (shared/architecture.md), headless.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");
const CATEGORIES = ["performance", "accessibility", "best-practices"];

const tail = (s, n = 600) => (s ?? "").toString().trim().split("\n").slice(-8).join("\n").slice(-n);

function runOnce(url, dir, headersFile, index, cpuSlowdown) {
  const out = path.join(dir, `report-${index}.json`);
  const args = [
    "--yes",
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--max-wait-for-load=60000",
  ];
  if (headersFile) args.push(`--extra-headers=${headersFile}`);
  // The scaled pass: Lighthouse's simulated CPU slowdown set for this host (see runLighthouse).
  if (cpuSlowdown) args.push(`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`);
  const r = spawnSync("npx", args, {
    cwd: dir, // outside the project: npx must not pick up or touch the project's node_modules
    env: { ...process.env, CHROME_PATH, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 300_000,
  });
  if (r.error) throw new Error(`npx lighthouse@${LIGHTHOUSE_VERSION} could not run: ${r.error.message}`);
  if (r.status !== 0 || !existsSync(out)) {
    throw new Error(
      `npx lighthouse@${LIGHTHOUSE_VERSION} exited with ${r.status ?? r.signal}: ${tail(r.stderr) || tail(r.stdout)}`,
    );
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  if (report.runtimeError)
    throw new Error(`Lighthouse runtime error on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return report;
}

function summarise(report) {
  const score = (id) => (report.categories[id]?.score == null ? null : Math.round(report.categories[id].score * 100));
  const ms = (id) => (report.audits[id]?.numericValue == null ? null : Math.round(report.audits[id].numericValue));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcpMs: ms("first-contentful-paint"),
    lcpMs: ms("largest-contentful-paint"),
    tbtMs: ms("total-blocking-time"),
    cls:
      report.audits["cumulative-layout-shift"]?.numericValue == null
        ? null
        : Math.round(report.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    speedIndexMs: ms("speed-index"),
    // Main-thread time of the load (the trace as observed, before any simulated slowdown) and
    // where it went, so a heavier page can be read without the report.
    mainThreadMs: ms("mainthread-work-breakdown"),
    mainThreadByGroup: Object.fromEntries(
      (report.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration)]),
    ),
    // Scripting time by script (Lighthouse's bootup-time), file name only: which chunk grew.
    scriptsMs: Object.fromEntries(
      (report.audits["bootup-time"]?.details?.items ?? []).map((i) => [
        String(i.url).split("/").pop(),
        Math.round(i.scripting + i.scriptParseCompile),
      ]),
    ),
    lcpElement:
      report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
    finalUrl: report.finalDisplayedUrl,
    // Audits with weight that did not pass, so a lower score can be read without the report.
    failing: CATEGORIES.flatMap((c) =>
      (report.categories[c]?.auditRefs ?? [])
        .filter((a) => a.weight > 0 && report.audits[a.id]?.score != null && report.audits[a.id].score < 0.9)
        .map((a) => `${c}:${a.id}`),
    ),
  };
}

/**
 * Limber's pages measured, whether each needs the session cookie (/admin also the console grant
 * bench/http.ts unlocks first), and the most points it may trail the bare page by on the unscaled
 * pass (issue 12). BENCH_LH_ROUTES=/,/settings measures only those (while profiling).
 */
const ALL_ROUTES = [
  { route: "/", signedIn: false, maxBehindAnchor: 3 },
  { route: "/dashboard", signedIn: true, maxBehindAnchor: 3 },
  { route: "/settings", signedIn: true, maxBehindAnchor: 8 },
  { route: "/history", signedIn: true, maxBehindAnchor: 8 },
  { route: "/break/0", signedIn: true, maxBehindAnchor: 8 },
  { route: "/admin", signedIn: true, maxBehindAnchor: 8 },
];
const only = process.env.BENCH_LH_ROUTES?.split(",").filter(Boolean);
export const LIGHTHOUSE_ROUTES = only ? ALL_ROUTES.filter((r) => only.includes(r.route)) : ALL_ROUTES;

/**
 * Issue 19's targets on the scaled pass, against the bare page of the same run: main-thread time
 * at most 1.5 × the bare page's, TBT at most the bare page's + 150 ms, LCP at most 1.2 s, and the
 * performance score within 5 points.
 */
export const SCALED_TARGETS = { mainThreadFactor: 1.5, tbtOverAnchorMs: 150, lcpMs: 1200, scoreBehind: 5 };

/**
 * The CPU slowdown that makes this host as slow as a mid-range phone, by the Lighthouse team's CPU
 * throttling calculator (github.com/patrickhulce/lighthouse-cpu-throttling-calculator): 3x at a
 * benchmark index of 1,300 and one more per 233 above it; 2x at 800 and one more per 500 up to
 * 1,300; 1x at 150 and one more per 650 up to 800; below 150 the host is already that slow (1x).
 */
export function scaledSlowdown(benchmarkIndex) {
  const x =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : benchmarkIndex >= 150
          ? 1 + (benchmarkIndex - 150) / 650
          : 1;
  return Math.round(x * 100) / 100;
}

function scaledVerdicts(result) {
  const a = result.anchor;
  const t = SCALED_TARGETS;
  return Object.fromEntries(
    LIGHTHOUSE_ROUTES.map(({ route }) => {
      const r = result[route];
      return [
        route,
        {
          mainThreadFactor: Math.round((r.mainThreadMs / a.mainThreadMs) * 100) / 100,
          tbtOverAnchorMs: r.tbtMs - a.tbtMs,
          lcpMs: r.lcpMs,
          scoreBehind: a.performance - r.performance,
          met: {
            mainThread: r.mainThreadMs <= t.mainThreadFactor * a.mainThreadMs,
            tbt: r.tbtMs <= a.tbtMs + t.tbtOverAnchorMs,
            lcp: r.lcpMs <= t.lcpMs,
            score: a.performance - r.performance <= t.scoreBehind,
          },
        },
      ];
    }),
  );
}

// Lighthouse now and then fails to record the trace on a loaded machine (NO_NAVSTART, "Something
// went wrong with recording the trace"), once in a run or twice on the same page: up to 3 retries,
// so one bad trace does not cost the whole pass.
const RETRIES = 3;
function runWithRetry(url, dir, headersFile, index, cpuSlowdown) {
  for (let attempt = 0; ; attempt++) {
    try {
      return runOnce(url, dir, headersFile, attempt === 0 ? index : `${index}-retry${attempt}`, cpuSlowdown);
    } catch (error) {
      if (attempt >= RETRIES || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT|exited with/.test(String(error))) throw error;
      console.log(`lighthouse: retrying ${url} (${attempt + 1}/${RETRIES}: ${String(error).slice(0, 120)})`);
    }
  }
}

/**
 * Runs Lighthouse on the bare Next.js page (`anchorUrl`, recorded as "anchor") and on each of
 * LIGHTHOUSE_ROUTES of `baseUrl`, `runs` times each, interleaved (anchor, then every route, per
 * round) so a machine that slows down mid-run weighs on all of them alike. Keeps the run with the
 * median performance score. Never throws: when Lighthouse cannot run here the answer is
 * `{ ran: false, reason }`. `cpuSlowdown` replaces Lighthouse's default 4× (the scaled pass).
 * BENCH_LH_KEEP=<folder> keeps each median report there (to read a profile; never commit them).
 */
export function runLighthouse({
  baseUrl,
  cookie,
  anchorUrl,
  cpuSlowdown,
  runs = Number(process.env.BENCH_LH_RUNS ?? 3),
}) {
  if (!existsSync(CHROME_PATH))
    return { ran: false, reason: `no Chromium at ${CHROME_PATH} (apt-get install -y chromium)` };
  const dir = mkdtempSync(path.join(os.tmpdir(), "limber-lighthouse-"));
  try {
    const headersFile = path.join(dir, "headers.json");
    writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
    const result = {
      ran: true,
      version: LIGHTHOUSE_VERSION,
      formFactor: "mobile",
      throttling: cpuSlowdown
        ? `simulated, CPU slowdown ${cpuSlowdown}x`
        : "simulated (Lighthouse defaults: CPU slowdown 4x)",
      ...(cpuSlowdown ? { cpuSlowdown, calibration: "Lighthouse CPU throttling calculator (benchmarkIndex)" } : {}),
      runsPerUrl: runs,
    };
    const targets = [
      ...(anchorUrl ? [{ key: "anchor", url: anchorUrl, path: new URL(anchorUrl).pathname, headers: undefined }] : []),
      ...LIGHTHOUSE_ROUTES.map((r) => ({
        key: r.route,
        url: baseUrl + r.route,
        path: r.route,
        headers: r.signedIn ? headersFile : undefined,
      })),
    ];
    const reports = new Map(targets.map((t) => [t.key, []]));
    const env = {};
    let index = 0;
    for (let i = 0; i < runs; i++) {
      for (const t of targets) {
        const t0 = Date.now();
        const report = runWithRetry(t.url, dir, t.headers, index++, cpuSlowdown);
        reports.get(t.key).push(report);
        console.log(
          `lighthouse ${t.key} run ${i + 1}/${runs}: performance ${Math.round(report.categories.performance.score * 100)} (${Math.round((Date.now() - t0) / 1000)} s)`,
        );
      }
    }
    for (const t of targets) {
      const list = [...reports.get(t.key)].sort(
        (a, b) => a.categories.performance.score - b.categories.performance.score,
      );
      const median = list[Math.floor(list.length / 2)];
      const summary = summarise(median);
      if (process.env.BENCH_LH_KEEP) {
        mkdirSync(process.env.BENCH_LH_KEEP, { recursive: true });
        const name = `${t.key === "anchor" ? "anchor" : t.key.replace(/\//g, "_") || "_"}${cpuSlowdown ? "-scaled" : ""}.json`;
        writeFileSync(path.join(process.env.BENCH_LH_KEEP, name), JSON.stringify(median));
      }
      if (new URL(summary.finalUrl).pathname !== t.path)
        throw new Error(`Lighthouse on ${t.url} ended on ${summary.finalUrl} (redirected)`);
      result[t.key] = {
        ...summary,
        performanceRuns: reports.get(t.key).map((r) => Math.round(r.categories.performance.score * 100)),
      };
      // Lighthouse's CPU benchmark of this machine (a loaded 2-core VM scores low) and its warnings.
      env.benchmarkIndex = median.environment?.benchmarkIndex;
      env.chromium = /HeadlessChrome\/([\d.]+)/.exec(median.environment?.hostUserAgent ?? "")?.[1];
      const warnings = (median.runWarnings ?? []).map((w) => w.replace(/\s+Learn more.*$/s, "").replace(/\s+/g, " "));
      if (warnings.length) env.warnings = [...new Set([...(env.warnings ?? []), ...warnings])];
    }
    if (result.anchor) {
      // Points behind the bare page (positive = behind) and whether each stays within its allowance.
      result.behindAnchor = Object.fromEntries(
        LIGHTHOUSE_ROUTES.map((r) => [r.route, result.anchor.performance - result[r.route].performance]),
      );
      if (cpuSlowdown) result.targets = scaledVerdicts(result);
      else
        result.withinTarget = Object.fromEntries(
          LIGHTHOUSE_ROUTES.map((r) => [r.route, result.behindAnchor[r.route] <= r.maxBehindAnchor]),
        );
    }
    return { ...result, ...env };
  } catch (error) {
    return { ran: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run of one URL (bench/compare.ts alternates two builds with it): the summary of
 * runLighthouse's routes, without retries' bookkeeping beyond runWithRetry's. Throws when it cannot run.
 */
export function measurePage({ url, cookie, cpuSlowdown }) {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (apt-get install -y chromium)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "limber-lighthouse-"));
  try {
    let headersFile;
    if (cookie) {
      headersFile = path.join(dir, "headers.json");
      writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
    }
    return summarise(runWithRetry(url, dir, headersFile, 0, cpuSlowdown));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [baseUrl = "http://127.0.0.1:3400", cookie = "", anchorUrl] = process.argv.slice(2);
  console.log(JSON.stringify(runLighthouse({ baseUrl, cookie, anchorUrl }), null, 2));
}
