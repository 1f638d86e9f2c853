#!/usr/bin/env node
// `npm run bench`: every benchmark in turn; figures are merged into bench/results/latest.json.
// Not part of `npm test` (timings depend on the machine). Needs the machine's PostgreSQL; the http
// step builds the app into .next-bench when needed and runs it on port 3400 (see bench/README.md).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const steps = [
  ["dispatch", "npm", ["run", "bench:dispatch"]],
  // HTTP throughput and latency, then first-load JS and Lighthouse while the same server is up.
  ["http + page weight + lighthouse", "npx", ["tsx", "bench/http.ts"]],
];
let failed = false;
for (const [name, cmd, args] of steps) {
  console.log(`\n== bench: ${name}`);
  const r = spawnSync(cmd, args, {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", TZ: "UTC" },
  });
  if (r.status !== 0) {
    console.error(`== bench: ${name} failed (${r.status ?? r.signal ?? r.error?.message})`);
    failed = true;
  }
}
console.log("\n" + readFileSync("bench/results/latest.json", "utf8"));
process.exit(failed ? 1 : 0);
