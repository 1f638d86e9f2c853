// "Pause my reminder e-mails" from an e-mail: the RFC 8058 one-click POST, or the confirmation
// page's button. The signed token is the only credential (no session is read or created).
import type { Db } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { auditSafely } from "@/lib/platform/audit";
import {
  limitLinkUse,
  linkTokenSchema,
  readRecapUnsubscribeToken,
  readUnsubscribeToken,
} from "@/lib/platform/link-tokens";
import { purposeKey } from "@/lib/platform/secret";
import { applySettingsPatch, setPaused } from "./settings-store";

export const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid.";
export const UNSUBSCRIBED = "Reminder e-mails are paused. You can turn them back on in Settings.";
export const RECAP_UNSUBSCRIBED = "The weekly recap e-mail is off. You can turn it back on in Settings.";
export const RESUBSCRIBED = "Reminder e-mails are back on.";
export const RECAP_RESUBSCRIBED = "The weekly recap e-mail is back on.";

/** Which e-mails a valid unsubscribe token stops: the reminders, or the weekly recap only. */
export function unsubscribeKind(token: string): "reminders" | "recap" | null {
  const secret = purposeKey("email-links");
  if (readUnsubscribeToken(token, secret)) return "reminders";
  return readRecapUnsubscribeToken(token, secret) ? "recap" : null;
}

/** `{ token }` of the unsubscribe page's button and of the one-click POST. */
export const unsubscribeLinkSchema = linkTokenSchema(UNSUBSCRIBE_INVALID);

/** The token's user (and whether it is the recap's link); 400 for a bad token, 410 for a deleted account. */
async function linkUser(db: Db, token: string) {
  const secret = purposeKey("email-links");
  const recapUser = readRecapUnsubscribeToken(token, secret);
  const userId = readUnsubscribeToken(token, secret) ?? recapUser;
  if (!userId) throw badRequest(UNSUBSCRIBE_INVALID);
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
    throw new AppError(410, "This account no longer exists.");
  }
  return { userId, recap: recapUser !== null };
}

/**
 * What the link turns off (`off`) or back on: the reminders, or for the recap's own link the recap
 * only (the reminders go on). Each direction has its own per-address limit.
 */
async function switchFromLink(db: Db, token: string, ip: string, off: boolean): Promise<string> {
  await limitLinkUse(db, off ? "unsubscribe-ip" : "resubscribe-ip", ip, "unsubscribe_rate_limited");
  const { userId, recap } = await linkUser(db, token);
  if (recap) {
    const changed = await applySettingsPatch(db, userId, { weeklyRecapEmail: !off });
    if (changed.length > 0)
      await auditSafely(db, {
        action: "settings_updated",
        userId,
        targetId: userId,
        ipAddress: ip,
        details: { fields: changed },
      });
    return off ? RECAP_UNSUBSCRIBED : RECAP_RESUBSCRIBED;
  }
  if (await setPaused(db, userId, off)) {
    const action = off ? "emails_unsubscribed" : "emails_resumed";
    await auditSafely(db, { action, userId, targetId: userId, ipAddress: ip });
  }
  return off ? UNSUBSCRIBED : RESUBSCRIBED;
}

/** Pauses the token's user's reminder e-mails (or, for the recap's link, the recap). */
export const unsubscribeFromLink = (db: Db, token: string, ip: string) => switchFromLink(db, token, ip, true);

/**
 * The paused page's Undo: the same link turns back on what it turned off, for a click by mistake.
 * Anyone holding the link could already pause; it gives no more than that.
 */
export const resubscribeFromLink = (db: Db, token: string, ip: string) => switchFromLink(db, token, ip, false);
