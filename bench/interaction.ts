// Interaction to next paint under a phone's CPU: in Chromium (Playwright), with the CPU slowed by
// the same factor as Lighthouse's scaled pass (the Lighthouse team's calculator from the host's
// benchmark index, bench/lighthouse.mjs scaledSlowdown; Lighthouse's default 4x when that pass did
// not run), three interactions
// are traced with Chromium's tracing and timed from input to the next paint (the trace's
// EventTiming events, what INP reads):
//   - opening a break row on the dashboard (the row's button), as soon as the network is idle
//     (the page may still be hydrating), and again once the row is hydrated (the row's own cost),
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
  args?: {
    data?: {
      duration?: number;
      interactionId?: number;
      type?: string;
      timeStamp?: number;
      processingStart?: number;
      processingEnd?: number;
    };
  };
}

/**
 * One interaction from input to next paint, and where the time went: waiting for the main thread
 * (`inputDelayMs`: a long task, such as hydration, was running), the event handlers themselves
 * (`processingMs`, every event of the interaction: pointerdown, pointerup, click...), and the rest
 * (`renderMs`: rendering, gaps between the handlers, and the paint).
 */
export interface InteractionTiming {
  durationMs: number;
  inputDelayMs: number;
  processingMs: number;
  renderMs: number;
}

/** The longest interaction in a trace (EventTiming events with an interactionId > 0), or null. */
export function longestInteraction(events: TraceEvent[]): InteractionTiming | null {
  const byId = new Map<number, NonNullable<NonNullable<TraceEvent["args"]>["data"]>[]>();
  for (const e of events) {
    const data = e.args?.data;
    if (e.name !== "EventTiming" || (e.ph !== "b" && e.ph !== "X") || !data || typeof data.duration !== "number")
      continue;
    if ((data.interactionId ?? 0) <= 0) continue;
    byId.set(data.interactionId!, [...(byId.get(data.interactionId!) ?? []), data]);
  }
  let longest: InteractionTiming | null = null;
  for (const parts of byId.values()) {
    const durationMs = Math.max(...parts.map((d) => d.duration!));
    if (longest && durationMs <= longest.durationMs) continue;
    const timed = parts.filter(
      (d) =>
        typeof d.timeStamp === "number" && typeof d.processingStart === "number" && typeof d.processingEnd === "number",
    );
    const start = Math.min(...timed.map((d) => d.timeStamp!));
    const inputDelayMs = timed.length ? Math.max(0, Math.min(...timed.map((d) => d.processingStart!)) - start) : 0;
    const processingMs = timed.reduce((sum, d) => sum + (d.processingEnd! - d.processingStart!), 0);
    longest = {
      durationMs,
      inputDelayMs,
      processingMs,
      renderMs: Math.max(0, durationMs - inputDelayMs - processingMs),
    };
  }
  return longest;
}

async function traced(
  browser: Browser,
  page: Page,
  label: string,
  round: number,
  act: () => Promise<void>,
): Promise<InteractionTiming> {
  const categories = ["devtools.timeline", "disabled-by-default-devtools.timeline"];
  // Kept traces carry the JS samples too (what ran), for DevTools' bottom-up view.
  if (process.env.BENCH_TRACE_DIR) categories.push("disabled-by-default-v8.cpu_profiler");
  await browser.startTracing(page, { categories });
  await act();
  // Let the next paint (and its EventTiming record) land before the trace stops.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))),
  );
  const buffer = await browser.stopTracing();
  if (process.env.BENCH_TRACE_DIR) {
    mkdirSync(process.env.BENCH_TRACE_DIR, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `${label}-${round}.json`), buffer);
  }
  const { traceEvents } = JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] };
  const timing = longestInteraction(traceEvents);
  if (timing === null) throw new Error(`${label}: the trace holds no interaction (EventTiming with an interactionId)`);
  return timing;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface InteractionResult {
  /** The CPU slowdown applied: the scaled Lighthouse pass's, or Lighthouse's default 4x without one. */
  cpuSlowdown: number;
  rounds: number;
  targetMs: number;
  /** Median and worst input-to-next-paint per interaction, in ms, and the medians of its phases. */
  openBreakRow: InteractionStats;
  /** The same tap once the row is hydrated and the page has been still for a second: what opening costs by itself. */
  openBreakRowHydrated: InteractionStats;
  markDone: InteractionStats;
  saveSettings: InteractionStats;
}

