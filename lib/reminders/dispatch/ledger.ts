// The deliveries table as the run's ledger: a delivery is claimed before it is sent (one statement
// for many), recorded the moment its own send ends (sent, or a failed attempt retried by later
// runs), handed back untouched when the run stops early, and its break's slot or snooze moves on
// once every channel of the break is done with.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { Suggestion } from "@/lib/exercises/library";
import { advanceSlots } from "../slots";
import { breakKey, jobKey, type Candidate, type Job } from "./candidates";

/**
 * Each delivery's state after this run: final ("sent", "failed"), still to do ("pending": retried
 * by a later run), or "replaced" (no device took the notification: an e-mail is sent instead).
 */
export type Outcome = "sent" | "failed" | "pending" | "replaced";

const iso = (d: Date) => d.toISOString();

/** Claims deliveries in one statement; returns only the ones this run may send. */
export async function claim(db: Db, candidates: Candidate[], now: Date, leaseMs: number): Promise<Job[]> {
  if (candidates.length === 0) return [];
  const input = JSON.stringify(
    candidates.map((c) => ({
      i: randomUUID(),
      u: c.userId,
      d: c.localDate,
      s: c.slot,
      r: c.round,
      c: c.channel,
      t: iso(c.scheduledAt),
    })),
  );
  const claimed = await db.$queryRawUnsafe<
    { id: string; userId: string; slot: number; round: number; channel: string; attempts: number }[]
  >(
    `INSERT INTO "deliveries" ("id", "userId", "localDate", "slot", "round", "channel", "scheduledAt", "status", "attempts", "leaseUntil", "updatedAt")
     SELECT x.i, x.u, x.d, x.s, x.r, x.c, x.t, 'sending', 0, $2::timestamp, $3::timestamp
     FROM jsonb_to_recordset($1::jsonb) AS x(i text, u text, d text, s int, r int, c text, t timestamp)
     ON CONFLICT ("userId", "localDate", "slot", "round", "channel") DO UPDATE
       SET "status" = 'sending', "leaseUntil" = EXCLUDED."leaseUntil", "updatedAt" = EXCLUDED."updatedAt"
       WHERE "deliveries"."status" = 'pending'
          OR ("deliveries"."status" = 'sending' AND "deliveries"."leaseUntil" < $3::timestamp)
     RETURNING "id", "userId", "slot", "round", "channel", "attempts"`,
    input,
    iso(new Date(now.getTime() + leaseMs)),
    iso(now),
  );
  const byKey = new Map(
    claimed.map((c) => [
      jobKey({ userId: c.userId, slot: Number(c.slot), round: Number(c.round), channel: c.channel }),
      c,
    ]),
  );
  return candidates.flatMap((c) => {
    const hit = byKey.get(jobKey(c));
    return hit ? [{ ...c, attempts: Number(hit.attempts), deliveryId: hit.id }] : [];
  });
}

/** Records deliveries as sent (one statement, however many). */
export async function markSent(db: Db, sent: { id: string; providerId: string; suggestion: Suggestion }[], now: Date) {
  if (sent.length === 0) return;
  await db.$executeRawUnsafe(
    `UPDATE "deliveries" AS d SET "status" = 'sent', "attempts" = d."attempts" + 1, "leaseUntil" = NULL, "lastError" = NULL,
       "sentAt" = $2::timestamp, "updatedAt" = $2::timestamp, "providerId" = x.p, "suggestion" = x.g
     FROM jsonb_to_recordset($1::jsonb) AS x(i text, p text, g jsonb)
     WHERE d."id" = x.i`,
    JSON.stringify(sent.map((s) => ({ i: s.id, p: s.providerId, g: s.suggestion }))),
    iso(now),
  );
}

/** Records a failed try: the delivery ends as failed once its attempts are used up, else a later run retries it. */
export async function recordFailure(
  db: Db,
  job: Job,
  error: string,
  maxAttempts: number,
  suggestion?: Suggestion,
): Promise<"failed" | "pending"> {
  const final = job.attempts + 1 >= maxAttempts;
  await db.delivery.update({
    where: { id: job.deliveryId },
    data: {
      status: final ? "failed" : "pending",
      attempts: job.attempts + 1,
      leaseUntil: null,
      lastError: error.slice(0, 500),
      ...(suggestion ? { suggestion: suggestion as object } : {}),
    },
  });
  return final ? "failed" : "pending";
}

/** The provider's rate limit, not a failure of the message: pending again, no attempt used up. */
export async function recordRetryLater(db: Db, job: Job, error: string, suggestion: Suggestion) {
  await db.delivery.update({
    where: { id: job.deliveryId },
    data: { status: "pending", leaseUntil: null, lastError: error.slice(0, 500), suggestion: suggestion as object },
  });
}

/** Hands claimed deliveries back untried (the run is stopping): the next run takes them at once. */
export async function release(db: Db, jobs: Job[]) {
  if (jobs.length === 0) return;
  await db.delivery.updateMany({
    where: { id: { in: jobs.map((j) => j.deliveryId) }, status: "sending" },
    data: { status: "pending", leaseUntil: null },
  });
}

/** The break's reminder reached its end on every channel: the slot moves on, the snooze is done. */
export async function finish(db: Db, jobs: Candidate[], status: "sent" | "failed") {
  // Sent or failed, a slot moves on to its next occurrence the same way: one statement for all.
  await advanceSlots(
    db,
    jobs
      .filter((j) => j.origin.kind === "slot")
      .map((j) => ({
        userId: j.userId,
        slot: j.slot,
        nextAt: (j.origin as { nextAt: Date }).nextAt,
        schedule: j.schedule,
      })),
  );
  const snoozes = jobs.flatMap((j) => (j.origin.kind === "snooze" ? [j.origin.id] : []));
  if (snoozes.length > 0) await db.snooze.updateMany({ where: { id: { in: snoozes } }, data: { status } });
}

/** A break's slot or snooze moves on once none of its channels is left to do. */
export async function settle(db: Db, candidates: Candidate[], outcome: Map<string, Outcome>) {
  const byBreak = new Map<string, Candidate[]>();
  for (const c of candidates) byBreak.set(breakKey(c), [...(byBreak.get(breakKey(c)) ?? []), c]);
  const ended: Record<"sent" | "failed", Candidate[]> = { sent: [], failed: [] };
  for (const group of byBreak.values()) {
    const states = group.map((c) => outcome.get(jobKey(c)) ?? "pending");
    if (states.some((st) => st === "pending" || st === "replaced")) continue;
    ended[states.includes("sent") ? "sent" : "failed"].push(group[0]!);
  }
  await finish(db, ended.sent, "sent");
  await finish(db, ended.failed, "failed");
}
