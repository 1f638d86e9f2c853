// Profiles the server under load on one call: starts the bench build like `npm start` with
// --cpu-prof, signs the bench user in, loads GET <path> with autocannon, stops the server and
// prints where the CPU time went (self time by function, and by package).
// Usage: NODE_ENV=production npx tsx bench/profile.ts /api/user/today [seconds] [connections]
// `bare:/api/empty` profiles the bare Next.js app of bench/anchor.ts instead (its route handler), so
// the two profiles can be read side by side.
// The .cpuprofile is left in $TMPDIR/limber-profile-*/ (open it in Chrome DevTools); never commit it.
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startAnchor } from "./anchor";
import { seedBenchUser } from "./seed";
import { createBenchDatabase, ensureBuild, signIn, startServer, waitForSchema } from "./server";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

function summarize(file: string) {
  const p = JSON.parse(readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const byFn = new Map<string, number>();
  const byPkg = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const f = nodes.get(id)!.callFrame;
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url)?.[1] ??
      (f.url.includes("/.next") ? "app (.next chunks)" : f.url ? "node internals" : f.functionName || "(vm)");
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + dt);
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  console.log(`\nby package (${(total / 1e6).toFixed(1)} s sampled):\n${top(byPkg, 15).join("\n")}`);
  console.log(`\nby function (self time):\n${top(byFn, 30).join("\n")}`);
}

async function main() {
  const [route = "/api/user/today", seconds = "10", connections = "10"] = process.argv.slice(2);
  const dir = mkdtempSync(path.join(os.tmpdir(), "limber-profile-"));
  process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
  if (route.startsWith("bare:")) {
    const anchor = await startAnchor(Number(process.env.BENCH_PORT ?? 3480));
    try {
      await load(`${anchor.baseUrl}${route.slice("bare:".length)}`, "", seconds, connections);
    } finally {
      await anchor.stop();
    }
    return report(dir);
  }
  await ensureBuild();
  const db = await createBenchDatabase("profile");
  const server = await startServer(db.url, Number(process.env.BENCH_PORT ?? 3480));
  try {
    await waitForSchema(db.url);
    const user = await seedBenchUser(db.url);
    const cookie = await signIn(server, user.email);
    await load(`${server.baseUrl}${route}`, cookie, seconds, connections);
  } finally {
    await server.stop();
    await db.drop();
  }
  await report(dir);
}

/** A warm-up, then `connections` for `seconds` on `url`. */
async function load(url: string, cookie: string, seconds: string, connections: string) {
  await autocannon({ url, headers: { cookie }, connections: 10, amount: 300 });
  const r = await autocannon({ url, headers: { cookie }, connections: Number(connections), duration: Number(seconds) });
  console.log(
    `${url}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`,
  );
}

async function report(dir: string) {
  // The profile is written as the server exits; the largest is the one that served.
  let file: string | undefined;
  for (let i = 0; i < 40 && !file; i++) {
    file = readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0];
    if (!file) await new Promise((r) => setTimeout(r, 250));
  }
  if (!file) throw new Error(`no profile written in ${dir}`);
  console.log(`profile: ${path.join(dir, file)}`);
  summarize(path.join(dir, file));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
