// One reminder run: find the due slots (indexed query on reminder_slots.nextAt) and the due snoozes
// ("Remind me in 15 minutes"), claim each delivery with a unique (user, local date, slot, round,
// channel) row, take the exercises from the day's plan (the ones the dashboard shows), then hand
// the e-mails to the mail port in batches with an idempotency key each and the notifications to
// the push port (every device of the user), record the outcomes and move the slots on once every
// channel of a break is done with. Exactly once per channel: a delivery is sent only by the run that
// claimed it; failures are retried by later runs inside the 30-minute window (at most 3 attempts),
// and a claim whose run crashed is taken over once its lease has expired.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { MailMessage, MailTransport } from "@/lib/mail";
import { breakNotification } from "@/lib/push/payload";
import type { PushTransport } from "@/lib/push/transport";
import { renderReminderEmail, type RenderedEmail } from "@/emails/render";
import { REMINDER_WINDOW_MINUTES, type Channel } from "@/lib/schedule/constants";
import { ensurePlans } from "@/lib/breaks/plan";
import { storedChannels, normalizeDuration, normalizeIntensity } from "@/lib/schedule/settings";
import { addDays, formatTime12, localDate, localDateTimeToUtc, resolveTimeZone } from "@/lib/schedule/time";
import type { Suggestion } from "./library";
import type { Suggester } from "./suggest";
import { advanceSlot, advanceSlots } from "./slots";
import { ALL, shardSql, type Shard } from "./shard";
import { MAX_SNOOZES } from "./snooze";
import { createBreakToken, createUnsubscribeToken } from "./token";

export interface DispatchConfig {
  appUrl: string;
  secret: string;
  windowMinutes?: number;
  maxAttempts?: number;
  leaseMs?: number;
  pageSize?: number;
  batchSize?: number;
}

export interface DispatchDeps {
  now: Date;
  db: Db;
  mail: MailTransport;
  suggest: Suggester;
  config: DispatchConfig;
  /** Only the users of this shard (lib/reminders/shard.ts); default: everyone. */
  shard?: Shard;
  /** Break notifications (lib/push); absent or null: push is not set up, every reminder is e-mailed. */
  push?: PushTransport | null;
}

export interface DispatchResult {
  due: number;
  sent: number;
  skipped: number;
  failed: number;
}

type Origin = { kind: "slot"; nextAt: Date } | { kind: "snooze"; id: string };

/** Notifications to devices at once per run, paced apart from the mail provider's limit. */
const PUSH_CONCURRENCY = 16;

interface Job {
  userId: string;
  email: string;
  slot: number;
  /** 0: the scheduled reminder; 1-2: a snoozed one. */
  round: number;
  /** The break's scheduled instant (links expire relative to it). */
  scheduledAt: Date;
  /** When this delivery fell due (the slot's time, or the snooze's): its window runs from here. */
  dueAt: Date;
  channel: Channel;
  /** The channels the user chose (e-mail stands in for notifications when no device takes them). */
  chosen: Channel[];
  localDate: string;
  time: string;
  schedule: { times: string[]; activeDays: number[]; timezone: string };
  prefs: string;
  intensity: "low" | "medium" | "high";
  duration: 5 | 10 | 15;
  origin: Origin;
  attempts: number;
  deliveryId: string;
}

type Candidate = Omit<Job, "attempts" | "deliveryId">;

const iso = (d: Date) => d.toISOString();
/** One break's reminder (user, slot, round): its channels' deliveries share it. */
const breakKey = (j: { userId: string; slot: number; round: number }) => `${j.userId}:${j.slot}:${j.round}`;
/** One delivery: a break's reminder on one channel. */
const jobKey = (j: { userId: string; slot: number; round: number; channel: string }) => `${breakKey(j)}:${j.channel}`;

type SettingsRow = {
  times: string[];
  activeDays: number[];
  timezone: string;
  movementPrefs: string;
  intensityLevel: string;
  durationPreference: number;
  pauseEmails: boolean;
  onboardingCompleted: boolean;
  channels: string[] | null;
  pushDevices: number | string | null;
};

