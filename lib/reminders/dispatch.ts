// One reminder run: find the due slots (indexed query on reminder_slots.nextAt), claim each
// delivery with a unique (user, local date, slot) row, render, hand the e-mails to the mail port
// in batches with an idempotency key each, then record the outcome and move the slots on.
// Exactly once: a delivery is sent only by the run that claimed it; failures are retried by later
// runs inside the 30-minute window (at most 3 attempts), and a claim whose run crashed is taken
// over once its lease has expired.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { MailMessage, MailTransport } from "@/lib/mail";
import { renderReminderEmail, type RenderedEmail } from "@/emails/render";
import { REMINDER_WINDOW_MINUTES } from "@/lib/schedule/constants";
import { normalizeDuration, normalizeIntensity } from "@/lib/schedule/settings";
import { formatTime12, localDate, resolveTimeZone } from "@/lib/schedule/time";
import type { Suggestion } from "./library";
import type { Suggester } from "./suggest";
import { advanceSlot, advanceSlots } from "./slots";
import { createDoneToken, createUnsubscribeToken } from "./token";

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
}

export interface DispatchResult {
  due: number;
  sent: number;
  skipped: number;
  failed: number;
}

interface Job {
  userId: string;
  email: string;
  slot: number;
  nextAt: Date;
  localDate: string;
  time: string;
  schedule: { times: string[]; activeDays: number[]; timezone: string };
  prefs: string;
  intensity: "low" | "medium" | "high";
  duration: 5 | 10 | 15;
  attempts: number;
  deliveryId: string;
}

const iso = (d: Date) => d.toISOString();

export async function dispatch({ now, db, mail, suggest, config }: DispatchDeps): Promise<DispatchResult> {
  const windowMs = (config.windowMinutes ?? REMINDER_WINDOW_MINUTES) * 60_000;
  const maxAttempts = config.maxAttempts ?? 3;
  const leaseMs = config.leaseMs ?? 5 * 60_000;
  const pageSize = config.pageSize ?? 1000;
  const batchSize = Math.min(config.batchSize ?? 100, 100);
  const result: DispatchResult = { due: 0, sent: 0, skipped: 0, failed: 0 };
  // Rendering is the costly step (~10 ms a message): e-mails with the same content are rendered
  // once per run with placeholder links, which are then filled in per user.
  const templates = new Map<string, Promise<RenderedEmail>>();
  // Keyset pagination on the original (nextAt, userId, slot): processed rows move past `now`, so a
  // row cursor would lose its place.
  let after: { nextAt: Date; userId: string; slot: number } | undefined;

  for (;;) {
    const rows = await db.reminderSlot.findMany({
      where: {
        nextAt: { lte: now },
        ...(after
          ? {
              OR: [
                { nextAt: { gt: after.nextAt } },
                { nextAt: after.nextAt, userId: { gt: after.userId } },
                { nextAt: after.nextAt, userId: after.userId, slot: { gt: after.slot } },
              ],
            }
          : {}),
      },
      orderBy: [{ nextAt: "asc" }, { userId: "asc" }, { slot: "asc" }],
      take: pageSize,
      include: { user: { select: { email: true, settings: true } } },
    });
    if (rows.length === 0) break;
    const last = rows.at(-1)!;
    after = { nextAt: last.nextAt, userId: last.userId, slot: last.slot };

    const candidates: Omit<Job, "attempts" | "deliveryId">[] = [];
    for (const row of rows) {
      const s = row.user.settings;
      // Defensive: rescheduling removes these rows, but a stale one must never send.
      if (!s || !s.onboardingCompleted || s.pauseEmails || row.slot >= s.times.length) {
        await db.reminderSlot.deleteMany({ where: { userId: row.userId, slot: row.slot } });
        result.skipped += 1;
        continue;
      }
      const schedule = { times: s.times, activeDays: s.activeDays, timezone: resolveTimeZone(s.timezone) };
      const job = {
        userId: row.userId,
        email: row.user.email,
        slot: row.slot,
        nextAt: row.nextAt,
        localDate: localDate(row.nextAt, schedule.timezone),
        time: s.times[row.slot]!,
        schedule,
        prefs: s.movementPrefs,
        intensity: normalizeIntensity(s.intensityLevel),
        duration: normalizeDuration(s.durationPreference),
      };
      if (now.getTime() - row.nextAt.getTime() >= windowMs) {
        // Missed the window (the scheduler was down): too late to be useful, move on.
        await db.delivery.updateMany({
          where: { userId: job.userId, localDate: job.localDate, slot: job.slot, status: "pending" },
          data: { status: "failed", lastError: "window passed before it could be sent" },
        });
        await advanceSlot(db, row, schedule);
        result.skipped += 1;
        continue;
      }
      candidates.push(job);
    }
    result.due += candidates.length;
    const jobs = await claim(db, candidates, now, leaseMs);
    // Not claimed: another run holds it, or it was already sent/failed; move on when it is final.
    const claimedKeys = new Set(jobs.map((j) => `${j.userId}:${j.slot}`));
    const unclaimed = candidates.filter((c) => !claimedKeys.has(`${c.userId}:${c.slot}`));
    if (unclaimed.length > 0) {
      const finals = await db.delivery.findMany({
        where: { OR: unclaimed.map((c) => ({ userId: c.userId, localDate: c.localDate, slot: c.slot })), status: { in: ["sent", "failed"] } },
        select: { userId: true, slot: true },
      });
      const finalKeys = new Set(finals.map((f) => `${f.userId}:${f.slot}`));
      for (const c of unclaimed) {
        if (finalKeys.has(`${c.userId}:${c.slot}`)) await advanceSlot(db, { userId: c.userId, slot: c.slot, nextAt: c.nextAt }, c.schedule);
      }
      result.skipped += unclaimed.length;
    }

    for (let i = 0; i < jobs.length; i += batchSize) {
      const batch = jobs.slice(i, i + batchSize);
      const prepared = await Promise.all(batch.map((job) => prepare(job, suggest, config, templates)));
      const results = await mail.sendBatch(prepared.map((p) => p.message));
      const sent: { id: string; providerId: string; suggestion: Suggestion }[] = [];
      for (const [k, r] of results.entries()) {
        const job = batch[k]!;
        const attempts = job.attempts + 1;
        if (r.ok) {
          sent.push({ id: job.deliveryId, providerId: r.id, suggestion: prepared[k]!.suggestion });
          result.sent += 1;
        } else {
          const final = attempts >= maxAttempts;
          await db.delivery.update({
            where: { id: job.deliveryId },
            data: {
              status: final ? "failed" : "pending",
              attempts,
              leaseUntil: null,
              lastError: r.error.slice(0, 500),
              suggestion: prepared[k]!.suggestion as object,
            },
          });
          if (final) {
            result.failed += 1;
            await advanceSlot(db, { userId: job.userId, slot: job.slot, nextAt: job.nextAt }, job.schedule);
          }
        }
      }
      if (sent.length > 0) {
        await markSent(db, sent, now);
        const sentIds = new Set(sent.map((s) => s.id));
        await advanceSlots(db, batch.filter((j) => sentIds.has(j.deliveryId)));
      }
    }
    if (rows.length < pageSize) break;
  }
  return result;
}

