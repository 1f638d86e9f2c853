import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // `server-only` throws outside Next's react-server build; tests import server modules directly.
  "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
  // Server actions read the request through next/headers, which needs Next's request scope: tests
  // call them in-process with a request of their own (Client.action in tests/support/http.ts).
  "next/headers": path.resolve(import.meta.dirname, "tests/support/next-headers.ts"),
};

const integrationBase = {
  include: ["tests/integration/**/*.test.ts"],
  setupFiles: ["tests/support/integration-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      {
        resolve: { alias },
        // *.pg.test.ts need a real PostgreSQL server (e.g. the fault tests stop its connections).
        test: {
          name: "integration",
          ...integrationBase,
          exclude: ["tests/integration/**/*.pg.test.ts"],
          env: { LIMBER_TEST_DB: "pglite" },
        },
      },
      {
        resolve: { alias },
        // The contract suite: every route handler and server action called over HTTP on the
        // production build, served as `npm start` serves it (one server for the run: its global setup).
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          globalSetup: ["tests/contract/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: { name: "integration-pg", ...integrationBase, env: { LIMBER_TEST_DB: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
