// Why a device stopped getting notifications, for Settings: the dispatch (lib/reminders/dispatch)
// removes a device whose browser key the encryption refuses and leaves the user a notice here,
// until a device is subscribed again (lib/push/subscriptions.ts clears it). No "server-only" guard:
// the dispatch also runs in scripts (`npm run reminders:dispatch`, the benchmarks).
import { auditSafely } from "@/lib/platform/audit";
import type { Db } from "@/lib/db";

/**
 * Devices the dispatch removed because the encryption refused their browser's key (lib/push/
 * transport.ts): the user is told in Settings, and the owner's audit log records it.
 */
export async function forgetRefusedDevices(db: Db, userId: string, names: string[]) {
  const which = names.length === 1 ? names[0] : `${names.length} of your devices`;
  await db.userSettings.updateMany({
    where: { userId },
    data: {
      pushNotice: `${which} stopped getting notifications: its browser sent a key that cannot be used. Turn notifications on again on that device.`,
    },
  });
  await auditSafely(db, { action: "push_device_refused", userId, targetId: userId, details: { devices: names } });
}

/** Why a device stopped getting notifications, while no device has been subscribed since. */
export async function pushNotice(db: Db, userId: string): Promise<string | null> {
  const row = await db.userSettings.findUnique({ where: { userId }, select: { pushNotice: true } });
  return row?.pushNotice ?? null;
}