/** Claims deliveries in one statement; returns only the ones this run may send. */
async function claim(db: Db, candidates: Omit<Job, "attempts" | "deliveryId">[], now: Date, leaseMs: number): Promise<Job[]> {
  if (candidates.length === 0) return [];
  const input = JSON.stringify(candidates.map((c) => ({ i: randomUUID(), u: c.userId, d: c.localDate, s: c.slot, t: iso(c.nextAt) })));
  const claimed = await db.$queryRawUnsafe<{ id: string; userId: string; slot: number; attempts: number }[]>(
    `INSERT INTO "deliveries" ("id", "userId", "localDate", "slot", "scheduledAt", "status", "attempts", "leaseUntil", "updatedAt")
     SELECT x.i, x.u, x.d, x.s, x.t, 'sending', 0, $2::timestamp, $3::timestamp
     FROM jsonb_to_recordset($1::jsonb) AS x(i text, u text, d text, s int, t timestamp)
     ON CONFLICT ("userId", "localDate", "slot") DO UPDATE
       SET "status" = 'sending', "leaseUntil" = EXCLUDED."leaseUntil", "updatedAt" = EXCLUDED."updatedAt"
       WHERE "deliveries"."status" = 'pending'
          OR ("deliveries"."status" = 'sending' AND "deliveries"."leaseUntil" < $3::timestamp)
     RETURNING "id", "userId", "slot", "attempts"`,
    input,
    iso(new Date(now.getTime() + leaseMs)),
    iso(now),
  );
  const byKey = new Map(claimed.map((c) => [`${c.userId}:${c.slot}`, c]));
  return candidates.flatMap((c) => {
    const hit = byKey.get(`${c.userId}:${c.slot}`);
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
const UNSUBSCRIBE_PLACEHOLDER = "https://limber.invalid/__unsubscribe__";

function escapeHtml(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

async function prepare(
  job: Job,
  suggest: Suggester,
  config: DispatchConfig,
  templates: Map<string, Promise<RenderedEmail>>,
): Promise<{ message: MailMessage; suggestion: Suggestion }> {
  const suggestion = await suggest({
    userId: job.userId,
    localDate: job.localDate,
    slot: job.slot,
    prefs: job.prefs,
    intensity: job.intensity,
    durationMinutes: job.duration,
  });
  const timeDisplay = formatTime12(job.time);
  const key = JSON.stringify([job.duration, timeDisplay, suggestion]);
  let template = templates.get(key);
  if (!template) {
    template = renderReminderEmail({
      durationMinutes: job.duration,
      exercises: suggestion.exercises,
      doneUrl: DONE_PLACEHOLDER,
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
  const token = createDoneToken({ userId: job.userId, localDate: job.localDate, slot: job.slot }, job.nextAt, config.secret);
  const unsubscribe = encodeURIComponent(createUnsubscribeToken(job.userId, config.secret));
  const doneUrl = `${config.appUrl}/done?t=${encodeURIComponent(token)}`;
  const unsubscribePage = `${config.appUrl}/unsubscribe?t=${unsubscribe}`;
  const fill = (s: string, esc: (v: string) => string) =>
    s.split(DONE_PLACEHOLDER).join(esc(doneUrl)).split(UNSUBSCRIBE_PLACEHOLDER).join(esc(unsubscribePage));
  return {
    suggestion,
    message: {
      to: job.email,
      kind: "reminder",
      subject: rendered.subject,
      html: fill(rendered.html, escapeHtml),
      text: fill(rendered.text, (v) => v),
      idempotencyKey: `reminder-${job.userId}-${job.localDate}-${job.slot}`,
      headers: {
        "List-Unsubscribe": `<${config.appUrl}/api/unsubscribe?t=${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
  };
}
