// One reminder run: find the due slots (indexed query on reminder_slots.nextAt), the due snoozes
// ("Remind me in 15 minutes") and the breaks moved out of a meeting whose new time has come (placed
// ahead of the run from the user's calendar: lib/calendar-source/placement.ts), claim each delivery (one user, one break, one round, one channel)
// with a unique row, take the exercises from the day's plan (the ones the dashboard shows), then
// send each channel's deliveries (./email.ts, ./push.ts) and move the slots on once every channel
// of a break is done with (./ledger.ts).
//
// Exactly once per channel: a delivery is sent only by the run that claimed it, and recorded the
// moment its own send ends; failures are retried by later runs inside the 30-minute window (at
// most 3 attempts), and a claim whose run crashed is taken over once its lease has expired.
// Isolated: whatever goes wrong with one delivery (a refused key, bad data, a provider that throws
// or hangs) fails that delivery alone and is recorded; the run and every other delivery go on.
// Stoppable: when `signal` aborts (the server is shutting down), the sends under way finish, the
// deliveries claimed but not yet tried are handed back, and the run ends.
import type { Db } from "@/lib/db";
import type { MailTransport } from "@/lib/mail";
import type { PushTransport } from "@/lib/push/transport";
import { ensurePlans } from "@/lib/breaks/plan";
import { renderReminderEmail } from "@/lib/mail/templates/render";
import { REMINDER_WINDOW_MINUTES } from "@/lib/schedule/constants";
import { addDays, localDateTimeToUtc, resolveTimeZone } from "@/lib/schedule/time";
import type { Suggestion } from "@/lib/exercises/library";
import type { Suggester } from "@/lib/exercises/suggest";
import { advanceSlot } from "../slots";
import { ALL, shardSql, type Shard } from "../shard";
import { MAX_SNOOZES } from "../snooze";
import { breakKey, candidatesOf, jobKey, type Candidate, type Job, type SettingsRow } from "./candidates";
import { errorText, type DispatchConfig, type DispatchResult, type ReminderRenderer, type RunContext } from "./context";
import { fail, sendEmails } from "./email";
import { claim, finish, release, settle } from "./ledger";
import { sendNotifications } from "./push";

export { deliveryChannels } from "./candidates";
export type { DispatchConfig, DispatchResult } from "./context";

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
  /** Aborted when the process is stopping: no new batch starts (see the header). */
  signal?: AbortSignal;
  /** The reminder e-mail's renderer; default, the mail capability's template (lib/mail/templates). */
  render?: ReminderRenderer;
}

interface DueRow extends SettingsRow {
  userId: string;
  slot: number;
  email: string;
  atMs: number;
}

const iso = (d: Date) => d.toISOString();

/** One page of due rows in keyset order, with the user's e-mail and settings (one query). */
function duePage(db: Db, sql: string, params: unknown[]) {
  return db.$queryRawUnsafe<(DueRow & Record<string, unknown>)[]>(sql, ...params);
}

const SETTINGS_COLUMNS = `u."email", s."times", s."activeDays", s."timezone", s."movementPrefs", s."intensityLevel",
  s."durationPreference", s."pauseEmails", s."onboardingCompleted", s."channels",
  (SELECT count(*) FROM "push_subscriptions" p WHERE p."userId" = u."id")::int AS "pushDevices"`;

export async function dispatch(deps: DispatchDeps): Promise<DispatchResult> {
  const { config } = deps;
  const ctx: RunContext = {
    db: deps.db,
    mail: deps.mail,
    render: deps.render ?? renderReminderEmail,
    push: deps.push ?? null,
    suggest: deps.suggest,
    config,
    now: deps.now,
    signal: deps.signal,
    shard: deps.shard ?? ALL,
    windowMs: (config.windowMinutes ?? REMINDER_WINDOW_MINUTES) * 60_000,
    maxAttempts: config.maxAttempts ?? 3,
    leaseMs: config.leaseMs ?? 5 * 60_000,
    pageSize: config.pageSize ?? 1000,
    batchSize: Math.min(config.batchSize ?? 100, 100),
    result: { due: 0, sent: 0, skipped: 0, failed: 0 },
    outcome: new Map(),
    templates: new Map(),
  };
  await sendDueSlots(ctx);
  await sendDueSnoozes(ctx);
  await sendDueMoves(ctx);
  return ctx.result;
}

