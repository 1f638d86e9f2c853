// "Not today" for one break (issue 31): the user skips one of today's breaks, from the dashboard
// or from its reminder e-mail, until its reminder window has gone by (a missed break stays missed).
// A skipped break is not one of the day's breaks (neutral for the streak), gets no reminder (the
// dispatch treats it like a done one), and can be taken back while its window is open. Done
// anyway, it counts as done.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { limitLinkUse, linkTokenSchema, readBreakToken } from "@/lib/platform/link-tokens";
import { purposeKey } from "@/lib/platform/secret";
import { REMINDER_WINDOW_MINUTES } from "@/lib/schedule/constants";
import { completionView as view } from "./completion";
import { todaysBreak } from "./today";
import type { CompletionView } from "./types";

export const SKIP_MESSAGES = {
  invalid: "This link is not valid. Open the latest reminder e-mail and try again.",
  expired: "This break is over: it can no longer be skipped.",
  gone: "This account no longer exists.",
  otherDay: "This break was on another day: it can no longer be skipped.",
  done: "This break is already done.",
  past: "This break's time has gone by: it can no longer be skipped. You can still do it today.",
  tooLateToTakeBack: "This break's time has gone by: it stays skipped.",
  otherReason: "This break was skipped for your calendar, not by you: it cannot be taken back here.",
} as const;

/** The break's reminder window (its time plus 30 minutes) has not gone by. */
const windowOpen = (at: Date, now: Date) => at.getTime() + REMINDER_WINDOW_MINUTES * 60_000 > now.getTime();

/** Skips one of today's breaks (idempotent); 409 once it is done or its window has gone by. */
export async function skipTodayBreak(db: Db, userId: string, slot: number, now = new Date()): Promise<CompletionView> {
  const entry = await todaysBreak(db, userId, slot, now);
  if (entry.status === "skipped") return view(db, userId, now);
  if (entry.completed) throw new AppError(409, SKIP_MESSAGES.done);
  if (!windowOpen(entry.at, now)) throw new AppError(409, SKIP_MESSAGES.past);
  await db.$executeRawUnsafe(
    `INSERT INTO "breaks" ("id", "userId", "localDate", "slot", "skippedAt", "skipReason") VALUES ($1, $2, $3, $4, $5, 'user')
     ON CONFLICT ("userId", "localDate", "slot") DO UPDATE SET "skippedAt" = EXCLUDED."skippedAt", "skipReason" = 'user'
     WHERE "breaks"."completedAt" IS NULL`,
    randomUUID(),
    userId,
    entry.localDate,
    slot,
    now,
  );
  return view(db, userId, now);
}

/** Why a skipped break cannot be taken back: skipped for the calendar, or its window has gone by. */
function takeBackRefusal(entry: { skipReason?: string | null; at: Date }, now: Date): string | null {
  if (entry.skipReason !== "user") return SKIP_MESSAGES.otherReason;
  if (!windowOpen(entry.at, now)) return SKIP_MESSAGES.tooLateToTakeBack;
  return null;
}

/** Takes a "Not today" back while the break's window is open (idempotent). */
export async function unskipTodayBreak(
  db: Db,
  userId: string,
  slot: number,
  now = new Date(),
): Promise<CompletionView> {
  const entry = await todaysBreak(db, userId, slot, now);
  if (entry.status !== "skipped") return view(db, userId, now);
  const refusal = takeBackRefusal(entry, now);
  if (refusal) throw new AppError(409, refusal);
  await db.breakRecord.updateMany({
    where: { userId, localDate: entry.localDate, slot, skipReason: "user" },
    data: { skippedAt: null, skipReason: null },
  });
  return view(db, userId, now);
}

/** The e-mail's "Skip this break" page: which break, and whether it is skipped (after its action, too). */
export interface SkipLinkView {
  /** The break's time, e.g. "10:00 AM". */
  timeDisplay: string;
  skipped: boolean;
}

/** `{ token }` of the e-mail's skip page's buttons (Skip Break, and Undo). */
export const skipLinkSchema = linkTokenSchema(SKIP_MESSAGES.invalid);

/** Today's break a skip link names (its own user's, today's only): 400/410 otherwise; 409 once it is done. */
async function readSkipLink(db: Db, token: string, now: Date) {
  const read = readBreakToken("skip", token, purposeKey("email-links"), now);
  if (!read.ok) throw badRequest(SKIP_MESSAGES[read.reason]);
  const { claim } = read;
  if (!(await db.user.findUnique({ where: { id: claim.userId }, select: { id: true } })))
    throw new AppError(410, SKIP_MESSAGES.gone);
  const entry = await todaysBreak(db, claim.userId, claim.slot, now).catch(() => null);
  if (!entry || entry.localDate !== claim.localDate) throw badRequest(SKIP_MESSAGES.otherDay);
  if (entry.completed) throw new AppError(409, SKIP_MESSAGES.done);
  return { claim, entry };
}

/**
 * The break a "Skip this break" link names, as it stands now; changes nothing. 400/410/409 when it
 * cannot be skipped. `at`: the break's scheduled time (what its e-mail's links are signed with);
 * `undoable`: skipped, and Undo (unskipFromLink) would take it back now.
 */
export async function checkSkipLink(db: Db, token: string, now = new Date()) {
  const { claim, entry } = await readSkipLink(db, token, now);
  const skipped = entry.status === "skipped";
  if (!skipped && !windowOpen(entry.at, now)) throw new AppError(409, SKIP_MESSAGES.past);
  return {
    claim,
    at: entry.at,
    undoable: skipped && takeBackRefusal(entry, now) === null,
    view: { timeDisplay: entry.timeDisplay, skipped },
  };
}

/** "Skip this break" from a reminder e-mail: the same skip as the dashboard's. */
export async function skipFromLink(db: Db, token: string, ip: string, now = new Date()): Promise<SkipLinkView> {
  await limitLinkUse(db, "skip-ip", ip, "break_link_rate_limited");
  const { claim, view } = await checkSkipLink(db, token, now);
  if (!view.skipped) await skipTodayBreak(db, claim.userId, claim.slot, now);
  return { ...view, skipped: true };
}

/**
 * The skip page's Undo, with the same signed skip token: the dashboard's take-back (unskipTodayBreak),
 * so only a skip the user made, and only while the break's window is open (409 after). Idempotent.
 */
export async function unskipFromLink(db: Db, token: string, ip: string, now = new Date()): Promise<SkipLinkView> {
  await limitLinkUse(db, "unskip-ip", ip, "break_link_rate_limited");
  const { claim, entry } = await readSkipLink(db, token, now);
  await unskipTodayBreak(db, claim.userId, claim.slot, now);
  return { timeDisplay: entry.timeDisplay, skipped: false };
}
