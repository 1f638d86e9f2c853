import { defineConfig } from "@playwright/test";

// Drives an already running `npm start` of a fresh clone (scripts/first-run.sh).
export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results/first-run",
  timeout: 120_000,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: process.env.FIRST_RUN_URL,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
