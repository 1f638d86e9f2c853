import { NextResponse } from "next/server";
import { z } from "zod";
import { withCron } from "@/lib/platform/cron";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { badRequest } from "@/lib/errors";
import type { DispatchResult } from "@/lib/reminders/dispatch";
import { runCronDispatch, runDispatch } from "@/lib/reminders/run";
import type { Shard } from "@/lib/reminders/shard";
import { resumeDuePauses } from "@/lib/users/resume";
import { refreshDueCalendars } from "@/lib/calendar-source/source";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

const SHARD_MESSAGE = "shard and shards must come together, with 0 ≤ shard < shards ≤ 64";
const shardQuery = z
  .object({ shard: z.coerce.number().int().min(0), shards: z.coerce.number().int().min(1).max(64) })
  .refine((q) => q.shard < q.shards, { message: SHARD_MESSAGE });

/** One shard's run as its own invocation of this route (on Vercel: another function instance). */
async function invokeShard(shard: Shard): Promise<DispatchResult> {
  const { appUrl, cronSecret } = env();
  const res = await fetch(`${appUrl}/api/cron/reminders?shard=${shard.index}&shards=${shard.count}`, {
    headers: { authorization: `Bearer ${cronSecret}` },
    cache: "no-store",
  });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return (await res.json()) as DispatchResult;
}

// Vercel Cron calls this every 5 minutes (vercel.json) with `Authorization: Bearer $CRON_SECRET`.
// Without a shard it first ends the pauses whose resume day has come, then decides: in-line, or fanned out into shard invocations of itself. Either way
// the answer is `{ due, sent, skipped, failed }` (summed over the shards).
export const GET = withCron("Reminders", async (req) => {
  const params = new URL(req.url).searchParams;
  if (!params.has("shard") && !params.has("shards")) {
    // The pauses whose resume day has come end first, so their breaks are reminded in this run.
    await resumeDuePauses(await getDb());
    const { shards, ...result } = await runCronDispatch(invokeShard);
    if (shards > 1) console.log(`[reminders] fanned out into ${shards} shards: ${JSON.stringify(result)}`);
    // Then the connected calendars whose read has come, for the next minutes' breaks (bounded: the
    // reminders already went, and what is left waits for the next call).
    await refreshDueCalendars({ db: await getDb(), now: new Date(), limit: 200, signal: AbortSignal.timeout(60_000) });
    return NextResponse.json(result);
  }
  const q = shardQuery.safeParse({ shard: params.get("shard"), shards: params.get("shards") });
  if (!q.success || !params.has("shard") || !params.has("shards")) throw badRequest(SHARD_MESSAGE);
  return NextResponse.json(await runDispatch(new Date(), { index: q.data.shard, count: q.data.shards }));
});