/** 1. Scheduled reminders: the due slots, a page at a time. */
async function sendDueSlots(ctx: RunContext) {
  const { db, now, shard, pageSize } = ctx;
  // 1. Scheduled reminders. Keyset pagination on the original (nextAt, userId, slot): processed
  // rows move past `now`, so a row cursor would lose its place.
  let after: { nextAt: Date; userId: string; slot: number } | undefined;
  while (!ctx.signal?.aborted) {
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
        ctx.result.skipped += 1;
        continue;
      }
      let jobs: Candidate[];
      try {
        jobs = candidatesOf(
          { userId: row.userId, email: row.email, slot, round: 0, origin: { kind: "slot", nextAt }, at: nextAt },
          row,
          !!ctx.push,
        );
      } catch (error) {
        await dropBrokenRow(ctx, row, error);
        continue;
      }
      const job = jobs[0]!;
      if (now.getTime() - nextAt.getTime() >= ctx.windowMs) {
        // Missed the window (the scheduler was down): too late to be useful, move on.
        await db.delivery.updateMany({
          where: { userId: job.userId, localDate: job.localDate, slot: job.slot, round: 0, status: "pending" },
          data: { status: "failed", lastError: "window passed before it could be sent" },
        });
        // Past every occurrence that is already too late, so a long outage is skipped in one step.
        await advanceSlot(
          db,
          { userId: row.userId, slot, nextAt },
          job.schedule,
          new Date(now.getTime() - ctx.windowMs),
        );
        ctx.result.skipped += 1;
        continue;
      }
      candidates.push(...jobs);
    }
    await deliver(ctx, candidates);
    if (rows.length < pageSize) break;
  }
}

/** 2. Snoozed reminders: the same slot again, once per round, through the same claims. */
async function sendDueSnoozes(ctx: RunContext) {
  const { db, now, shard, pageSize } = ctx;
  // 2. Snoozed reminders: the same slot again, once per round, through the same claims.
  let afterSnooze: { dueAt: Date; id: string } | undefined;
  while (!ctx.signal?.aborted) {
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
      try {
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
          now.getTime() - dueAt.getTime() >= ctx.windowMs
        ) {
          // Paused meanwhile, or too late to be useful: nothing to send (a done break is skipped in handle).
          cancelled.push(id);
          continue;
        }
        candidates.push(
          ...candidatesOf(
            {
              userId: row.userId,
              email: row.email,
              slot,
              round,
              localDate: localDateOf,
              origin: { kind: "snooze", id },
              at: dueAt,
            },
            row,
            !!ctx.push,
          ),
        );
      } catch (error) {
        // A snooze whose data cannot make a candidate is cancelled, never retried forever.
        console.error(`[reminders] snooze ${id} of ${row.userId} cannot be sent: ${errorText(error)}`);
        cancelled.push(id);
      }
    }
    if (cancelled.length > 0) {
      await db.snooze.updateMany({ where: { id: { in: cancelled } }, data: { status: "cancelled" } });
      ctx.result.skipped += cancelled.length;
    }
    await deliver(ctx, candidates);
    if (rows.length < pageSize) break;
  }
}

/**
 * 3. Breaks moved out of a meeting: their reminder goes at the moved time, through the same claim
 * (round 0) the slot's would have used, so it is sent once whichever comes first. A moved break
 * already sent or given up is not read again; one whose window went by is left.
 */
