// Completing a break, from wherever the person says they did it: the dashboard's Mark as done /
// Undo and the guided break (today's breaks, by slot, with a session), and the e-mail's or the
// notification's "I did it" (a signed token, no session). One record of it: recordCompletion.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { limitLinkUse, linkTokenSchema, readDoneToken, type DoneClaim } from "@/lib/platform/link-tokens";
import { purposeKey } from "@/lib/platform/secret";
import { getDashboard } from "@/lib/progress/dashboard";
import { earnBreakTrophy } from "@/lib/recap/earn";
import { todaysBreakDate } from "./today";
import type { CompletionView, LinkUndoView } from "./types";

export interface CompletionInput {
  userId: string;
  /** The break's local date in the user's timezone, "YYYY-MM-DD". */
  localDate: string;
  /** 0 = first reminder time, 1 = second. */
  slot: number;
  at?: Date;
}

/**
 * Marks the break done. Idempotent and race-free: one atomic upsert keeps the first completion
 * time, so repeated clicks or concurrent requests count once. Returns whether this call recorded it.
 */
export async function recordCompletion(db: Db, { userId, localDate, slot, at = new Date() }: CompletionInput) {
  // A row comes back only when this statement inserted it or completed a pending one.
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO "breaks" ("id", "userId", "localDate", "slot", "completedAt") VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("userId", "localDate", "slot") DO UPDATE SET "completedAt" = EXCLUDED."completedAt"
     WHERE "breaks"."completedAt" IS NULL
     RETURNING "id"`,
    randomUUID(),
    userId,
    localDate,
    slot,
    at,
  );
  return { recorded: rows.length > 0 };
}

/** Takes a completion back (the app's "Undo"). Idempotent. Returns whether this call changed it. */
export async function undoCompletion(db: Db, { userId, localDate, slot }: Omit<CompletionInput, "at">) {
  const { count } = await db.breakRecord.updateMany({
    where: { userId, localDate, slot, completedAt: { not: null } },
    data: { completedAt: null },
  });
  return { undone: count > 0 };
}

/** The dashboard's numbers after a change to one of today's breaks. */
export async function completionView(db: Db, userId: string, now: Date): Promise<CompletionView> {
  const d = await getDashboard(db, userId, now);
  return { completedToday: d.completedToday, totalToday: d.totalToday, streakCount: d.streakCount };
}

/** Marks one of today's breaks done (idempotent). */
export async function completeTodayBreak(
  db: Db,
  userId: string,
  slot: number,
  now = new Date(),
): Promise<CompletionView> {
  const date = await todaysBreakDate(db, userId, slot, now);
  const { recorded } = await recordCompletion(db, { userId, localDate: date, slot, at: now });
  const trophy = recorded ? await earnBreakTrophy(db, userId, date) : null;
  return { ...(await completionView(db, userId, now)), trophy };
}

/** Undoes one of today's breaks (today only; idempotent). */
export async function undoTodayBreak(db: Db, userId: string, slot: number, now = new Date()): Promise<CompletionView> {
  const date = await todaysBreakDate(db, userId, slot, now);
  await undoCompletion(db, { userId, localDate: date, slot });
  return completionView(db, userId, now);
}

export const TOKEN_MESSAGES = {
  invalid: "This link is not valid. Open the latest reminder e-mail and try again.",
  expired: "This link has expired: breaks can be marked done for 48 hours after the reminder.",
  gone: "This account no longer exists.",
};

/** Checks a token without changing anything (the /done page and the complete call share it). */
export async function resolveDoneToken(db: Db, token: string, secret: string, now = new Date()) {
  const result = readDoneToken(token, secret, now);
  if (!result.ok) throw badRequest(TOKEN_MESSAGES[result.reason]);
  const user = await db.user.findUnique({ where: { id: result.claim.userId }, select: { id: true } });
  if (!user) throw new AppError(410, TOKEN_MESSAGES.gone);
  return result.claim;
}

export async function completeFromToken(db: Db, token: string, secret: string, now = new Date()) {
  const claim: DoneClaim = await resolveDoneToken(db, token, secret, now);
  const { recorded } = await recordCompletion(db, { ...claim, at: now });
  const trophy = recorded ? await earnBreakTrophy(db, claim.userId, claim.localDate) : null;
  const dash = await getDashboard(db, claim.userId, now);
  return {
    completed: true,
    alreadyCompleted: !recorded,
    completedToday: dash.completedToday,
    totalToday: dash.totalToday,
    // The guided break's last screen shows the streak too.
    streakCount: dash.streakCount,
    trophy,
  };
}

/** `{ token }` of the e-mail's and the notification's "I did it". */
export const doneLinkSchema = linkTokenSchema(TOKEN_MESSAGES.invalid);

/** "I did it" from a link: records the break of the token's user, date and slot (idempotent). */
export async function completeFromLink(db: Db, token: string, ip: string) {
  await limitLinkUse(db, "done-ip", ip, "break_link_rate_limited");
  return completeFromToken(db, token, purposeKey("email-links"));
}

/**
 * The "I did it" page's Undo, with the same signed token: takes that break's count back, for the
 * token's user, date and slot only (the dashboard's Undo, without a session). Idempotent.
 */
export async function undoFromLink(db: Db, token: string, ip: string, now = new Date()): Promise<LinkUndoView> {
  await limitLinkUse(db, "undo-ip", ip, "break_link_rate_limited");
  const { userId, localDate, slot } = await resolveDoneToken(db, token, purposeKey("email-links"), now);
  await undoCompletion(db, { userId, localDate, slot });
  return { completed: false, ...(await completionView(db, userId, now)) };
}
