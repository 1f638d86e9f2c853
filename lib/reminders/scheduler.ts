// The internal scheduler (SCHEDULER=internal, the default off Vercel): `npm start` dispatches
// reminders every minute and purges expired audit entries and rate-limit counters every hour.
// Runs of one job never overlap inside one process; across processes the delivery claims keep
// every reminder to one send, and the purge only deletes what is expired anyway.
import { runPurge } from "@/lib/admin/retention";
import { env } from "@/lib/env";
import { runDispatch } from "./run";
import { ALL, parseShard } from "./shard";

const key = "__limberScheduler";

/** Runs `job` every `intervalMs` (first after `firstAfterMs`), skipping a tick while the last run is still going. */
function every(intervalMs: number, firstAfterMs: number, job: () => Promise<void>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, firstAfterMs).unref();
  return timer;
}

export function startScheduler(intervalMs = 60_000, purgeIntervalMs = 60 * 60_000) {
  const g = globalThis as Record<string, unknown>;
  if (g[key]) return;
  // DISPATCH_SHARD=i/n: several instances each run one shard of the reminders.
  const shard = env().dispatchShard ? parseShard(env().dispatchShard!) : ALL;
  const dispatchTimer = every(intervalMs, 5_000, async () => {
    try {
      const r = await runDispatch(new Date(), shard);
      if (r.due || r.failed) console.log(`[reminders] due ${r.due}, sent ${r.sent}, skipped ${r.skipped}, failed ${r.failed}`);
    } catch (error) {
      console.error("[reminders] dispatch failed:", error instanceof Error ? error.message : error);
    }
  });
  // The first purge waits a minute: start-up (migrations, first requests) comes first.
  const purgeTimer = every(purgeIntervalMs, 60_000, async () => {
    try {
      const r = await runPurge();
      if (r.auditLogs || r.rateLimits) console.log(`[purge] deleted ${r.auditLogs} audit entries, ${r.rateLimits} rate-limit counters`);
    } catch (error) {
      console.error("[purge] failed:", error instanceof Error ? error.message : error);
    }
  });
  g[key] = [dispatchTimer, purgeTimer];
  console.log(
    `[reminders] internal scheduler on: reminders every ${Math.round(intervalMs / 1000)} s, purge every ${Math.round(purgeIntervalMs / 60_000)} min`,
  );
}