async function sendDueMoves(ctx: RunContext) {
  const { db, now, shard, pageSize } = ctx;
  let after: { movedAt: Date; userId: string; localDate: string; slot: number } | undefined;
  while (!ctx.signal?.aborted) {
    const rows = await duePage(
      db,
      `SELECT b."userId", b."localDate", b."slot", b."movedTo", (EXTRACT(EPOCH FROM b."movedAt") * 1000)::float8 AS "atMs", ${SETTINGS_COLUMNS}
       FROM "breaks" b JOIN "users" u ON u."id" = b."userId" LEFT JOIN "user_settings" s ON s."userId" = b."userId"
       WHERE b."movedAt" IS NOT NULL AND b."completedAt" IS NULL AND b."skipReason" IS NULL
         AND b."movedAt" <= $1::timestamp AND b."movedAt" > $3::timestamp AND ${shardSql(`b."userId"`, shard)}
         AND NOT EXISTS (SELECT 1 FROM "deliveries" d WHERE d."userId" = b."userId" AND d."localDate" = b."localDate"
                         AND d."slot" = b."slot" AND d."round" = 0 AND d."status" IN ('sent', 'failed'))
         ${after ? `AND (b."movedAt", b."userId", b."localDate", b."slot") > ($4::timestamp, $5, $6, $7)` : ""}
       ORDER BY b."movedAt", b."userId", b."localDate", b."slot" LIMIT $2`,
      [
        iso(now),
        pageSize,
        iso(new Date(now.getTime() - ctx.windowMs)),
        ...(after ? [iso(after.movedAt), after.userId, after.localDate, after.slot] : []),
      ],
    );
    if (rows.length === 0) break;
    const last = rows.at(-1)!;
    after = {
      movedAt: new Date(Number(last.atMs)),
      userId: last.userId,
      localDate: String(last.localDate),
      slot: Number(last.slot),
    };
    const candidates: Candidate[] = [];
    for (const row of rows) {
      const slot = Number(row.slot);
      if (!row.times || !row.onboardingCompleted || row.pauseEmails || slot >= row.times.length) {
        ctx.result.skipped += 1;
        continue;
      }
      try {
        candidates.push(
          ...candidatesOf(
            {
              userId: row.userId,
              email: row.email,
              slot,
              round: 0,
              localDate: String(row.localDate),
              time: String(row.movedTo),
              origin: { kind: "moved" },
              at: new Date(Number(row.atMs)),
            },
            row,
            !!ctx.push,
          ),
        );
      } catch (error) {
        console.error(`[reminders] moved break of ${row.userId} slot ${slot} cannot be sent: ${errorText(error)}`);
        ctx.result.skipped += 1;
      }
    }
    await deliver(ctx, candidates);
    if (rows.length < pageSize) break;
  }
}

/** A row whose data cannot make a candidate (a damaged settings row): moved past now, never retried forever. */
async function dropBrokenRow(ctx: RunContext, row: DueRow, error: unknown) {
  const { db, now } = ctx;
  console.error(`[reminders] due row of ${row.userId} slot ${row.slot} cannot be sent: ${errorText(error)}`);
  ctx.result.skipped += 1;
  try {
    const schedule = { times: row.times, activeDays: row.activeDays, timezone: resolveTimeZone(row.timezone) };
    await advanceSlot(
      db,
      { userId: row.userId, slot: Number(row.slot), nextAt: new Date(Number(row.atMs)) },
      schedule,
      now,
    );
  } catch {
    await db.reminderSlot.deleteMany({ where: { userId: row.userId, slot: Number(row.slot) } });
  }
}

/**
 * Sends the candidates of one page: a break already done gets none; each delivery is claimed; the
 * claimed ones go out batch by batch (the day's plan first, then each channel); the e-mails that
 * stand in for notifications no device took go in the same run; the breaks settle.
 */
