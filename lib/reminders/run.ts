// Wires dispatch() to the app's database, mail port and suggester. Used by the cron route, the
// internal scheduler and `npm run reminders:dispatch`.
import { purposeKey } from "@/lib/platform/secret";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { getMailTransport } from "@/lib/mail";
import { getPushTransport } from "@/lib/push";
import { dispatch, type DispatchResult } from "./dispatch";
import { ALL, type Shard } from "./shard";
import { appSuggester } from "@/lib/exercises/suggest";

/** `signal`: aborted when the process is stopping (the internal scheduler's runs). */
export async function runDispatch(now = new Date(), shard: Shard = ALL, signal?: AbortSignal): Promise<DispatchResult> {
  return dispatch({
    signal,
    now,
    db: await getDb(),
    mail: getMailTransport(),
    push: getPushTransport(),
    suggest: appSuggester(),
    config: { appUrl: env().appUrl, secret: purposeKey("email-links") },
    shard,
  });
}

/** Due reminders (slots and snoozes), counted up to `cap` (an index range scan, never the whole table). */
export async function countDue(db: Db, now: Date, cap: number): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT ((SELECT count(*) FROM (SELECT 1 FROM "reminder_slots" WHERE "nextAt" <= $1::timestamp LIMIT $2) a)
           + (SELECT count(*) FROM (SELECT 1 FROM "snoozes" WHERE "status" = 'pending' AND "dueAt" <= $1::timestamp LIMIT $2) b))::int AS n`,
    now.toISOString(),
    cap,
  );
  return Number(row?.n ?? 0);
}

export type FanOutResult = DispatchResult & { shards: number };

/**
 * The cron's run: in-line while few reminders are due; above DISPATCH_FANOUT_AT, DISPATCH_SHARDS
 * shard runs in parallel through `invokeShard` (on Vercel each is its own function invocation, so
 * they run on separate machines). A shard whose invocation fails runs here instead.
 */
export async function runCronDispatch(
  invokeShard: (shard: Shard) => Promise<DispatchResult>,
  now = new Date(),
): Promise<FanOutResult> {
  const { dispatchShards: count, dispatchFanoutAt } = env();
  const due = count > 1 ? await countDue(await getDb(), now, dispatchFanoutAt) : 0;
  if (count <= 1 || due < dispatchFanoutAt) return { ...(await runDispatch(now)), shards: 1 };
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      invokeShard({ index, count }).catch((error: unknown) => {
        console.error(
          `[reminders] shard ${index}/${count} invocation failed (${error instanceof Error ? error.message : String(error)}); running it here`,
        );
        return runDispatch(now, { index, count });
      }),
    ),
  );
  const total = results.reduce((a, r) => ({
    due: a.due + r.due,
    sent: a.sent + r.sent,
    skipped: a.skipped + r.skipped,
    failed: a.failed + r.failed,
  }));
  return { ...total, shards: count };
}
