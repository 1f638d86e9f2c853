// The notification channel: each claimed delivery goes to every device of its user, a few
// deliveries at a time in a pool (a slow push service holds one place, never the others), and each
// is recorded the moment its own sends end, so a crash later in the run never sends it again. A
// device the push service no longer knows, or whose browser key the encryption refuses, is removed
// (the user is told in Settings); when no device of the user is left, the break is e-mailed instead.
import type { Db } from "@/lib/db";
import { breakNotification } from "@/lib/push/payload";
import { forgetRefusedDevices } from "@/lib/push/notice";
import type { PushResult } from "@/lib/push/transport";
import type { Suggestion } from "@/lib/exercises/library";
import { MAX_SNOOZES } from "../snooze";
import { createBreakToken } from "@/lib/platform/link-tokens";
import { jobKey, type Candidate, type Job } from "./candidates";
import { errorText, type RunContext } from "./context";
import { fail } from "./email";
import { markSent, release } from "./ledger";

/** Deliveries in flight at once, apart from the mail provider's pacing. */
export const PUSH_CONCURRENCY = 16;

type Device = { id: string; userId: string; endpoint: string; p256dh: string; auth: string; deviceName: string };

/** Sends the notification deliveries of one batch; returns the e-mails to send instead. */
export async function sendNotifications(
  ctx: RunContext,
  batch: Job[],
  suggestionOf: (job: Job) => Suggestion,
): Promise<Candidate[]> {
  if (batch.length === 0 || !ctx.push) return [];
  const devices = await ctx.db.pushSubscription.findMany({
    where: { userId: { in: [...new Set(batch.map((j) => j.userId))] } },
    select: { id: true, userId: true, endpoint: true, p256dh: true, auth: true, deviceName: true },
  });
  const used: string[] = [];
  const instead: Candidate[] = [];
  const untried = await pool(batch, PUSH_CONCURRENCY, ctx.signal, async (job) => {
    const suggestion = suggestionOf(job);
    try {
      const targets = devices.filter((d) => d.userId === job.userId);
      const results = await Promise.all(targets.map((t) => sendTo(ctx, job, suggestion, t)));
      const accepted = targets.filter((_, i) => results[i]!.ok);
      used.push(...accepted.map((t) => t.id));
      await forgetGone(ctx.db, targets, results);
      if (accepted.length > 0) {
        await markSent(
          ctx.db,
          [{ id: job.deliveryId, providerId: `push:${accepted.length}/${targets.length}`, suggestion }],
          ctx.now,
        );
        ctx.outcome.set(jobKey(job), "sent");
        ctx.result.sent += 1;
      } else if (results.every((r) => !r.ok && r.gone)) {
        // No device left: the notification cannot go anywhere, now or later.
        await ctx.db.delivery.update({
          where: { id: job.deliveryId },
          data: {
            status: "failed",
            attempts: job.attempts + 1,
            leaseUntil: null,
            lastError: "no device takes notifications any more",
            suggestion: suggestion as object,
          },
        });
        ctx.result.failed += 1;
        if (job.chosen.includes("email")) ctx.outcome.set(jobKey(job), "failed");
        else {
          ctx.outcome.set(jobKey(job), "replaced");
          const { attempts: _a, deliveryId: _d, ...candidate } = job;
          instead.push({ ...candidate, channel: "email" });
        }
      } else {
        await fail(ctx, job, results.flatMap((r) => (r.ok ? [] : [r.error])).join("; "), suggestion);
      }
    } catch (error) {
      // Anything else that went wrong with this one delivery (its payload, its records) is its own.
      console.error(`[reminders] notification for ${job.userId} failed: ${errorText(error)}`);
      await fail(ctx, job, `could not send the notification: ${errorText(error)}`, suggestion).catch(() => {});
    }
  });
  // Stopping: the deliveries no place was free for yet are handed back for the next run.
  await release(ctx.db, untried);
  if (used.length > 0)
    await ctx.db.pushSubscription.updateMany({ where: { id: { in: used } }, data: { lastUsedAt: ctx.now } });
  return instead;
}

/** One device's send; a transport that throws (it should answer) is a failed send of that device only. */
async function sendTo(ctx: RunContext, job: Job, suggestion: Suggestion, device: Device): Promise<PushResult> {
  const claim = { userId: job.userId, localDate: job.localDate, slot: job.slot };
  const payload = JSON.stringify(
    breakNotification({
      exercises: suggestion.exercises,
      durationMinutes: job.duration,
      localDate: job.localDate,
      slot: job.slot,
      doneToken: createBreakToken("done", claim, job.scheduledAt, ctx.config.secret),
      snoozeToken:
        job.round < MAX_SNOOZES ? createBreakToken("snooze", claim, job.scheduledAt, ctx.config.secret) : undefined,
    }),
  );
  // Kept by the push service only while the reminder is still useful (its 30-minute window).
  const ttlSeconds = Math.max(60, Math.round((job.dueAt.getTime() + ctx.windowMs - ctx.now.getTime()) / 1000));
  const topic = `b${job.slot}r${job.round}${job.localDate.replace(/-/g, "")}`;
  try {
    return await ctx.push!.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        ttlSeconds,
        urgency: "high",
        topic,
      },
    );
  } catch (error) {
    return { ok: false, gone: false, status: null, error: `push transport failed: ${errorText(error)}` };
  }
}

/** Devices the push service no longer knows are deleted; those whose keys were refused too, and the user is told. */
async function forgetGone(db: Db, targets: Device[], results: PushResult[]) {
  const gone = targets.filter((_, i) => {
    const r = results[i]!;
    return !r.ok && r.gone;
  });
  if (gone.length === 0) return;
  const refused = gone.filter((t) => {
    const r = results[targets.indexOf(t)]!;
    return !r.ok && r.refused;
  });
  await db.pushSubscription.deleteMany({ where: { id: { in: gone.map((t) => t.id) } } });
  if (refused.length > 0)
    await forgetRefusedDevices(
      db,
      refused[0]!.userId,
      refused.map((t) => t.deviceName),
    );
}

/**
 * Runs `work` over `items`, at most `size` at once; each item starts as soon as a place is free,
 * unless `signal` has aborted. Returns the items never started.
 */
async function pool<T>(items: T[], size: number, signal: AbortSignal | undefined, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return items.slice(next);
}
