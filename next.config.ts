import type { NextConfig } from "next";
import { ACTION_BODY_LIMIT } from "./lib/action-limits";
import { CSP_HEADER, NON_PAGE_SOURCE, securityHeaders, STATIC_CSP } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // Benchmarks build into their own folder so they never disturb a running e2e server's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
  // What Limber's forms need, not Next.js's 1 MB (proxy.ts answers 413 above it before Next.js reads).
  experimental: { serverActions: { bodySizeLimit: ACTION_BODY_LIMIT } },
  // No experimental.inlineCss: it put the stylesheet into every page's <head> and a second copy into
  // the page's flight data (/ was 36.9 KB gzip against 5.4 KB), and Lighthouse measured more
  // main-thread work with it, not less (bench/README.md, performance log). The linked file is cached once.
  // The app applies its migrations at start, so the SQL files travel with the server code.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders(process.env.NODE_ENV === "production") },
      // Pages get their nonce policy from proxy.ts; only the paths it skips get the static one here.
      { source: NON_PAGE_SOURCE, headers: [{ key: CSP_HEADER, value: STATIC_CSP }] },
    ];
  },
};

export default nextConfig;
