// The internal scheduler (SCHEDULER=internal, the default off Vercel): `npm start` ends the pauses
// whose resume day has come and dispatches reminders every minute, and purges expired audit entries
// and rate-limit counters every hour. (On Vercel the cron routes run the same jobs.)
// Runs of one job never overlap inside one process; across processes the delivery claims keep
// every reminder to one send, and the purge only deletes what is expired anyway.
import { runPurge } from "@/lib/admin/retention";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { resumeDuePauses } from "@/lib/users/resume";
import { refreshDueCalendars } from "@/lib/calendar-source/source";
import { runDispatch } from "@/lib/reminders/run";
import { runRecapDispatch } from "@/lib/recap/send";
import { ALL, parseShard } from "@/lib/reminders/shard";

const key = "__limberScheduler";
/** What `npm start`'s server calls on SIGTERM/SIGINT (scripts/serve.mjs), shared through globalThis. */
const SHUTDOWN = Symbol.for("limber.shutdown");

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
  // Stopping: no new run starts, and the run under way finishes the sends it has begun, hands the
  // rest back (lib/reminders/dispatch) and ends; the server waits for it before it exits.
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const dispatchTimer = every(intervalMs, 5_000, async () => {
    if (stopping.signal.aborted) return;
    running = (async () => {
      const now = new Date();
      try {
        // A pause ending today comes first, so this minute's breaks are reminded.
        const resumed = await resumeDuePauses(await getDb(), now);
        if (resumed) console.log(`[reminders] ${resumed} pause(s) ended on their resume day`);
      } catch (error) {
        console.error("[reminders] resuming paused users failed:", error instanceof Error ? error.message : error);
      }
      try {
        const r = await runDispatch(now, shard, stopping.signal);
        if (r.due || r.failed)
          console.log(`[reminders] due ${r.due}, sent ${r.sent}, skipped ${r.skipped}, failed ${r.failed}`);
      } catch (error) {
        console.error("[reminders] dispatch failed:", error instanceof Error ? error.message : error);
      }
    })();
    await running;
    running = null;
  });
  // Connected calendars are read on their own timer, never in the dispatch's way: a slow calendar
  // server (10 s at most each) delays no reminder. Each read places the coming breaks again.
  const calendarTimer = every(intervalMs, 20_000, async () => {
    if (stopping.signal.aborted) return;
    try {
      const r = await refreshDueCalendars({ db: await getDb(), now: new Date(), signal: stopping.signal });
      if (r.failed) console.log(`[calendar] read ${r.refreshed + r.failed} calendar(s), ${r.failed} failed`);
    } catch (error) {
      console.error("[calendar] reading calendars failed:", error instanceof Error ? error.message : error);
    }
  });
  // The weekly recap e-mails (issue 33): on Mondays, once each user's first break time has come.
  // Every 5 minutes; its claims keep each user's recap to one send across processes.
  const recapTimer = every(5 * intervalMs, 40_000, async () => {
    if (stopping.signal.aborted) return;
    try {
      const r = await runRecapDispatch(new Date());
      if (r.sent || r.failed) console.log(`[recap] sent ${r.sent}, skipped ${r.skipped}, failed ${r.failed}`);
    } catch (error) {
      console.error("[recap] failed:", error instanceof Error ? error.message : error);
    }
  });
  // The first purge waits a minute: start-up (migrations, first requests) comes first.
  const purgeTimer = every(purgeIntervalMs, 60_000, async () => {
    try {
      const r = await runPurge();
      if (r.auditLogs || r.rateLimits)
        console.log(`[purge] deleted ${r.auditLogs} audit entries, ${r.rateLimits} rate-limit counters`);
    } catch (error) {
      console.error("[purge] failed:", error instanceof Error ? error.message : error);
    }
  });
  g[key] = [dispatchTimer, purgeTimer, calendarTimer, recapTimer];
  (g as { [SHUTDOWN]?: () => Promise<void> })[SHUTDOWN] = async () => {
    clearInterval(dispatchTimer);
    clearInterval(purgeTimer);
    clearInterval(calendarTimer);
    clearInterval(recapTimer);
    stopping.abort();
    if (running) {
      console.log("[reminders] stopping: finishing the reminders being sent");
      await running;
    }
  };
  console.log(
    `[reminders] internal scheduler on: reminders every ${Math.round(intervalMs / 1000)} s, purge every ${Math.round(purgeIntervalMs / 60_000)} min`,
  );
}
