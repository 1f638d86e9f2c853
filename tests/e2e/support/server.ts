// Starts another production server from the e2e build (the one the config's webServer built), with
// its own port, data dir and environment: for tests of settings the main server does not use.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_ENV } from "../../../playwright.config";

export interface ExtraServer {
  url: string;
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
}

export async function startServer(port: number, env: Record<string, string>): Promise<ExtraServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "limber-e2e-extra-"));
  const url = `http://127.0.0.1:${port}`;
  const base: Record<string, string | undefined> = { ...process.env, ...E2E_ENV, TRUST_PROXY: undefined };
  const child: ChildProcess = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: { ...base, PORT: String(port), DATA_DIR: dataDir, APP_URL: url, ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output}`);
    const ok = await fetch(`${url}/api/auth/user`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (i > 150) throw new Error(`server on ${port} did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    log: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
