import "server-only";
// A user's devices with notifications on (the browsers' push subscriptions): adding one, listing
// and removing them, and the targets a sender needs. Used by the routes and the server actions
// alike. The endpoint leaves the server only in the user's own data export; the keys never do.
import { randomUUID } from "node:crypto";
import { auditSafely } from "@/lib/platform/audit";
import { enforce, HOUR, type Limit } from "@/lib/platform/rate-limit";
import type { Db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { deviceName } from "./device-name";
import type { PushTarget } from "./transport";

export const MAX_DEVICES = 10;

export const PUSH_MESSAGES = {
  tooManyDevices: `You can get notifications on at most ${MAX_DEVICES} devices. Remove one in Settings first.`,
  deviceNotFound: "Device not found",
} as const;

/**
 * Device changes (subscribing, re-sending, removing) per user: far above what a person does, low
 * enough that a script cannot turn them into unbounded writes and audit entries.
 */
export const deviceChangeLimit = (userId: string): Limit => ({
  key: `push-devices:${userId}`,
  max: 60,
  windowMs: HOUR,
});
export const DEVICE_LIMIT_MESSAGE = "Too many changes to your devices in a short time. Please try again in an hour.";

async function enforceDeviceLimit(db: Db, userId: string, ip: string) {
  await enforce(db, [deviceChangeLimit(userId)], DEVICE_LIMIT_MESSAGE, {
    audit: { action: "push_rate_limited", userId, targetId: userId, ipAddress: ip },
  });
}

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  ip: string;
}

/**
 * Stores the browser's subscription for the user. The same endpoint again (the browser re-sends
 * it on each visit) updates its keys and name: `created` is false. An endpoint stored for another
 * account (a shared browser, signed in as someone else now) moves to this user as a new device.
 */
export async function addSubscription(db: Db, input: NewSubscription): Promise<{ id: string; created: boolean }> {
  await enforceDeviceLimit(db, input.userId, input.ip);
  const name = deviceName(input.userAgent);
  const keys = { p256dh: input.p256dh, auth: input.auth, deviceName: name };
  const result = await db.$transaction(async (tx) => {
    // The user's row, locked: parallel subscriptions of one user are counted one after the other.
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${input.userId} FOR UPDATE`;
    const existing = await tx.pushSubscription.findUnique({
      where: { endpoint: input.endpoint },
      select: { id: true, userId: true },
    });
    if (existing?.userId === input.userId) {
      await tx.pushSubscription.update({ where: { id: existing.id }, data: keys });
      return { id: existing.id, created: false };
    }
    if ((await tx.pushSubscription.count({ where: { userId: input.userId } })) >= MAX_DEVICES)
      throw new AppError(400, PUSH_MESSAGES.tooManyDevices);
    // A new id even when the endpoint moves: the other account's id names nothing of this user's.
    const id = randomUUID();
    const fresh = { id, userId: input.userId, ...keys, createdAt: new Date(), lastUsedAt: null };
    // Prisma runs this as one INSERT … ON CONFLICT: another account storing the same endpoint at
    // the same moment cannot make it fail (the later one keeps it).
    await tx.pushSubscription.upsert({
      where: { endpoint: input.endpoint },
      create: { ...fresh, endpoint: input.endpoint },
      update: fresh,
    });
    return { id, created: true };
  });
  // A device that works again answers the notice about one that stopped.
  if (result.created)
    await db.userSettings.updateMany({
      where: { userId: input.userId, pushNotice: { not: null } },
      data: { pushNotice: null },
    });
  if (result.created)
    await auditSafely(db, {
      action: "push_subscribed",
      userId: input.userId,
      targetId: input.userId,
      ipAddress: input.ip,
      details: { device: name },
    });
  return result;
}

export interface DeviceView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The user's devices, newest first: what Settings lists (never the endpoint or keys). */
export async function listSubscriptions(db: Db, userId: string): Promise<DeviceView[]> {
  const rows = await db.pushSubscription.findMany({
    where: { userId },
    select: { id: true, deviceName: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((r) => ({ id: r.id, name: r.deviceName, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt }));
}

/** Removes one of the user's devices; an id of no device, or of another user's, is the same 404. */
export async function removeSubscription(db: Db, userId: string, id: string, ip: string): Promise<void> {
  // Only a removal that would change something counts against the limit (a wrong id writes nothing).
  if (!(await db.pushSubscription.findFirst({ where: { id, userId }, select: { id: true } })))
    throw notFound(PUSH_MESSAGES.deviceNotFound);
  await enforceDeviceLimit(db, userId, ip);
  const [row] = await db.$queryRaw<{ deviceName: string }[]>`
    DELETE FROM "push_subscriptions" WHERE "id" = ${id} AND "userId" = ${userId} RETURNING "deviceName"`;
  if (!row) throw notFound(PUSH_MESSAGES.deviceNotFound);
  await auditSafely(db, {
    action: "push_unsubscribed",
    userId,
    targetId: userId,
    ipAddress: ip,
    details: { device: row.deviceName },
  });
}

export interface SubscriptionTarget extends PushTarget {
  id: string;
  name: string;
}

/** Where to send the user's notifications: every device, with what the transport needs. */
export async function subscriptionsOf(db: Db, userId: string): Promise<SubscriptionTarget[]> {
  const rows = await db.pushSubscription.findMany({
    where: { userId },
    select: { id: true, endpoint: true, p256dh: true, auth: true, deviceName: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.deviceName,
    endpoint: r.endpoint,
    keys: { p256dh: r.p256dh, auth: r.auth },
  }));
}

/** A device the push service no longer knows (404/410): removed, as the privacy page says. */
export async function forgetGoneSubscription(
  db: Db,
  target: { id: string; name: string },
  userId: string,
): Promise<void> {
  const { count } = await db.pushSubscription.deleteMany({ where: { id: target.id, userId } });
  if (count > 0)
    await auditSafely(db, {
      action: "push_unsubscribed",
      userId,
      targetId: userId,
      details: { device: target.name, reason: "gone" },
    });
}
