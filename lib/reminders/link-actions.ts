// What the e-mail's links do once the person clicks the page's button: "I did it", "Remind me in
// 15 minutes" and "Pause my reminder e-mails". The signed token is the only credential (no
// session is read or created), so its checks are limited per client address like every secret.
// Called by the route handlers (POST /api/breaks/complete, /api/breaks/snooze, /api/unsubscribe)
// and by the pages' server actions, with the same schemas and limits.
import { auditSafely } from "@/lib/admin/audit";
import type { AuditAction } from "@/lib/admin/types";
import { enforce, MINUTE } from "@/lib/auth/rate-limit";
import { purposeKey } from "@/lib/auth/secret";
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { setPaused } from "@/lib/users/settings";
import * as z from "@/lib/zod";
import { completeFromToken, TOKEN_MESSAGES } from "./complete";
import { SNOOZE_MESSAGES, snoozeBreak } from "./snooze";
import { readUnsubscribeToken } from "./token";

const LINK_LIMIT = { max: 60, windowMs: 10 * MINUTE };
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid.";
export const UNSUBSCRIBED = "Reminder e-mails are paused. You can turn them back on in Settings.";

function tokenSchema(message: string) {
  return z.object({ token: z.string({ error: message }).check(z.minLength(10, message), z.maxLength(1000, message)) }, { error: message });
}

/** `{ token }` of "I did it" and of the snooze button. */
export const doneLinkSchema = tokenSchema(TOKEN_MESSAGES.invalid);
export const snoozeLinkSchema = tokenSchema(SNOOZE_MESSAGES.invalid);
export const unsubscribeLinkSchema = tokenSchema(UNSUBSCRIBE_INVALID);

async function limit(db: Db, key: string, ip: string, action: AuditAction) {
  await enforce(db, [{ key: `${key}:${ip}`, ...LINK_LIMIT }], TOO_MANY, { audit: { action, ipAddress: ip } });
}

/** "I did it": records the break of the token's user, date and slot (idempotent). */
export async function completeFromLink(db: Db, token: string, ip: string) {
  await limit(db, "done-ip", ip, "break_link_rate_limited");
  return completeFromToken(db, token, purposeKey("email-links"));
}

/** "Remind me in 15 minutes": the same break e-mailed again about 15 minutes later. */
export async function snoozeFromLink(db: Db, token: string, ip: string) {
  await limit(db, "snooze-ip", ip, "break_link_rate_limited");
  return snoozeBreak(db, token, purposeKey("email-links"));
}

/** Pauses the token's user's reminder e-mails (RFC 8058 one-click, or the page's button). */
export async function unsubscribeFromLink(db: Db, token: string, ip: string): Promise<string> {
  await limit(db, "unsubscribe-ip", ip, "unsubscribe_rate_limited");
  const userId = readUnsubscribeToken(token, purposeKey("email-links"));
  if (!userId) throw badRequest(UNSUBSCRIBE_INVALID);
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
    throw new AppError(410, "This account no longer exists.");
  }
  if (await setPaused(db, userId, true)) {
    await auditSafely(db, { action: "emails_unsubscribed", userId, targetId: userId, ipAddress: ip });
  }
  return UNSUBSCRIBED;
}
