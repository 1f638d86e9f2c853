import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One server for the whole run, built and started exactly as `npm start` does, on a fresh data dir.
const port = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_DATA_DIR ??= path.resolve(".data-e2e", String(Date.now()));
export const E2E_ENV = {
  PORT: String(port),
  DATA_DIR: process.env.E2E_DATA_DIR,
  APP_URL: `http://127.0.0.1:${port}`,
  SCHEDULER: "off",
  // The tests' X-Forwarded-For plays the one trusted proxy, so each test has its own client address
  // (tests/e2e/client-ip.spec.ts starts servers in the other modes, including the default `none`).
  TRUST_PROXY: "1",
  ADMIN_CODE: "e2e-admin-code-0042-owner-console",
  ADMIN_EMAIL: "owner@example.com",
  CRON_SECRET: "e2e-cron-secret",
  FEEDBACK_URL: "https://forms.example.com/limber-feedback",
  NEXT_TELEMETRY_DISABLED: "1",
  // tests/e2e/pwa.spec.ts's push service stands on E2E_PORT + 98 (+95 is console.spec's second worker).
  PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,127.0.0.1:${port + 98}`,
  // tests/e2e/calendar.spec.ts's calendar server stands on E2E_PORT + 97 (a loopback host is fetched only when listed).
  CALENDAR_FETCH_ALLOW: `127.0.0.1:${port + 97}`,
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Visual baselines (tests/e2e/visual.spec.ts): 1 % of the pixels may differ (anti-aliasing),
    // no animations, CSS pixels; toasts come and go, so they are hidden while shooting.
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.01,
      animations: "disabled",
      scale: "css",
      stylePath: "tests/e2e/support/screenshot.css",
    },
  },
  // One baseline per screen and width, named by the test (CI runs on the same Linux + Debian Chromium).
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
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
  projects: [
    { name: "chromium", testIgnore: /load\.spec\.ts/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The load test saturates the server on purpose: it runs alone, after everything else.
    { name: "load", testMatch: /load\.spec\.ts/, dependencies: ["chromium"] },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/api/auth/user`,
    env: E2E_ENV,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
