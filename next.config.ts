import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // Benchmarks build into their own folder so they never disturb a running e2e server's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
  // The app applies its migrations at start, so the SQL files travel with the server code.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders() }];
  },
};

export default nextConfig;