/**
 * The channels a break goes out on: the chosen ones, with e-mail standing in for notifications when
 * push is not set up here or no device of the user is subscribed (Settings says so).
 */
export function deliveryChannels(chosen: readonly Channel[], pushDevices: number, pushAvailable: boolean): Channel[] {
  const push = chosen.includes("push") && pushAvailable && pushDevices > 0;
  const email = chosen.includes("email") || (chosen.includes("push") && !push);
  return [...(email ? (["email"] as const) : []), ...(push ? (["push"] as const) : [])];
}

function candidatesOf(
  base: { userId: string; email: string; slot: number; round: number; localDate?: string; origin: Origin; at: Date },
  s: SettingsRow,
  pushAvailable: boolean,
): Candidate[] {
  const chosen = storedChannels(s.channels);
  const one = candidateOf(base, s, chosen);
  return deliveryChannels(chosen, Number(s.pushDevices ?? 0), pushAvailable).map((channel) => ({ ...one, channel }));
}

function candidateOf(
  base: { userId: string; email: string; slot: number; round: number; localDate?: string; origin: Origin; at: Date },
  s: SettingsRow,
  chosen: Channel[],
): Candidate {
  const schedule = { times: s.times, activeDays: s.activeDays, timezone: resolveTimeZone(s.timezone) };
  const date = base.localDate ?? localDate(base.at, schedule.timezone);
  const time = s.times[base.slot]!;
  return {
    userId: base.userId,
    email: base.email,
    slot: base.slot,
    round: base.round,
    scheduledAt: base.origin.kind === "slot" ? base.at : localDateTimeToUtc(date, time, schedule.timezone),
    dueAt: base.at,
    channel: "email",
    chosen,
    localDate: date,
    time,
    schedule,
    prefs: s.movementPrefs,
    intensity: normalizeIntensity(s.intensityLevel),
    duration: normalizeDuration(s.durationPreference),
    origin: base.origin,
  };
}

interface DueRow extends SettingsRow {
  userId: string;
  slot: number;
  email: string;
  atMs: number;
}

/** One page of due rows of `table` in keyset order, with the user's e-mail and settings (one query). */
function duePage(db: Db, sql: string, params: unknown[]) {
  return db.$queryRawUnsafe<(DueRow & Record<string, unknown>)[]>(sql, ...params);
}

const SETTINGS_COLUMNS = `u."email", s."times", s."activeDays", s."timezone", s."movementPrefs", s."intensityLevel",
  s."durationPreference", s."pauseEmails", s."onboardingCompleted", s."channels",
  (SELECT count(*) FROM "push_subscriptions" p WHERE p."userId" = u."id")::int AS "pushDevices"`;