async function deliver(ctx: RunContext, all: Candidate[], fallback = false) {
  const { db, now } = ctx;
  // A break already done (in the app, before its reminder), or skipped, needs no reminder; nor does
  // a slot whose break was moved out of a meeting (its reminder goes at the moved time).
  const key = (d: { userId: string; localDate: string; slot: number }) => `${d.userId}|${d.localDate}|${d.slot}`;
  // One join on the page's breaks (a 1,000-way OR took the planner up to a second once `breaks` held rows).
  const asked = [...new Map(all.map((c) => [key(c), { u: c.userId, d: c.localDate, s: c.slot }])).values()];
  const marked =
    asked.length === 0
      ? []
      : await db.$queryRawUnsafe<{ userId: string; localDate: string; slot: number; done: boolean }[]>(
          `SELECT b."userId", b."localDate", b."slot", (b."completedAt" IS NOT NULL OR b."skipReason" IS NOT NULL) AS "done"
           FROM jsonb_to_recordset($1::jsonb) AS x(u text, d text, s int)
           JOIN "breaks" b ON b."userId" = x.u AND b."localDate" = x.d AND b."slot" = x.s
           -- Done, or skipped ("Not today", meetings, a day off), or moved: no reminder at the slot's time.
           WHERE b."completedAt" IS NOT NULL OR b."skipReason" IS NOT NULL OR b."movedAt" IS NOT NULL`,
          JSON.stringify(asked),
        );
  const doneKeys = new Set(marked.filter((d) => d.done).map((d) => key({ ...d, slot: Number(d.slot) })));
  const movedKeys = new Set(marked.map((d) => key({ ...d, slot: Number(d.slot) })));
  const isDone = (c: Candidate) => doneKeys.has(key(c)) || (c.origin.kind === "slot" && movedKeys.has(key(c)));
  const skippedDone = [...new Map(all.filter(isDone).map((c) => [breakKey(c), c])).values()];
  if (skippedDone.length > 0) {
    await finish(
      db,
      skippedDone.filter((c) => c.origin.kind === "slot"),
      "failed",
    );
    const ids = skippedDone.flatMap((c) => (c.origin.kind === "snooze" ? [c.origin.id] : []));
    if (ids.length > 0) await db.snooze.updateMany({ where: { id: { in: ids } }, data: { status: "cancelled" } });
    ctx.result.skipped += skippedDone.length;
  }
  const candidates = all.filter((c) => !isDone(c));
  if (!fallback) ctx.result.due += new Set(candidates.map(breakKey)).size;
  const jobs = await claim(db, candidates, now, ctx.leaseMs);
  // Not claimed: another run holds it, or it was already sent/failed.
  const claimedKeys = new Set(jobs.map(jobKey));
  const unclaimed = candidates.filter((c) => !claimedKeys.has(jobKey(c)));
  if (unclaimed.length > 0) {
    const finals = await db.delivery.findMany({
      where: {
        OR: unclaimed.map((c) => ({
          userId: c.userId,
          localDate: c.localDate,
          slot: c.slot,
          round: c.round,
          channel: c.channel,
        })),
        status: { in: ["sent", "failed"] },
      },
      select: { userId: true, slot: true, round: true, channel: true, status: true },
    });
    for (const f of finals) ctx.outcome.set(jobKey(f), f.status as "sent" | "failed");
    ctx.result.skipped += unclaimed.length;
  }

  const instead: Candidate[] = [];
  for (let i = 0; i < jobs.length; i += ctx.batchSize) {
    if (ctx.signal?.aborted) {
      await release(db, jobs.slice(i));
      break;
    }
    const batch = jobs.slice(i, i + ctx.batchSize);
    // The day's plan: the same exercises the dashboard shows for the slot (made here if first).
    const plans = await plansFor(ctx, batch);
    const planned: Job[] = [];
    for (const job of batch) {
      if (plans.get(`${job.userId}|${job.localDate}`)?.[job.slot]) planned.push(job);
      else await fail(ctx, job, "could not plan the break's exercises");
    }
    const suggestionOf = (job: Job) => plans.get(`${job.userId}|${job.localDate}`)![job.slot]!;
    await sendEmails(
      ctx,
      planned.filter((j) => j.channel === "email"),
      suggestionOf,
    );
    instead.push(
      ...(await sendNotifications(
        ctx,
        planned.filter((j) => j.channel === "push"),
        suggestionOf,
      )),
    );
  }
  // The e-mails standing in for notifications no device took settle their breaks themselves.
  if (instead.length > 0 && !fallback) await deliver(ctx, instead, true);
  await settle(db, candidates, ctx.outcome);
}

/** The day's plans of a batch: one call for all; a failure is then retried user by user. */
async function plansFor(ctx: RunContext, batch: Job[]): Promise<Map<string, Suggestion[]>> {
  const request = (j: Job) => ({
    userId: j.userId,
    localDate: j.localDate,
    settings: { prefs: j.prefs, intensity: j.intensity, durationMinutes: j.duration },
  });
  const planDeps = { db: ctx.db, suggest: ctx.suggest, now: () => ctx.now };
  try {
    return await ensurePlans(planDeps, batch.map(request));
  } catch (error) {
    console.error(`[reminders] planning a batch failed (${errorText(error)}); planning user by user`);
    const plans = new Map<string, Suggestion[]>();
    for (const job of batch) {
      try {
        for (const [k, v] of await ensurePlans(planDeps, [request(job)])) plans.set(k, v);
      } catch {
        // This user's plan alone failed: their deliveries fail below, the others go.
      }
    }
    return plans;
  }
}
