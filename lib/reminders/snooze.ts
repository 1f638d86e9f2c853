// "Remind me in 15 minutes": the e-mail's second button. Its link opens a confirmation page (a
// scanner's GET changes nothing); the page's button POSTs here, and the dispatch e-mails the same
// slot again about 15 minutes later, through the same claims as every reminder (delivery rounds 1
// and 2). At most twice per break, never past the user's local midnight, not once it is done.
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { addDays, formatTime12, localDate, localDateTimeToUtc, localTime, resolveTimeZone } from "@/lib/schedule/time";
import {
  createBreakToken,
  limitLinkUse,
  linkTokenSchema,
  readBreakToken,
  type DoneClaim,
} from "@/lib/platform/link-tokens";
import { purposeKey } from "@/lib/platform/secret";

export const MAX_SNOOZES = 2;
export const SNOOZE_MINUTES = 15;

export const SNOOZE_MESSAGES = {
  invalid: "This link is not valid. Open the latest reminder e-mail and try again.",
  expired: "This break is over: it can no longer be snoozed.",
  gone: "This account no longer exists.",
  paused: "Your reminder e-mails are paused, so there is nothing to send. You can turn them back on in Settings.",
  otherDay: "This break was on another day: it can no longer be snoozed.",
  done: "You've already done this break. Nice work!",
  tooLate: "It's too late today to snooze this break.",
  tooMany: "This break has already been snoozed twice.",
} as const;

export interface SnoozeView {
  /** The break's time, e.g. "10:00 AM". */
  timeDisplay: string;
  /** When the reminder comes again, e.g. "10:17 AM" (user's local time). */
  remindAtDisplay: string;
  remindAt: string;
  /** Snoozes left after this one. */
  remaining: number;
}

interface Context {
  claim: DoneClaim;
  tz: string;
  time: string;
  rounds: { round: number; status: string; dueAt: Date }[];
}

/** Checks the token and whether the break can still be snoozed; changes nothing. */
export async function checkSnooze(db: Db, token: string, secret: string, now = new Date()): Promise<Context> {
  const read = readBreakToken("snooze", token, secret, now);
  if (!read.ok) throw badRequest(SNOOZE_MESSAGES[read.reason]);
  const { claim } = read;
  const user = await db.user.findUnique({
    where: { id: claim.userId },
    select: { settings: { select: { times: true, timezone: true, pauseEmails: true } } },
  });
  if (!user) throw new AppError(410, SNOOZE_MESSAGES.gone);
  const s = user.settings;
  const time = s?.times[claim.slot];
  if (!s || !time) throw badRequest(SNOOZE_MESSAGES.otherDay);
  if (s.pauseEmails) throw badRequest(SNOOZE_MESSAGES.paused);
  const tz = resolveTimeZone(s.timezone);
  if (localDate(now, tz) !== claim.localDate) throw badRequest(SNOOZE_MESSAGES.otherDay);
  const [done, rounds] = await Promise.all([
    db.breakRecord.findUnique({ where: { userId_localDate_slot: claim }, select: { completedAt: true } }),
    db.snooze.findMany({ where: claim, select: { round: true, status: true, dueAt: true }, orderBy: { round: "asc" } }),
  ]);
  if (done?.completedAt) throw badRequest(SNOOZE_MESSAGES.done);
  return { claim, tz, time, rounds };
}

function view(ctx: Context, dueAt: Date, round: number): SnoozeView {
  return {
    timeDisplay: formatTime12(ctx.time),
    remindAt: dueAt.toISOString(),
    remindAtDisplay: formatTime12(localTime(dueAt, ctx.tz)),
    remaining: MAX_SNOOZES - round,
  };
}

/** The round a snooze now would make, and when it would be sent; 400 past the second or past midnight. */
function nextRound(ctx: Context, now: Date) {
  const round = (ctx.rounds.at(-1)?.round ?? 0) + 1;
  if (round > MAX_SNOOZES) throw badRequest(SNOOZE_MESSAGES.tooMany);
  const dueAt = new Date(now.getTime() + SNOOZE_MINUTES * 60_000);
  const midnight = localDateTimeToUtc(addDays(ctx.claim.localDate, 1), "00:00", ctx.tz);
  if (dueAt.getTime() >= midnight.getTime()) throw badRequest(SNOOZE_MESSAGES.tooLate);
  return { round, dueAt };
}

/**
 * A "Remind me in 15 minutes" token for a break another link names (the skip page offers it), or
 * null when the snooze page would refuse it: the same checks as snoozeBreak, nothing written.
 * `scheduledAt`: the break's time, which the e-mail's own links are signed with (same expiry).
 */
export async function snoozeTokenFor(db: Db, claim: DoneClaim, scheduledAt: Date, now = new Date()) {
  const secret = purposeKey("email-links");
  const token = createBreakToken("snooze", claim, scheduledAt, secret);
  try {
    const ctx = await checkSnooze(db, token, secret, now);
    if (!ctx.rounds.some((r) => r.status === "pending")) nextRound(ctx, now);
    return token;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Schedules the next round. Idempotent while a snooze is waiting (a double click, or two tabs,
 * give the same answer and one e-mail); concurrent first clicks make one row (unique round).
 */
export async function snoozeBreak(db: Db, token: string, secret: string, now = new Date()): Promise<SnoozeView> {
  const ctx = await checkSnooze(db, token, secret, now);
  const waiting = ctx.rounds.find((r) => r.status === "pending");
  if (waiting) return view(ctx, waiting.dueAt, waiting.round);
  const { round, dueAt } = nextRound(ctx, now);
  const inserted = await db.snooze.createMany({ data: [{ ...ctx.claim, round, dueAt }], skipDuplicates: true });
  if (inserted.count === 0) {
    // Another click made this round first: answer with it.
    const row = await db.snooze.findUniqueOrThrow({ where: { userId_localDate_slot_round: { ...ctx.claim, round } } });
    return view(ctx, row.dueAt, row.round);
  }
  return view(ctx, dueAt, round);
}

/** `{ token }` of the e-mail's and the notification's "Remind me in 15 minutes". */
export const snoozeLinkSchema = linkTokenSchema(SNOOZE_MESSAGES.invalid);

/** "Remind me in 15 minutes" from a link: the same break e-mailed again about 15 minutes later. */
export async function snoozeFromLink(db: Db, token: string, ip: string) {
  await limitLinkUse(db, "snooze-ip", ip, "break_link_rate_limited");
  return snoozeBreak(db, token, purposeKey("email-links"));
}
