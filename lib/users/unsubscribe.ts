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

/** Pauses the token's user's reminder e-mails. */
export async function unsubscribeFromLink(db: Db, token: string, ip: string): Promise<string> {
  await limitLinkUse(db, "unsubscribe-ip", ip, "unsubscribe_rate_limited");
  const { userId, recap } = await linkUser(db, token);
  if (recap) {
    // The recap's own link turns off the recap only; the reminders go on.
    const changed = await applySettingsPatch(db, userId, { weeklyRecapEmail: false });
    if (changed.length > 0)
      await auditSafely(db, {
        action: "settings_updated",
        userId,
        targetId: userId,
        ipAddress: ip,
        details: { fields: changed },
      });
    return RECAP_UNSUBSCRIBED;
  }
  if (await setPaused(db, userId, true)) {
    await auditSafely(db, { action: "emails_unsubscribed", userId, targetId: userId, ipAddress: ip });
  }
  return UNSUBSCRIBED;
}

/**
 * The paused page's Undo: the same link turns back on what it turned off (the reminders, or the
 * recap only), for a click by mistake. Anyone holding the link could already pause; it gives no
 * more than that. Limited per address apart from the pause.
 */
export async function resubscribeFromLink(db: Db, token: string, ip: string): Promise<string> {
  await limitLinkUse(db, "resubscribe-ip", ip, "unsubscribe_rate_limited");
  const { userId, recap } = await linkUser(db, token);
  if (recap) {
    const changed = await applySettingsPatch(db, userId, { weeklyRecapEmail: true });
    if (changed.length > 0)
      await auditSafely(db, {
        action: "settings_updated",
        userId,
        targetId: userId,
        ipAddress: ip,
        details: { fields: changed },
      });
    return RECAP_RESUBSCRIBED;
  }
  if (await setPaused(db, userId, false)) {
    await auditSafely(db, { action: "emails_resumed", userId, targetId: userId, ipAddress: ip });
  }
  return RESUBSCRIBED;
}