export interface InteractionStats {
  medianMs: number;
  maxMs: number;
  runs: number[];
  /** Median of each phase over the runs (they need not add up to medianMs). */
  phases: Omit<InteractionTiming, "durationMs">;
}

/** `cookie`: the "name=value; ..." header of a signed-in user with two breaks today (bench/seed.ts). */
export async function runInteractions(
  baseUrl: string,
  cookie: string,
  cpuSlowdown?: number,
): Promise<InteractionResult> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      isMobile: true,
      hasTouch: false,
      deviceScaleFactor: 2,
    });
    await context.addCookies(
      cookie.split("; ").map((pair) => ({
        name: pair.slice(0, pair.indexOf("=")),
        value: pair.slice(pair.indexOf("=") + 1),
        url: baseUrl,
      })),
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    // BENCH_INTERACTION_CPU: a fixed factor (to compare changes on a host whose index moves).
    const slowdown = Number(process.env.BENCH_INTERACTION_CPU) || cpuSlowdown || 4;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });

    const open: InteractionTiming[] = [];
    const openHydrated: InteractionTiming[] = [];
    const done: InteractionTiming[] = [];
    const save: InteractionTiming[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(`${baseUrl}/dashboard`, { waitUntil: "networkidle" });
      const row = page.getByRole("button", { name: /Movement Break/ }).first();
      await row.waitFor();
      open.push(await traced(browser, page, "open-break-row", round, () => row.click()));
      const markDone = page.getByRole("button", { name: /^(Mark as done|Undo)$/ }).first();
      await markDone.waitFor();
      // Mark as done, or Undo in the rounds after: the same button, the same action path.
      done.push(await traced(browser, page, "mark-done", round, () => markDone.click()));
      await page
        .getByRole("button", { name: /^(Mark as done|Undo)$/ })
        .first()
        .waitFor();

      await page.goto(`${baseUrl}/dashboard`, { waitUntil: "networkidle" });
      await row.waitFor();
      // Hydrated: React has put its props on the row's button (an internal, but stable since React 16).
      // (No named function inside: tsx would wrap it in a helper the page does not have.)
      await page.waitForFunction(
        (el) => Object.keys(el!).some((k) => k.startsWith("__reactProps")),
        await row.elementHandle(),
        { polling: 10 },
      );
      await page.waitForTimeout(1000);
      openHydrated.push(await traced(browser, page, "open-break-row-hydrated", round, () => row.click()));

      await page.goto(`${baseUrl}/settings`, { waitUntil: "networkidle" });
      const prefs = page.getByLabel(/preferences/i).first();
      await prefs.fill(`Standing desk, round ${round}`);
      const saveButton = page.getByRole("button", { name: "Save Changes" });
      await saveButton.waitFor();
      save.push(await traced(browser, page, "save-settings", round, () => saveButton.click()));
      await page.getByRole("button", { name: /Saved!|Save Changes/ }).waitFor();
    }
    const stats = (timings: InteractionTiming[]): InteractionStats => {
      const runs = timings.map((t) => t.durationMs);
      const phase = (k: keyof InteractionStats["phases"]) => Math.round(median(timings.map((t) => t[k])));
      return {
        medianMs: Math.round(median(runs)),
        maxMs: Math.round(Math.max(...runs)),
        runs: runs.map(Math.round),
        phases: {
          inputDelayMs: phase("inputDelayMs"),
          processingMs: phase("processingMs"),
          renderMs: phase("renderMs"),
        },
      };
    };
    return {
      cpuSlowdown: slowdown,
      rounds: ROUNDS,
      targetMs: INTERACTION_TARGET_MS,
      openBreakRow: stats(open),
      openBreakRowHydrated: stats(openHydrated),
      markDone: stats(done),
      saveSettings: stats(save),
    };
  } finally {
    await browser.close();
  }
}
