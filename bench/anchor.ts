// The anchor: a bare Next.js page (and a bare route handler at /api/empty) built with the
// project's own versions of Next and React (the same machine, the same run), so Limber's figures
// can be read against what the framework itself does here. Built in a temporary folder with its own `npm install` of exactly those
// versions (npm's cache makes it quick after the first time).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./server";

export interface AnchorServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

const PAGE = `export default function Page() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "40px auto", padding: 16 }}>
      <h1>Hello</h1>
      <p>A bare Next.js page: the framework's floor for Lighthouse on this machine.</p>
    </main>
  );
}
`;
// The bare route handler: the framework's floor for the HTTP benchmark (bench/http.ts compares the
// app's own empty route, /api/bench/empty, with it).
const ROUTE = `export const dynamic = "force-dynamic";
export function GET() {
  return Response.json({ ok: true });
}
`;
const LAYOUT = `export const metadata = { title: "Bare Next.js page" };
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;

/** Builds the bare app (about 20 s) and serves it with `next start` on `port`. */
export async function startAnchor(port: number): Promise<AnchorServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "limber-anchor-"));
  mkdirSync(path.join(dir, "app"));
  writeFileSync(path.join(dir, "app", "page.jsx"), PAGE);
  writeFileSync(path.join(dir, "app", "layout.jsx"), LAYOUT);
  mkdirSync(path.join(dir, "app", "api", "empty"), { recursive: true });
  writeFileSync(path.join(dir, "app", "api", "empty", "route.js"), ROUTE);
  const deps = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> }
  ).dependencies;
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "bare-next",
      private: true,
      dependencies: { next: deps.next, react: deps.react, "react-dom": deps["react-dom"] },
    }),
  );
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: dir,
    encoding: "utf8",
  });
  if (install.status !== 0)
    throw new Error(`bare Next.js install failed: ${(install.stderr || install.stdout).slice(-1500)}`);
  const nextBin = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: "",
  } as NodeJS.ProcessEnv;
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: dir, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`bare Next.js build failed: ${(build.stderr || build.stdout).slice(-1500)}`);
  // BENCH_NODE_ARGS (bench/profile.ts sets --cpu-prof) applies to the bare app as to the app's server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, nextBin, "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: dir,
      env,
      stdio: "ignore",
      detached: true,
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(baseUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 240) throw new Error("bare Next.js page did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
