// Lighthouse scores for / (signed out: the login screen) and /dashboard (signed in, the session
// cookie sent with --extra-headers) against the running bench server. bench/http.ts calls
// runLighthouse() while its server is up and records the result under "lighthouse".
//
// Lighthouse is not a project dependency: it runs through `npx --yes lighthouse@<version>` from a
// temporary folder (npx keeps it in its own cache, outside the project). 12.x is the newest line
// that runs on Node 20 (13.x declares node >= 22.19). Chromium is Debian's /usr/bin/chromium.
// Mobile emulation with simulated throttling (Lighthouse's defaults); each URL is run
// BENCH_LH_RUNS times (default 3) and the run with the median performance score is kept.
//
// Standalone: node bench/lighthouse.mjs http://127.0.0.1:3400 [cookie-header]  (prints JSON)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

function runOnce(url, dir, headersFile, index) {
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
  const r = spawnSync("npx", args, {
    cwd: dir, // outside the project: npx must not pick up or touch the project's node_modules
    env: { ...process.env, CHROME_PATH, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 300_000,
  });
  if (r.error) throw new Error(`npx lighthouse@${LIGHTHOUSE_VERSION} could not run: ${r.error.message}`);
  if (r.status !== 0 || !existsSync(out)) {
    throw new Error(`npx lighthouse@${LIGHTHOUSE_VERSION} exited with ${r.status ?? r.signal}: ${tail(r.stderr) || tail(r.stdout)}`);
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  if (report.runtimeError) throw new Error(`Lighthouse runtime error on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
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
    cls: report.audits["cumulative-layout-shift"]?.numericValue == null ? null : Math.round(report.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
    speedIndexMs: ms("speed-index"),
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
 * Runs Lighthouse on `${baseUrl}/` and `${baseUrl}/dashboard`. Never throws: when Lighthouse cannot
 * run here the answer is `{ ran: false, reason }`.
 */
export function runLighthouse({ baseUrl, cookie, runs = Number(process.env.BENCH_LH_RUNS ?? 3) }) {
  if (!existsSync(CHROME_PATH)) return { ran: false, reason: `no Chromium at ${CHROME_PATH} (apt-get install -y chromium)` };
  const dir = mkdtempSync(path.join(os.tmpdir(), "limber-lighthouse-"));
  try {
    const headersFile = path.join(dir, "headers.json");
    writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
    const result = {
      ran: true,
      version: LIGHTHOUSE_VERSION,
      formFactor: "mobile",
      throttling: "simulated (Lighthouse defaults)",
      runsPerUrl: runs,
    };
    const env = {};
    let index = 0;
    for (const [route, withCookie] of [["/", false], ["/dashboard", true]]) {
      const url = baseUrl + route;
      const reports = [];
      for (let i = 0; i < runs; i++) {
        const t0 = Date.now();
        reports.push(runOnce(url, dir, withCookie ? headersFile : undefined, index++));
        console.log(`lighthouse ${route} run ${i + 1}/${runs}: performance ${Math.round(reports.at(-1).categories.performance.score * 100)} (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
      reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const median = reports[Math.floor(reports.length / 2)];
      const summary = summarise(median);
      if (new URL(summary.finalUrl).pathname !== route) throw new Error(`Lighthouse on ${route} ended on ${summary.finalUrl} (redirected)`);
      result[route] = { ...summary, performanceRuns: reports.map((r) => Math.round(r.categories.performance.score * 100)) };
      // Lighthouse's CPU benchmark of this machine (a loaded 2-core VM scores low) and its warnings.
      env.benchmarkIndex = median.environment?.benchmarkIndex;
      env.chromium = /HeadlessChrome\/([\d.]+)/.exec(median.environment?.hostUserAgent ?? "")?.[1];
      const warnings = (median.runWarnings ?? []).map((w) => w.replace(/\s+Learn more.*$/s, "").replace(/\s+/g, " "));
      if (warnings.length) env.warnings = [...new Set([...(env.warnings ?? []), ...warnings])];
    }
    return { ...result, ...env };
  } catch (error) {
    return { ran: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [baseUrl = "http://127.0.0.1:3400", cookie = ""] = process.argv.slice(2);
  console.log(JSON.stringify(runLighthouse({ baseUrl, cookie }), null, 2));
}