export async function dispatch({ now, db, mail, suggest, config, shard = ALL, push = null }: DispatchDeps): Promise<DispatchResult> {
  const windowMs = (config.windowMinutes ?? REMINDER_WINDOW_MINUTES) * 60_000;
  const maxAttempts = config.maxAttempts ?? 3;
  const leaseMs = config.leaseMs ?? 5 * 60_000;
  const pageSize = config.pageSize ?? 1000;
  const batchSize = Math.min(config.batchSize ?? 100, 100);
  const result: DispatchResult = { due: 0, sent: 0, skipped: 0, failed: 0 };
  // Rendering is the costly step (~10 ms a message): e-mails with the same content are rendered
  // once per run with placeholder links, which are then filled in per user.
  const templates = new Map<string, Promise<RenderedEmail>>();

  /** The break's reminder reached its end on every channel: the slot moves on, the snooze is done. */
  async function finish(jobs: Candidate[], status: "sent" | "failed") {
    const slots = jobs.filter((j) => j.origin.kind === "slot");
    if (status === "sent") {
      await advanceSlots(db, slots.map((j) => ({ userId: j.userId, slot: j.slot, nextAt: (j.origin as { nextAt: Date }).nextAt, schedule: j.schedule })));
    } else {
      for (const j of slots) await advanceSlot(db, { userId: j.userId, slot: j.slot, nextAt: (j.origin as { nextAt: Date }).nextAt }, j.schedule);
    }
    const snoozes = jobs.flatMap((j) => (j.origin.kind === "snooze" ? [j.origin.id] : []));
    if (snoozes.length > 0) await db.snooze.updateMany({ where: { id: { in: snoozes } }, data: { status } });
  }

  /**
   * Each delivery's state after this run: final ("sent", "failed"), still to do ("pending": retried
   * by a later run), or "replaced" (no device took the notification: an e-mail is sent instead).
   */
  type Outcome = "sent" | "failed" | "pending" | "replaced";

  /** A break's slot or snooze moves on once none of its channels is left to do. */
  async function settle(candidates: Candidate[], outcome: Map<string, Outcome>) {
    const byBreak = new Map<string, Candidate[]>();
    for (const c of candidates) byBreak.set(breakKey(c), [...(byBreak.get(breakKey(c)) ?? []), c]);
    const ended: Record<"sent" | "failed", Candidate[]> = { sent: [], failed: [] };
    for (const group of byBreak.values()) {
      const states = group.map((c) => outcome.get(jobKey(c)) ?? "pending");
      if (states.some((st) => st === "pending" || st === "replaced")) continue;
      ended[states.includes("sent") ? "sent" : "failed"].push(group[0]!);
    }
    await finish(ended.sent, "sent");
    await finish(ended.failed, "failed");
  }

  /** Records a failed try; the delivery ends as failed once its attempts are used up. */
  async function recordFailure(job: Job, error: string, suggestion: Suggestion): Promise<Outcome> {
    const final = job.attempts + 1 >= maxAttempts;
    await db.delivery.update({
      where: { id: job.deliveryId },
      data: { status: final ? "failed" : "pending", attempts: job.attempts + 1, leaseUntil: null, lastError: error.slice(0, 500), suggestion: suggestion as object },
    });
    if (final) result.failed += 1;
    return final ? "failed" : "pending";
  }

  async function sendEmails(batch: Job[], suggestionOf: (job: Job) => Suggestion, outcome: Map<string, Outcome>) {
    if (batch.length === 0) return;
    const prepared = await Promise.all(batch.map((job) => prepare(job, suggestionOf(job), config, templates)));
    const results = await mail.sendBatch(prepared.map((p) => p.message));
    const sent: { id: string; providerId: string; suggestion: Suggestion }[] = [];
    for (const [k, r] of results.entries()) {
      const job = batch[k]!;
      const suggestion = prepared[k]!.suggestion;
      if (r.ok) {
        sent.push({ id: job.deliveryId, providerId: r.id, suggestion });
        outcome.set(jobKey(job), "sent");
        result.sent += 1;
      } else if (r.retryLater) {
        // The provider's rate limit, not a failure of this message: no attempt is used up.
        await db.delivery.update({
          where: { id: job.deliveryId },
          data: { status: "pending", leaseUntil: null, lastError: r.error.slice(0, 500), suggestion: suggestion as object },
        });
        outcome.set(jobKey(job), "pending");
        result.skipped += 1;
      } else {
        outcome.set(jobKey(job), await recordFailure(job, r.error, suggestion));
      }
    }
    if (sent.length > 0) await markSent(db, sent, now);
  }

  /**
   * The notifications of a batch, to every device of each user. A device the push service no longer
   * knows (404/410) is removed. Sent when at least one device took it; when none is left, an e-mail
   * goes instead (unless the user gets e-mails anyway), returned as new candidates.
   */
  async function sendNotifications(batch: Job[], suggestionOf: (job: Job) => Suggestion, outcome: Map<string, Outcome>): Promise<Candidate[]> {
    if (batch.length === 0 || !push) return [];
    const devices = await db.pushSubscription.findMany({
      where: { userId: { in: [...new Set(batch.map((j) => j.userId))] } },
      select: { id: true, userId: true, endpoint: true, p256dh: true, auth: true },
    });
    const gone: string[] = [];
    const used: string[] = [];
    const sent: { id: string; providerId: string; suggestion: Suggestion }[] = [];
    const instead: Candidate[] = [];
    const one = async (job: Job) => {
      const suggestion = suggestionOf(job);
      const targets = devices.filter((d) => d.userId === job.userId);
      const claim = { userId: job.userId, localDate: job.localDate, slot: job.slot };
      const payload = JSON.stringify(
        breakNotification({
          exercises: suggestion.exercises,
          durationMinutes: job.duration,
          localDate: job.localDate,
          slot: job.slot,
          doneToken: createBreakToken("done", claim, job.scheduledAt, config.secret),
          snoozeToken: job.round < MAX_SNOOZES ? createBreakToken("snooze", claim, job.scheduledAt, config.secret) : undefined,
        }),
      );
      // Kept by the push service only while the reminder is still useful (its 30-minute window).
      const ttlSeconds = Math.max(60, Math.round((job.dueAt.getTime() + windowMs - now.getTime()) / 1000));
      const topic = `b${job.slot}r${job.round}${job.localDate.replace(/-/g, "")}`;
      const results = await Promise.all(targets.map((t) => push.send({ endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } }, payload, { ttlSeconds, urgency: "high", topic })));
      const errors: string[] = [];
      results.forEach((r, i) => {
        if (r.ok) used.push(targets[i]!.id);
        else {
          if (r.gone) gone.push(targets[i]!.id);
          errors.push(r.error);
        }
      });
      const accepted = results.filter((r) => r.ok).length;
      if (accepted > 0) {
        sent.push({ id: job.deliveryId, providerId: `push:${accepted}/${targets.length}`, suggestion });
        outcome.set(jobKey(job), "sent");
        result.sent += 1;
      } else if (results.every((r) => !r.ok && r.gone)) {
        // No device left: the notification cannot go anywhere, now or later.
        await db.delivery.update({
          where: { id: job.deliveryId },
          data: { status: "failed", attempts: job.attempts + 1, leaseUntil: null, lastError: "no device takes notifications any more", suggestion: suggestion as object },
        });
        result.failed += 1;
        if (job.chosen.includes("email")) outcome.set(jobKey(job), "failed");
        else {
          outcome.set(jobKey(job), "replaced");
          const { attempts: _a, deliveryId: _d, ...candidate } = job;
          instead.push({ ...candidate, channel: "email" });
        }
      } else {
        outcome.set(jobKey(job), await recordFailure(job, errors.join("; "), suggestion));
      }
    };
    for (let i = 0; i < batch.length; i += PUSH_CONCURRENCY) await Promise.all(batch.slice(i, i + PUSH_CONCURRENCY).map(one));
    if (sent.length > 0) await markSent(db, sent, now);
    if (gone.length > 0) await db.pushSubscription.deleteMany({ where: { id: { in: gone } } });
    if (used.length > 0) await db.pushSubscription.updateMany({ where: { id: { in: used } }, data: { lastUsedAt: now } });
    return instead;
  }

  async function handle(all: Candidate[], fallback = false) {
    // A break already done (in the app, before its reminder) needs no reminder.
    const done = all.length === 0 ? [] : await db.breakRecord.findMany({
      where: { OR: all.map((c) => ({ userId: c.userId, localDate: c.localDate, slot: c.slot })), completedAt: { not: null } },
      select: { userId: true, localDate: true, slot: true },
    });
    const doneKeys = new Set(done.map((d) => `${d.userId}|${d.localDate}|${d.slot}`));
    const isDone = (c: Candidate) => doneKeys.has(`${c.userId}|${c.localDate}|${c.slot}`);
    const skippedDone = [...new Map(all.filter(isDone).map((c) => [breakKey(c), c])).values()];
    if (skippedDone.length > 0) {
      await finish(skippedDone.filter((c) => c.origin.kind === "slot"), "failed");
      const ids = skippedDone.flatMap((c) => (c.origin.kind === "snooze" ? [c.origin.id] : []));
      if (ids.length > 0) await db.snooze.updateMany({ where: { id: { in: ids } }, data: { status: "cancelled" } });
      result.skipped += skippedDone.length;
    }
    const candidates = all.filter((c) => !isDone(c));
    if (!fallback) result.due += new Set(candidates.map(breakKey)).size;
    const jobs = await claim(db, candidates, now, leaseMs);
    const outcome = new Map<string, Outcome>();
    // Not claimed: another run holds it, or it was already sent/failed.
    const claimedKeys = new Set(jobs.map(jobKey));
    const unclaimed = candidates.filter((c) => !claimedKeys.has(jobKey(c)));
    if (unclaimed.length > 0) {
      const finals = await db.delivery.findMany({
        where: {
          OR: unclaimed.map((c) => ({ userId: c.userId, localDate: c.localDate, slot: c.slot, round: c.round, channel: c.channel })),
          status: { in: ["sent", "failed"] },
        },
        select: { userId: true, slot: true, round: true, channel: true, status: true },
      });
      for (const f of finals) outcome.set(jobKey(f), f.status as "sent" | "failed");
      result.skipped += unclaimed.length;
    }

    const instead: Candidate[] = [];
    for (let i = 0; i < jobs.length; i += batchSize) {
      const batch = jobs.slice(i, i + batchSize);
      // The day's plan: the same exercises the dashboard shows for the slot (made here if first).
      const plans = await ensurePlans(
        { db, suggest, now: () => now },
        batch.map((j) => ({ userId: j.userId, localDate: j.localDate, settings: { prefs: j.prefs, intensity: j.intensity, durationMinutes: j.duration } })),
      );
      const suggestionOf = (job: Job) => plans.get(`${job.userId}|${job.localDate}`)![job.slot]!;
      await sendEmails(batch.filter((j) => j.channel === "email"), suggestionOf, outcome);
      instead.push(...(await sendNotifications(batch.filter((j) => j.channel === "push"), suggestionOf, outcome)));
    }
    // The e-mails standing in for notifications no device took settle their breaks themselves.
    if (instead.length > 0 && !fallback) await handle(instead, true);
    await settle(candidates, outcome);
  }

  // 1. Scheduled reminders. Keyset pagination on the original (nextAt, userId, slot): processed
  // rows move past `now`, so a row cursor would lose its place.
  let after: { nextAt: Date; userId: string; slot: number } | undefined;
  for (;;) {
    const rows = await duePage(
      db,
      `SELECT r."userId", r."slot", (EXTRACT(EPOCH FROM r."nextAt") * 1000)::float8 AS "atMs", ${SETTINGS_COLUMNS}
       FROM "reminder_slots" r JOIN "users" u ON u."id" = r."userId" LEFT JOIN "user_settings" s ON s."userId" = r."userId"
       WHERE r."nextAt" <= $1::timestamp AND ${shardSql(`r."userId"`, shard)}
         ${after ? `AND (r."nextAt", r."userId", r."slot") > ($3::timestamp, $4, $5)` : ""}
       ORDER BY r."nextAt", r."userId", r."slot" LIMIT $2`,
      after ? [iso(now), pageSize, iso(after.nextAt), after.userId, after.slot] : [iso(now), pageSize],
    );
    if (rows.length === 0) break;
    const last = rows.at(-1)!;
    after = { nextAt: new Date(Number(last.atMs)), userId: last.userId, slot: Number(last.slot) };

    const candidates: Candidate[] = [];
    for (const row of rows) {
      const slot = Number(row.slot);
      const nextAt = new Date(Number(row.atMs));
      // Defensive: rescheduling removes these rows, but a stale one must never send.
      if (!row.times || !row.onboardingCompleted || row.pauseEmails || slot >= row.times.length) {
        await db.reminderSlot.deleteMany({ where: { userId: row.userId, slot } });
        result.skipped += 1;
        continue;
      }
      const jobs = candidatesOf({ userId: row.userId, email: row.email, slot, round: 0, origin: { kind: "slot", nextAt }, at: nextAt }, row, !!push);
      const job = jobs[0]!;
      if (now.getTime() - nextAt.getTime() >= windowMs) {
        // Missed the window (the scheduler was down): too late to be useful, move on.
        await db.delivery.updateMany({
          where: { userId: job.userId, localDate: job.localDate, slot: job.slot, round: 0, status: "pending" },
          data: { status: "failed", lastError: "window passed before it could be sent" },
        });
        // Past every occurrence that is already too late, so a long outage is skipped in one step.
        await advanceSlot(db, { userId: row.userId, slot, nextAt }, job.schedule, new Date(now.getTime() - windowMs));
        result.skipped += 1;
        continue;
      }
      candidates.push(...jobs);
    }
    await handle(candidates);
    if (rows.length < pageSize) break;
  }

  // 2. Snoozed reminders: the same slot again, once per round, through the same claims.
  let afterSnooze: { dueAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await duePage(
      db,
      `SELECT n."id", n."userId", n."localDate", n."slot", n."round", (EXTRACT(EPOCH FROM n."dueAt") * 1000)::float8 AS "atMs", ${SETTINGS_COLUMNS}
       FROM "snoozes" n JOIN "users" u ON u."id" = n."userId" LEFT JOIN "user_settings" s ON s."userId" = n."userId"
       WHERE n."status" = 'pending' AND n."dueAt" <= $1::timestamp AND ${shardSql(`n."userId"`, shard)}
         ${afterSnooze ? `AND (n."dueAt", n."id") > ($3::timestamp, $4)` : ""}
       ORDER BY n."dueAt", n."id" LIMIT $2`,
      afterSnooze ? [iso(now), pageSize, iso(afterSnooze.dueAt), afterSnooze.id] : [iso(now), pageSize],
    );
    if (rows.length === 0) break;
    const lastRow = rows.at(-1)!;
    afterSnooze = { dueAt: new Date(Number(lastRow.atMs)), id: String(lastRow.id) };
    const candidates: Candidate[] = [];
    const cancelled: string[] = [];
    for (const row of rows) {
      const id = String(row.id);
      const localDateOf = String(row.localDate);
      const slot = Number(row.slot);
      const round = Number(row.round);
      const dueAt = new Date(Number(row.atMs));
      const tz = resolveTimeZone(row.timezone);
      const dayOver = now.getTime() >= localDateTimeToUtc(addDays(localDateOf, 1), "00:00", tz).getTime();
      if (
        !row.times ||
        !row.onboardingCompleted ||
        row.pauseEmails ||
        slot >= row.times.length ||
        round > MAX_SNOOZES ||
        dayOver ||
        now.getTime() - dueAt.getTime() >= windowMs
      ) {
        // Paused meanwhile, or too late to be useful: nothing to send (a done break is skipped in handle).
        cancelled.push(id);
        continue;
      }
      candidates.push(...candidatesOf({ userId: row.userId, email: row.email, slot, round, localDate: localDateOf, origin: { kind: "snooze", id }, at: dueAt }, row, !!push));
    }
    if (cancelled.length > 0) {
      await db.snooze.updateMany({ where: { id: { in: cancelled } }, data: { status: "cancelled" } });
      result.skipped += cancelled.length;
    }
    await handle(candidates);
    if (rows.length < pageSize) break;
  }
  return result;
}

