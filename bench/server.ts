// Shared plumbing for the benchmarks that need the real, built app: a throwaway PostgreSQL
// database, a production build in .next-bench (never .next: the e2e suite uses that one), a
// server started as `npm start` starts it (scripts/serve.mjs), seeding and the real sign-in flow.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildIsStale } from "../scripts/build-state.mjs";

// Run from the project root (npm scripts do), like bench/results.ts.
export const root = process.cwd();
export const DIST_DIR = ".next-bench";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
// ---- database ----------------------------------------------------------------------------------

export interface BenchDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** Creates an empty database next to BENCH_DATABASE_URL's; the app migrates it on first use. */
export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const base = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
  const name = `limber_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

// ---- build -------------------------------------------------------------------------------------

/**
 * `next build` rewrites tsconfig.json (adds `<distDir>/types/**` to "include") and next-env.d.ts
 * (imports `<distDir>/types/routes.d.ts`) for whatever distDir it builds into. Other engineers and
 * the e2e suite rely on the `.next` versions, so both files are put back as they were.
 */
async function restoreTypeFiles(before: Map<string, string | null>, distDir: string) {
  for (const [file, original] of before) {
    if (original === null) continue;
    const now = await readFile(file, "utf8").catch(() => null);
    if (now === null || now === original) continue;
    if (path.basename(file) === "tsconfig.json") {
      try {
        const parsed = JSON.parse(now) as { include?: string[] };
        parsed.include = parsed.include?.filter((i) => !i.startsWith(`${distDir}/`));
        if (JSON.stringify(parsed) !== JSON.stringify(JSON.parse(original))) {
          console.warn(`[bench] ${file} changed during the build beyond Next's ${distDir} entries; left as it is`);
          continue;
        }
      } catch {
        continue;
      }
    } else if (!now.includes(`${distDir}/`)) {
      continue; // someone else rewrote it (e.g. a build into .next): theirs stands
    }
    await writeFile(file, original);
    console.log(`[bench] restored ${path.relative(root, file)} (next build had pointed it at ${distDir})`);
  }
}

/**
 * Builds into `distDir` (.next-bench by default) when there is no build there or the sources are
 * newer than it; `force` builds regardless (bench/compare.ts builds each version it compares).
 */
export async function ensureBuild(distDir = DIST_DIR, { force = false } = {}) {
  if (!existsSync(path.join(root, "lib", "generated", "prisma", "client.ts"))) {
    const r = spawnSync(
      process.execPath,
      [path.join(root, "node_modules", "prisma", "build", "index.js"), "generate"],
      { cwd: root, stdio: "inherit" },
    );
    if (r.status !== 0) throw new Error("prisma generate failed");
  }
  if (!force && !buildIsStale(root, distDir)) {
    console.log(`[bench] reusing the build in ${distDir}`);
    return;
  }
  console.log(`[bench] building into ${distDir}${force ? "" : " (no build yet, or sources changed)"}...`);
  const typeFiles = ["tsconfig.json", "next-env.d.ts"].map((f) => path.join(root, f));
  const before = new Map<string, string | null>();
  for (const f of typeFiles) before.set(f, await readFile(f, "utf8").catch(() => null));
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  await restoreTypeFiles(before, distDir);
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
  console.log(`[bench] build took ${Math.round((Date.now() - t0) / 1000)} s`);
}

// ---- server ------------------------------------------------------------------------------------

export const AUTH_SECRET = "limber-bench-secret-0123456789-abcdefghi"; // 40 characters, fixed
export const ADMIN_CODE = "bench-admin-code-0123456789";

export interface BenchServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  stop: () => Promise<void>;
}

async function waitForExit(child: ChildProcess, ms: number) {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** scripts/serve.mjs (what `npm start` runs) on the build in `distDir`; resolves once GET /api/auth/user answers. */
export async function startServer(databaseUrl: string, port = 3400, distDir = DIST_DIR): Promise<BenchServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await fetch(`${baseUrl}/api/auth/user`, { signal: AbortSignal.timeout(1000) });
    throw new Error(`port ${port} is already in use: stop whatever listens there first`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("port ")) throw error;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "limber-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const log = createWriteStream(logFile);
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "scripts", "serve.mjs")], {
    cwd: root,
    // Own process group, so stop() can end the server and anything it forked, and nothing else.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      ADMIN_CODE,
      APP_URL: baseUrl,
      SCHEDULER: "off",
      LIMBER_BENCH: "1",
      DATA_DIR: dataDir,
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      TZ: "UTC",
      PORT: String(port),
    },
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      if (!(await waitForExit(child, 10_000))) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
        await waitForExit(child, 5_000);
      }
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      const tail = (await readFile(logFile, "utf8").catch(() => "")).slice(-3000);
      await stop();
      throw new Error(`the server exited with ${child.exitCode} before answering:\n${tail}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/auth/user`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 401 || res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the server did not answer GET /api/auth/user within 120 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir, logFile, stop };
}

// ---- data and sign-in --------------------------------------------------------------------------

/** Waits until the server has applied its migrations (instrumentation opens the database at start). */
export async function waitForSchema(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 240; i++) {
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT to_regclass('public.breaks') IS NOT NULL AND to_regclass('public.pause_periods') IS NOT NULL AS ok`,
      );
      if (rows[0]?.ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("the app did not create its tables within 60 s");
  } finally {
    await client.end();
  }
}

function cookiePairs(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const eq = pair.indexOf("=");
    if (eq > 0) out.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return out;
}

/**
 * The real sign-in flow: request a code, read it from the outbox file the server wrote, verify it
 * with the login cookie from step 1. Returns the Cookie header that carries the session.
 */
export async function signIn(server: BenchServer, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, "outbox");
  const seen = new Set(await readdir(outbox).catch(() => [] as string[]));
  const json = { "content-type": "application/json" };
  const r1 = await fetch(`${server.baseUrl}/api/auth/request-code`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (r1.status !== 200) throw new Error(`request-code answered ${r1.status}: ${await r1.text()}`);
  const loginCookie = cookiePairs(r1).get("limber.login-email");
  if (!loginCookie) throw new Error("request-code set no limber.login-email cookie");

  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".json") && !seen.has(f))
      .sort();
    for (const f of files) {
      const msg = JSON.parse(await readFile(path.join(outbox, f), "utf8")) as { to: string; subject: string };
      const found = /\b\d{6}\b/.exec(msg.subject)?.[0];
      if (msg.to === email && found) code = found;
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no login code for ${email} in ${outbox}`);

  const r2 = await fetch(`${server.baseUrl}/api/auth/verify-code`, {
    method: "POST",
    headers: { ...json, cookie: `limber.login-email=${loginCookie}` },
    body: JSON.stringify({ code }),
  });
  if (r2.status !== 200) throw new Error(`verify-code answered ${r2.status}: ${await r2.text()}`);
  const session = [...cookiePairs(r2)].filter(([name, value]) => name.endsWith("limber.session_token") && value !== "");
  if (session.length === 0) throw new Error("verify-code set no limber.session_token cookie");
  return session.map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Grants the session owner-console access through POST /api/verify-admin (ADMIN_CODE is set). */
export async function unlockAdmin(server: BenchServer, cookie: string) {
  const res = await fetch(`${server.baseUrl}/api/verify-admin`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ code: ADMIN_CODE }),
  });
  if (res.status !== 200) throw new Error(`verify-admin answered ${res.status}: ${await res.text()}`);
}
