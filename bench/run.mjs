#!/usr/bin/env node
// `npm run bench`: every benchmark in turn; figures are merged into bench/results/latest.json.
// Not part of `npm test` (timings depend on the machine). Needs the machine's PostgreSQL.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const steps = [["dispatch", ["run", "bench:dispatch"]]];
let failed = false;
for (const [name, args] of steps) {
  console.log(`\n== bench: ${name}`);
  const r = spawnSync("npm", args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", TZ: "UTC" } });
  if (r.status !== 0) failed = true;
}
console.log("\n" + readFileSync("bench/results/latest.json", "utf8"));
process.exit(failed ? 1 : 0);