/** Claims deliveries in one statement; returns only the ones this run may send. */
async function claim(db: Db, candidates: Candidate[], now: Date, leaseMs: number): Promise<Job[]> {
  if (candidates.length === 0) return [];
  const input = JSON.stringify(candidates.map((c) => ({ i: randomUUID(), u: c.userId, d: c.localDate, s: c.slot, r: c.round, c: c.channel, t: iso(c.scheduledAt) })));
  const claimed = await db.$queryRawUnsafe<{ id: string; userId: string; slot: number; round: number; channel: string; attempts: number }[]>(
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
  const byKey = new Map(claimed.map((c) => [jobKey({ userId: c.userId, slot: Number(c.slot), round: Number(c.round), channel: c.channel }), c]));
  return candidates.flatMap((c) => {
    const hit = byKey.get(jobKey(c));
    return hit ? [{ ...c, attempts: Number(hit.attempts), deliveryId: hit.id }] : [];
  });
}

async function markSent(db: Db, sent: { id: string; providerId: string; suggestion: Suggestion }[], now: Date) {
  await db.$executeRawUnsafe(
    `UPDATE "deliveries" AS d SET "status" = 'sent', "attempts" = d."attempts" + 1, "leaseUntil" = NULL, "lastError" = NULL,
       "sentAt" = $2::timestamp, "updatedAt" = $2::timestamp, "providerId" = x.p, "suggestion" = x.g
     FROM jsonb_to_recordset($1::jsonb) AS x(i text, p text, g jsonb)
     WHERE d."id" = x.i`,
    JSON.stringify(sent.map((s) => ({ i: s.id, p: s.providerId, g: s.suggestion }))),
    iso(now),
  );
}

const DONE_PLACEHOLDER = "https://limber.invalid/__done__";
const SNOOZE_PLACEHOLDER = "https://limber.invalid/__snooze__";
const GUIDE_PLACEHOLDER = "https://limber.invalid/__guide__";
const UNSUBSCRIBE_PLACEHOLDER = "https://limber.invalid/__unsubscribe__";

function escapeHtml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

async function prepare(
  job: Job,
  suggestion: Suggestion,
  config: DispatchConfig,
  templates: Map<string, Promise<RenderedEmail>>,
): Promise<{ message: MailMessage; suggestion: Suggestion }> {
  const timeDisplay = formatTime12(job.time);
  const snoozed = job.round > 0;
  const canSnooze = job.round < MAX_SNOOZES;
  const key = JSON.stringify([job.duration, timeDisplay, snoozed, canSnooze, suggestion]);
  let template = templates.get(key);
  if (!template) {
    template = renderReminderEmail({
      durationMinutes: job.duration,
      exercises: suggestion.exercises,
      doneUrl: DONE_PLACEHOLDER,
      snoozeUrl: canSnooze ? SNOOZE_PLACEHOLDER : undefined,
      guideUrl: GUIDE_PLACEHOLDER,
      snoozed,
      dashboardUrl: `${config.appUrl}/dashboard`,
      settingsUrl: `${config.appUrl}/settings`,
      unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
      timeDisplay,
      source: suggestion.source,
      appUrl: config.appUrl,
    });
    templates.set(key, template);
  }
  const rendered = await template;
  const claim = { userId: job.userId, localDate: job.localDate, slot: job.slot };
  const done = encodeURIComponent(createBreakToken("done", claim, job.scheduledAt, config.secret));
  const snooze = encodeURIComponent(createBreakToken("snooze", claim, job.scheduledAt, config.secret));
  const unsubscribe = encodeURIComponent(createUnsubscribeToken(job.userId, config.secret));
  const links: [string, string][] = [
    [DONE_PLACEHOLDER, `${config.appUrl}/done?t=${done}`],
    [SNOOZE_PLACEHOLDER, `${config.appUrl}/snooze?t=${snooze}`],
    [GUIDE_PLACEHOLDER, `${config.appUrl}/break/${job.slot}?t=${done}`],
    [UNSUBSCRIBE_PLACEHOLDER, `${config.appUrl}/unsubscribe?t=${unsubscribe}`],
  ];
  const fill = (s: string, esc: (v: string) => string) => links.reduce((out, [from, to]) => out.split(from).join(esc(to)), s);
  return {
    suggestion,
    message: {
      to: job.email,
      kind: "reminder",
      subject: rendered.subject,
      html: fill(rendered.html, escapeHtml),
      text: fill(rendered.text, (v) => v),
      idempotencyKey: `reminder-${job.userId}-${job.localDate}-${job.slot}${job.round > 0 ? `-r${job.round}` : ""}`,
      headers: {
        "List-Unsubscribe": `<${config.appUrl}/api/unsubscribe?t=${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
  };
}
