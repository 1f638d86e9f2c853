import "server-only";
// Settings' "Send a test notification" (POST /api/user/push/test and its action): one notification
// to each of the user's devices, limited as the test e-mail is (lib/mail/guard.ts): 3 a day per
// account, 5 an hour per client address.
import { auditSafely } from "@/lib/platform/audit";
import { DAY, enforce, HOUR, type Limit } from "@/lib/platform/rate-limit";
import { PRODUCT_NAME } from "@/lib/brand";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { getPushTransport } from "./index";
import { testNotification } from "./payload";
import { forgetGoneSubscription, subscriptionsOf } from "./subscriptions";

export const TEST_NOTIFICATION_MESSAGES = {
  noDevice: "Turn on notifications on this device first.",
  notSetUp: "Notifications are not set up on this server.",
  failed: "The test notification could not be sent. Please try again later.",
  perUser: "You have already sent 3 test notifications today. Please try again tomorrow.",
  perIp: "Too many test notifications from this network. You can send 5 per hour; please try again later.",
} as const;

export const testPushIpLimit = (ip: string): Limit => ({ key: `test-push-ip:${ip}`, max: 5, windowMs: HOUR });
export const testPushUserLimit = (userId: string): Limit => ({ key: `test-push:${userId}`, max: 3, windowMs: DAY });

/** Sends the test notification to every device of the user; how many the push services accepted. */
export async function sendTestNotification(
  db: Db,
  { userId, ip }: { userId: string; ip: string },
): Promise<{ sent: number }> {
  const transport = getPushTransport();
  if (!transport) throw new AppError(503, TEST_NOTIFICATION_MESSAGES.notSetUp);
  const targets = await subscriptionsOf(db, userId);
  if (targets.length === 0) throw new AppError(400, TEST_NOTIFICATION_MESSAGES.noDevice);
  // The caller's network first, as for test e-mails: a request refused there does not use up the account's.
  const audit = { action: "test_notification_rate_limited" as const, userId, targetId: userId, ipAddress: ip };
  await enforce(db, [testPushIpLimit(ip)], TEST_NOTIFICATION_MESSAGES.perIp, { audit });
  await enforce(db, [testPushUserLimit(userId)], TEST_NOTIFICATION_MESSAGES.perUser, { audit });

  const payload = JSON.stringify(testNotification(PRODUCT_NAME));
  const results = await Promise.all(
    targets.map((t) => transport.send(t, payload, { ttlSeconds: 60, urgency: "high" })),
  );
  const delivered: string[] = [];
  for (const [i, r] of results.entries()) {
    const target = targets[i]!;
    if (r.ok) {
      delivered.push(target.id);
      continue;
    }
    console.error(`[push] test notification to device ${target.id} failed: ${r.error}`);
    if (r.gone) await forgetGoneSubscription(db, target, userId);
  }
  if (delivered.length === 0) throw new AppError(502, TEST_NOTIFICATION_MESSAGES.failed);
  await db.pushSubscription.updateMany({ where: { id: { in: delivered } }, data: { lastUsedAt: new Date() } });
  await auditSafely(db, {
    action: "test_notification_sent",
    userId,
    targetId: userId,
    ipAddress: ip,
    details: { sent: delivered.length, devices: targets.length },
  });
  return { sent: delivered.length };
}
