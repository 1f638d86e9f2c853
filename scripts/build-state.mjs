// Whether a Next.js build is older than the sources it was built from (used by `npm start` and
// the benchmarks, so both rebuild on the same rule).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const BUILD_SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "next.config.ts",
  "package-lock.json",
  "prisma/schema.prisma",
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when `root/distDir` has no build, or a source changed after it. */
export function buildIsStale(root, distDir = ".next") {
  const buildId = path.join(root, distDir, "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  return builtAt === 0 || BUILD_SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}
