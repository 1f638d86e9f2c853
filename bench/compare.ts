// Compares two production builds of Limber on one page, side by side in one run, so a change can be
// judged on this host, whose speed moves between full bench runs by more than many effects do.
// Both builds are served at once (ports BENCH_PORT and BENCH_PORT + 2) on one throwaway database
// with the bench user; the runs alternate A, B, A, B... so a machine that slows down weighs on both.
//
//   1. build each version into its own folder (the working tree as it is at that moment):
//        NODE_ENV=production npx tsx bench/compare.ts build .next-a     (then change the code)
//        NODE_ENV=production npx tsx bench/compare.ts build .next-b
//   2. NODE_ENV=production npx tsx bench/compare.ts .next-a .next-b
//
// Env: COMPARE_MODE=lighthouse (default: Lighthouse mobile on COMPARE_ROUTE, default /settings, at
// COMPARE_CPU, default 6, times slowdown; COMPARE_ROUNDS pairs, default 5) or interaction (the four
// traced interactions of bench/interaction.ts at COMPARE_CPU; COMPARE_ROUNDS pairs of 5 each).
// COMPARE_BARE=1 (lighthouse mode) also measures the bare Next.js page of bench/anchor.ts each round,
// as a third column. COMPARE_SCRIPTS=1 also prints each run's scripting time by script. Prints the medians of each build and how many pairs B won; records nothing.
// Delete the .next-a and .next-b folders afterwards (they are ignored by git, but large).
import { existsSync } from "node:fs";
import path from "node:path";
import { runInteractions, type InteractionResult } from "./interaction";
import { startAnchor, type AnchorServer } from "./anchor";
import { measurePage } from "./lighthouse.mjs";
import { seedBenchUser } from "./seed";
import {
  createBenchDatabase,
  ensureBuild,
  root,
  signIn,
  startServer,
  unlockAdmin,
  waitForSchema,
  type BenchServer,
} from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const MODE = process.env.COMPARE_MODE ?? "lighthouse";
const ROUTE = process.env.COMPARE_ROUTE ?? "/settings";
const CPU = Number(process.env.COMPARE_CPU ?? 6);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);
/** Pages a visitor opens signed out ("/" signed in would redirect to /dashboard). */
const SIGNED_OUT = new Set(["/", "/email-test", "/disclaimer"]);
const BARE = process.env.COMPARE_BARE === "1" && MODE === "lighthouse";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Figures of one run, by name (lower is better for all but the score). */
type Figures = Record<string, number>;

function lighthouseOnce(url: string, cookie?: string): Figures {
  const s = measurePage({ url, cookie, cpuSlowdown: CPU });
  const groups = Object.fromEntries(Object.entries(s.mainThreadByGroup).map(([k, v]) => [`  ${k}`, v]));
  // COMPARE_SCRIPTS=1: each run's scripting time by script, to find which chunk a change weighs on.
  if (process.env.COMPARE_SCRIPTS === "1") console.log(`  scripts ${url}: ${JSON.stringify(s.scriptsMs)}`);
  if (new URL(s.finalUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${s.finalUrl} (redirected)`);
  return {
    score: s.performance ?? 0,
    tbtMs: s.tbtMs ?? 0,
    mainThreadMs: s.mainThreadMs ?? 0,
    lcpMs: s.lcpMs ?? 0,
    ...groups,
  };
}

async function interactionOnce(server: BenchServer, cookie: string): Promise<Figures> {
  const r: InteractionResult = await runInteractions(server.baseUrl, cookie, CPU);
  return {
    openRowMs: r.openBreakRow.medianMs,
    openRowHydratedMs: r.openBreakRowHydrated.medianMs,
    markDoneMs: r.markDone.medianMs,
    saveSettingsMs: r.saveSettings.medianMs,
  };
}

function report(a: Figures[], b: Figures[], bare: Figures[]) {
  const keys = [...new Set([...a, ...b].flatMap((f) => Object.keys(f)))];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\n${MODE === "lighthouse" ? `Lighthouse ${ROUTE}` : "interactions"} at ${CPU}x, ${a.length} pairs (medians)`,
  );
  console.log(`${"".padEnd(28)}${pad("A", 8)}${pad("B", 8)}${pad("B better", 10)}${bare.length ? pad("bare", 8) : ""}`);
  for (const k of keys) {
    const va = a.map((f) => f[k] ?? 0);
    const vb = b.map((f) => f[k] ?? 0);
    const higherIsBetter = k === "score";
    const wins = va.filter((x, i) => (higherIsBetter ? vb[i]! > x : vb[i]! < x)).length;
    const vBare = bare.length ? pad(Math.round(median(bare.map((f) => f[k] ?? 0))), 8) : "";
    console.log(
      `${k.padEnd(28)}${pad(Math.round(median(va)), 8)}${pad(Math.round(median(vb)), 8)}${pad(`${wins}/${va.length}`, 10)}${vBare}`,
    );
  }
}

async function main() {
  const [first, second] = process.argv.slice(2);
  if (first === "build" && second) {
    await ensureBuild(second, { force: true });
    return;
  }
  if (!first || !second) throw new Error("usage: bench/compare.ts build <dir> | bench/compare.ts <dirA> <dirB>");
  for (const dir of [first, second])
    if (!existsSync(path.join(root, dir, "BUILD_ID"))) throw new Error(`no build in ${dir}: build it first`);

  const db = await createBenchDatabase("compare");
  const servers: BenchServer[] = [];
  let anchor: AnchorServer | undefined;
  try {
    if (BARE) anchor = await startAnchor(PORT + 1);
    servers.push(await startServer(db.url, PORT, first));
    await waitForSchema(db.url);
    servers.push(await startServer(db.url, PORT + 2, second));
    const user = await seedBenchUser(db.url);
    // One session serves both: the same database and secret.
    const cookie = await signIn(servers[0]!, user.email);
    if (ROUTE === "/admin") await unlockAdmin(servers[0]!, cookie);
    const results: [Figures[], Figures[], Figures[]] = [[], [], []];
    for (let round = 0; round < ROUNDS; round++) {
      if (anchor) {
        results[2].push(lighthouseOnce(`${anchor.baseUrl}/`));
        console.log(`round ${round + 1}/${ROUNDS} bare: ${JSON.stringify(results[2].at(-1))}`);
      }
      for (const [i, server] of servers.entries()) {
        const figures =
          MODE === "interaction"
            ? await interactionOnce(server, cookie)
            : lighthouseOnce(server.baseUrl + ROUTE, SIGNED_OUT.has(ROUTE) ? undefined : cookie);
        results[i as 0 | 1].push(figures);
        console.log(`round ${round + 1}/${ROUNDS} ${i ? "B" : "A"}: ${JSON.stringify(figures)}`);
      }
    }
    report(...results);
  } finally {
    for (const s of servers) await s.stop();
    await anchor?.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
