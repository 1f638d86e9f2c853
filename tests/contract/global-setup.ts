// The contract suite's one server: the production build served exactly as `npm start` serves it
// after its build (`node scripts/serve.mjs`: Next's handler on a plain Node server), on a fresh data
// dir and database. Its teardown is the coverage gate: every route handler × method and every
// server action in the build must have been called, no call may have answered 5xx, and the server
// log must hold no unexpected error. A throw in a global teardown does not fail `vitest run` (it is
// only logged as "error during close"), so the gate also sets process.exitCode.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import webpush from "web-push";
import type { TestProject } from "vitest/node";
import type { ContractContext } from "./support/context";
import { coverageReport, readCalls } from "./support/coverage";
import { startIcsStub } from "./support/ics-stub";
import { startPushStub } from "./support/push-stub";

const root = path.resolve(import.meta.dirname, "../..");

// Every variable the app reads (.env.example): none may leak in from the shell that runs the suite.
const APP_VARS = [
  "ADMIN_CODE",
  "ADMIN_EMAIL",
  "AI_MODEL",
  "APP_URL",
  "AUDIT_IP_RETENTION_DAYS",
  "AUDIT_RETENTION_DAYS",
  "AUTH_SECRET",
  "CALENDAR_FETCH_ALLOW",
  "CONTACT_EMAIL",
  "CRON_SECRET",
  "DATABASE_URL",
  "DATA_DIR",
  "DISPATCH_FANOUT_AT",
  "DISPATCH_SHARD",
  "DISPATCH_SHARDS",
  "EMAIL_FROM",
  "FEEDBACK_URL",
  "MAIL_HOURLY_CAP",
  "MAIL_MAX_RPS",
  "MAIL_TRANSPORT",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "PORT",
  "PUSH_ENDPOINT_HOSTS",
  "RESEND_API_KEY",
  "RESEND_BASE_URL",
  "SCHEDULER",
  "SESSION_CLIENT_INFO",
  "TRUST_PROXY",
  "VAPID_PRIVATE_KEY",
  "VAPID_PUBLIC_KEY",
  "VAPID_SUBJECT",
  "LIMBER_BENCH",
  // Vitest's own markers: `npm start` runs without them.
  "NODE_ENV",
  "TEST",
  "VITEST",
];

/** Log lines that mean something went wrong inside the app (a stack frame, Next's ⨯, our own "unexpected"). */
const BAD_LOG_LINE = /unexpected error|^\s+at\s+\S|⨯|uncaught|unhandled/i;

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

async function createDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `limber_contract_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (signal: NodeJS.Signals) => {
      try {
        // The whole group: serve.mjs and anything it started.
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    };
    const hard = setTimeout(() => kill("SIGKILL"), 8_000);
    child.once("exit", () => {
      clearTimeout(hard);
      resolve();
    });
    kill("SIGTERM");
  });
}

export default async function setup(project: TestProject) {
  const distName = process.env.NEXT_DIST_DIR || ".next";
  const distDir = path.resolve(root, distName);
  if (!existsSync(path.join(distDir, "BUILD_ID")))
    throw new Error(
      `No production build in ${distDir} (no BUILD_ID). Build first (npm run build${
        distName === ".next" ? "" : ` with NEXT_DIST_DIR=${distName}`
      }), or point NEXT_DIST_DIR at a build folder.`,
    );

  const port = Number(process.env.CONTRACT_PORT || 3250);
  const baseUrl = `http://127.0.0.1:${port}`;
  if (await answers(baseUrl)) throw new Error(`Port ${port} is already in use: stop that server or set CONTRACT_PORT.`);

  const runDir = mkdtempSync(path.join(tmpdir(), "limber-contract-"));
  const dataDir = path.join(runDir, "data");
  mkdirSync(dataDir);
  const logFile = path.join(runDir, "server.log");
  const stub = await startPushStub();
  const icsStub = await startIcsStub();

  const cronSecret = `contract-cron-${randomBytes(12).toString("hex")}`;
  const adminCode = `contract-owner-${randomBytes(12).toString("hex")}`;
  const adminEmail = "owner@contract.example.com";
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARS) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    SCHEDULER: "off",
    // Each test client plays the one trusted proxy: its X-Forwarded-For is its own address.
    TRUST_PROXY: "1",
    ADMIN_CODE: adminCode,
    ADMIN_EMAIL: adminEmail,
    CRON_SECRET: cronSecret,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
    TZ: "UTC",
    PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,*.push.services.mozilla.com,${stub.host}`,
    // The one calendar server the app may fetch over http (users' calendar addresses are https only).
    CALENDAR_FETCH_ALLOW: icsStub.host,
  });
  if (process.env.NEXT_DIST_DIR) env.NEXT_DIST_DIR = process.env.NEXT_DIST_DIR;

  let database: { url: string; drop: () => Promise<void> } | undefined;
  if (process.env.TEST_DATABASE_URL) {
    database = await createDatabase(process.env.TEST_DATABASE_URL);
    // Production on a shared database: the secret and the VAPID pair must come from the environment.
    const vapid = webpush.generateVAPIDKeys();
    Object.assign(env, {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:owner@contract.example.com",
    });
  }

  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, [path.join(root, "scripts", "serve.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", log, log],
    detached: true, // its own process group, so teardown can end all of it
  });
  closeSync(log);

  const cleanUp = async () => {
    await stopServer(child);
    await stub.close();
    await icsStub.close();
    await database?.drop();
  };

  try {
    const deadline = Date.now() + 100_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) while starting`);
      try {
        const res = await fetch(`${baseUrl}/api/auth/user`, { signal: AbortSignal.timeout(5_000) });
        if (res.status === 401) break;
        throw new Error(`GET /api/auth/user answered ${res.status} while starting: ${await res.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("GET /api")) throw error;
      }
      if (Date.now() > deadline) throw new Error("the server did not answer within 100 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await cleanUp();
    throw new Error(
      `Contract server failed to start (${(error as Error).message}). Server log (${logFile}):\n${tail(logFile)}`,
    );
  }

  const context: ContractContext = {
    baseUrl,
    dataDir,
    runDir,
    root,
    distDir,
    pushStubUrl: stub.url,
    pushStubHost: stub.host,
    icsStubUrl: icsStub.url,
    cronSecret,
    adminCode,
    adminEmail,
    database: database ? "postgres" : "pglite",
  };
  project.provide("contract", context);

  return async () => {
    const problems: string[] = [];
    try {
      await cleanUp();
    } catch (error) {
      problems.push(`cleaning up failed: ${(error as Error).message}`);
    }
    try {
      const report = coverageReport(root, distDir, readCalls(runDir));
      if (report.missing.length)
        problems.push(`never called over HTTP (${report.missing.length}):\n  ${report.missing.join("\n  ")}`);
      if (report.serverErrors.length) problems.push(`answered 5xx:\n  ${report.serverErrors.join("\n  ")}`);
      console.log(`[contract] covered ${report.covered.length} route methods and actions of the build`);
    } catch (error) {
      problems.push(`the coverage gate could not read the build: ${(error as Error).message}`);
    }
    const badLines = readFileSync(logFile, "utf8")
      .split("\n")
      .filter((line) => BAD_LOG_LINE.test(line));
    if (badLines.length) problems.push(`the server log has error lines:\n  ${badLines.slice(0, 30).join("\n  ")}`);

    if (problems.length === 0) {
      rmSync(runDir, { recursive: true, force: true });
      return;
    }
    process.exitCode = 1;
    throw new Error(`Contract gate failed (run directory kept: ${runDir}):\n${problems.join("\n")}`);
  };
}
