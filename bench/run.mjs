#!/usr/bin/env node
// `npm run bench`: every benchmark in turn; figures are merged into bench/results/latest.json.
// Not part of `npm test` (timings depend on the machine). Needs the machine's PostgreSQL; the http
// step builds the app into .next-bench when needed and runs it on port 3400 (see bench/README.md).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const steps = [
  ["dispatch", "npm", ["run", "bench:dispatch"]],
  // 1,000,000 users / 100,000 due, sent by 1 and by 2 shard processes (several minutes).
  ["dispatch at scale", "npx", ["tsx", "bench/dispatch-scale.ts"]],
  // Two senders sharing MAIL_MAX_RPS against a stub that answers 429 above it.
  ["mail rate", "npx", ["tsx", "bench/mail-rate.ts"]],
  // HTTP throughput and latency, then first-load JS and Lighthouse while the same server is up.
  ["http + page weight + lighthouse", "npx", ["tsx", "bench/http.ts"]],
  // GET /api/user/history?days=365 for a user with a year of history.
  ["history", "npx", ["tsx", "bench/history.ts"]],
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
