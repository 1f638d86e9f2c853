// "I did it": validates the e-mail token and records the break. No session is read or created.
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { recordCompletion } from "@/lib/users/breaks";
import { getDashboard } from "@/lib/users/dashboard";
import { readDoneToken, type DoneClaim } from "./token";

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
  const dash = await getDashboard(db, claim.userId, now);
  return {
    completed: true,
    alreadyCompleted: !recorded,
    completedToday: dash.completedToday,
    totalToday: dash.totalToday,
    // The guided break's last screen shows the streak too.
    streakCount: dash.streakCount,
  };
}
