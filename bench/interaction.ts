// Interaction to next paint under a phone's CPU: in Chromium (Playwright), with the CPU slowed by
// the same factor as Lighthouse's scaled pass (4 × benchmark index ÷ 1,000; Lighthouse's default
// 4x when that pass did not run), three interactions
// are traced with Chromium's tracing and timed from input to the next paint (the trace's
// EventTiming events, what INP reads):
//   - opening a break row on the dashboard (the row's button),
//   - marking a break done in that row ("Mark as done"),
//   - saving settings (a change, then "Save Changes").
// bench/http.ts runs it against its server after Lighthouse (`"interaction"`); target ≤ 200 ms each.
// BENCH_TRACE_DIR=<folder> keeps the traces (open them in Chrome DevTools; never commit them).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";

export const INTERACTION_TARGET_MS = 200;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const ROUNDS = Number(process.env.BENCH_INTERACTION_ROUNDS ?? 5);

interface TraceEvent {
  name: string;
  ph: string;
  cat: string;
  args?: { data?: { duration?: number; interactionId?: number; type?: string } };
}

/** The longest input-to-next-paint duration among the trace's interactions (EventTiming, interactionId > 0). */
export function longestInteractionMs(events: TraceEvent[]): number | null {
  const durations = events
    .filter((e) => e.name === "EventTiming" && (e.ph === "b" || e.ph === "X") && (e.args?.data?.interactionId ?? 0) > 0)
    .map((e) => e.args!.data!.duration!)
    .filter((d) => typeof d === "number");
  return durations.length ? Math.max(...durations) : null;
}

async function traced(browser: Browser, page: Page, label: string, round: number, act: () => Promise<void>): Promise<number> {
  const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline"];
  // Kept traces carry the JS samples too (what ran), for DevTools' bottom-up view.
  if (process.env.BENCH_TRACE_DIR) categories.push("disabled-by-default-v8.cpu_profiler");
  await browser.startTracing(page, { categories });
  await act();
  // Let the next paint (and its EventTiming record) land before the trace stops.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
  const buffer = await browser.stopTracing();
  if (process.env.BENCH_TRACE_DIR) {
    mkdirSync(process.env.BENCH_TRACE_DIR, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `${label}-${round}.json`), buffer);
  }
  const { traceEvents } = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] };
  const ms = longestInteractionMs(traceEvents);
  if (ms === null) throw new Error(`${label}: the trace holds no interaction (EventTiming with an interactionId)`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface InteractionResult {
  /** The CPU slowdown applied: the scaled Lighthouse pass's, or Lighthouse's default 4x without one. */
  cpuSlowdown: number;
  rounds: number;
  targetMs: number;
  /** Median and worst input-to-next-paint per interaction, in ms. */
  openBreakRow: { medianMs: number; maxMs: number; runs: number[] };
  markDone: { medianMs: number; maxMs: number; runs: number[] };
  saveSettings: { medianMs: number; maxMs: number; runs: number[] };
}

/** `cookie`: the "name=value; ..." header of a signed-in user with two breaks today (bench/seed.ts). */
export async function runInteractions(baseUrl: string, cookie: string, cpuSlowdown?: number): Promise<InteractionResult> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: false, deviceScaleFactor: 2 });
    await context.addCookies(
      cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: baseUrl })),
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    // BENCH_INTERACTION_CPU: a fixed factor (to compare changes on a host whose index moves).
    const slowdown = Number(process.env.BENCH_INTERACTION_CPU) || cpuSlowdown || 4;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });

    const open: number[] = [];
    const done: number[] = [];
    const save: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${baseUrl}/dashboard`, { waitUntil: "networkidle" });
      const row = page.getByRole("button", { name: /Movement Break/ }).first();
      await row.waitFor();
      open.push(await traced(browser, page, "open-break-row", round, () => row.click()));
      const markDone = page.getByRole("button", { name: /^(Mark as done|Undo)$/ }).first();
      await markDone.waitFor();
      // Mark as done, or Undo in the rounds after: the same button, the same action path.
      done.push(await traced(browser, page, "mark-done", round, () => markDone.click()));
      await page.getByRole("button", { name: /^(Mark as done|Undo)$/ }).first().waitFor();

      await page.goto(`${baseUrl}/settings`, { waitUntil: "networkidle" });
      const prefs = page.getByLabel(/preferences/i).first();
      await prefs.fill(`Standing desk, round ${round}`);
      const saveButton = page.getByRole("button", { name: "Save Changes" });
      await saveButton.waitFor();
      save.push(await traced(browser, page, "save-settings", round, () => saveButton.click()));
      await page.getByRole("button", { name: /Saved!|Save Changes/ }).waitFor();
    }
    const stats = (runs: number[]) => ({ medianMs: Math.round(median(runs)), maxMs: Math.round(Math.max(...runs)), runs: runs.map(Math.round) });
    return {
      cpuSlowdown: slowdown,
      rounds: ROUNDS,
      targetMs: INTERACTION_TARGET_MS,
      openBreakRow: stats(open),
      markDone: stats(done),
      saveSettings: stats(save),
    };
  } finally {
    await browser.close();
  }
}
