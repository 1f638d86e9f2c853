// The internal scheduler: `npm start` dispatches reminders every minute (SCHEDULER=internal, the
// default off Vercel). Runs never overlap inside one process; across processes the delivery
// claims keep every reminder to one send.
import { runDispatch } from "./run";

const key = "__limberScheduler";

export function startScheduler(intervalMs = 60_000) {
  const g = globalThis as Record<string, unknown>;
  if (g[key]) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const r = await runDispatch();
      if (r.due || r.failed) console.log(`[reminders] due ${r.due}, sent ${r.sent}, skipped ${r.skipped}, failed ${r.failed}`);
    } catch (error) {
      console.error("[reminders] dispatch failed:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  g[key] = timer;
  setTimeout(tick, 5_000).unref();
  console.log(`[reminders] internal scheduler on: every ${Math.round(intervalMs / 1000)} s`);
}
