#!/usr/bin/env node
// `npm start`: builds the app when there is no build or the sources changed since the last one,
// then serves it on $PORT (default 3000) with scripts/serve.mjs (Next's handler on a Node server
// that tells the app each request's TCP peer address). The server applies pending database
// migrations and runs the reminder scheduler itself (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildIsStale } from "./build-state.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
// date-fns-tz picks between the two instants of a repeated (fall-back) local time by the host zone:
// run in UTC everywhere, as Vercel does, so reminders behave the same on every host.
process.env.TZ = "UTC";
process.env.CHECKPOINT_DISABLE = "1";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync(path.join(root, "lib", "generated", "prisma", "client.ts"))) {
  run(process.execPath, [path.join(root, "node_modules", "prisma", "build", "index.js"), "generate"]);
}
// The build this server will serve: NEXT_DIST_DIR when set (next.config.ts reads the same variable).
if (buildIsStale(root, process.env.NEXT_DIST_DIR || ".next")) {
  console.log("[start] building the app (first start or sources changed)...");
  run(process.execPath, [nextBin, "build"]);
}

const server = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
