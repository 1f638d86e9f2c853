#!/usr/bin/env node
// `npm test`, in the order CI runs it: the production build (when the sources changed since the
// last one) and the build scan (scripts/scan-build.mjs); unit + integration tests (Vitest;
// integration on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set); the contract suite
// against that build served as `npm start` serves it (tests/contract); then the end-to-end tests in
// Chromium (Playwright). Exits non-zero if anything fails and ends with one "N passed, N failed"
// line for every runner together. `npm test -- vitest|contract|e2e` runs one part.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsStale } from "./build-state.mjs";
import { playwrightFailures, vitestFailures } from "./test-failures.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const results = path.join(root, "test-results");
mkdirSync(results, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", TZ: "UTC" };
const only = process.argv[2]; // optional: "vitest", "contract" or "e2e"

function run(args, extraEnv = {}) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let exit = 0;
// Each failed test, named again at the very end (scripts/test-failures.mjs).
const failures = [];

/** Runs Vitest on `projects`, adding its counts and failures to the totals. */
function vitest(name, projects) {
  const out = path.join(results, `${name}.json`);
  rmSync(out, { force: true });
  const code = run([
    path.join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    ...projects.map((p) => `--project=${p}`),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  passed += report?.numPassedTests ?? 0;
  failed += report ? report.numFailedTests : 1;
  failures.push(...vitestFailures(report, root));
  if (code !== 0) exit = 1;
}

// What users run is the build: it is made (or found up to date) and scanned before any test.
if (only === undefined || only === "contract") {
  if (buildIsStale(root)) {
    console.log("== next build (the sources changed since the last build)");
    if (run([path.join(root, "node_modules/next/dist/bin/next"), "build"]) !== 0) {
      console.log("\nThe production build failed: nothing was tested.");
      process.exit(1);
    }
  }
  console.log("== build scan");
  if (run([path.join(root, "scripts/scan-build.mjs")]) !== 0) {
    failures.push("build scan: a chunk reads a name nothing declares (see its output above)");
    failed += 1;
    exit = 1;
  }
}

if (only === undefined || only === "vitest") vitest("vitest", ["unit", "integration*"]);

if (only === undefined || only === "contract") vitest("contract", ["contract"]);

if (only === undefined || only === "e2e") {
  if (!existsSync("/usr/bin/chromium")) {
    console.error("Chromium is missing: apt-get install -y chromium (see README, Testing).");
    process.exit(1);
  }
  const out = path.join(results, "playwright.json");
  rmSync(out, { force: true });
  const code = run([path.join(root, "node_modules/@playwright/test/cli.js"), "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const report = readJson(out);
  passed += (report?.stats?.expected ?? 0) + (report?.stats?.flaky ?? 0);
  failed += report ? report.stats.unexpected : 1;
  failures.push(...playwrightFailures(report));
  if (code !== 0) exit = 1;
}

// A runner can fail with every test passing (an unhandled error, a server that did not start):
// say so, or the summary line below reads like a pass.
if (exit && failed === 0)
  console.log("\nA test runner failed outside any test (unhandled error or setup): see its output above.");
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exit || (failed > 0 ? 1 : 0));
