// The private calendar subscription: creating, showing and resetting a user's feed URL, and
// serving the feed for a token (no session: the token is the only credential).
import { createHash } from "node:crypto";
import { auditSafely } from "@/lib/platform/audit";
import { auditCoalesced } from "@/lib/platform/audit-coalesce";
import { enforce, MINUTE, type Limit } from "@/lib/platform/rate-limit";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { localDate, resolveTimeZone } from "@/lib/schedule/time";
import type { ScheduleVersion } from "@/lib/schedule/versions";
import { toView } from "@/lib/schedule/settings";
import { renderFeed, type FeedException } from "./render";
import { hashToken, newToken, sealToken, TOKEN_PATTERN, unsealToken } from "./token";

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export function feedUrl(token: string): string {
  return `${env().appUrl}/api/calendar/${token}.ics`;
}

/** Lookups of unknown tokens per client address: a cap on guessing (a hit does not count). */
export const feedMissLimit = (ip: string): Limit => ({
  key: `calendar-miss-ip:${ip}`,
  max: 120,
  windowMs: 10 * MINUTE,
});
/**
 * Fetches of one feed. Per feed, not per address: Google and other calendar services poll every
 * subscribed feed from a few shared addresses, so a per-address cap on hits would cut off all of
 * their users at once. A leaked URL hammered from anywhere still costs at most this much.
 */
export const feedHitLimit = (userId: string): Limit => ({
  key: `calendar-feed:${userId}`,
  max: 60,
  windowMs: 10 * MINUTE,
});
/** Link resets per user: a person resets after a leak, not in a loop. */
export const feedResetLimit = (userId: string): Limit => ({
  key: `calendar-reset:${userId}`,
  max: 10,
  windowMs: 10 * MINUTE,
});
export const FEED_RESET_LIMIT_MESSAGE = "Too many link resets. Please wait a few minutes and try again.";
export const FEED_LIMIT_MESSAGE = "Too many calendar requests. Please try again later.";
export const FEED_NOT_FOUND = "Calendar not found";

/** Replaces the user's token (creating the feed if there is none); the old URL answers 404 from now on. */
export async function resetFeed(
  db: Db,
  userId: string,
  ip: string,
  reason: "user" | "secret_changed" = "user",
): Promise<string> {
  const now = new Date();
  if (reason === "user") {
    await enforce(db, [feedResetLimit(userId)], FEED_RESET_LIMIT_MESSAGE, {
      now: now.getTime(),
      audit: { action: "calendar_reset_rate_limited", userId, targetId: userId, ipAddress: ip },
    });
  }
  const token = newToken();
  // createdAt moves too: it anchors the series, and a reset feed is a new subscription.
  const data = {
    tokenHash: hashToken(token),
    tokenSealed: sealToken(token, userId),
    fingerprint: "",
    changedAt: now,
    createdAt: now,
  };
  await db.calendarFeed.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  // One row per user per 10 minutes, with the count.
  await auditCoalesced(
    db,
    { action: "calendar_link_reset", userId, targetId: userId, ipAddress: ip, details: { reason } },
    now.getTime(),
  );
  return feedUrl(token);
}

/** The user's feed URL, created on first request. Concurrent first requests agree on one token. */
export async function getOrCreateFeedUrl(db: Db, userId: string, ip: string): Promise<string> {
  const existing = await db.calendarFeed.findUnique({ where: { userId }, select: { tokenSealed: true } });
  if (!existing) {
    const token = newToken();
    const { count } = await db.calendarFeed.createMany({
      data: [{ userId, tokenHash: hashToken(token), tokenSealed: sealToken(token, userId) }],
      skipDuplicates: true,
    });
    if (count === 1) {
      await auditSafely(db, { action: "calendar_link_created", userId, targetId: userId, ipAddress: ip });
      return feedUrl(token);
    }
    return getOrCreateFeedUrl(db, userId, ip); // another request created it first: show that one
  }
  const token = unsealToken(existing.tokenSealed, userId);
  // Sealed under an earlier AUTH_SECRET: the URL cannot be shown again, so a new one replaces it.
  return token ? feedUrl(token) : resetFeed(db, userId, ip, "secret_changed");
}

export interface FoundFeed {
  userId: string;
  fingerprint: string;
  changedAt: Date;
  createdAt: Date;
  settings: (NonNullable<Parameters<typeof toView>[0]> & { onboardingCompleted: boolean }) | null;
  /** The schedule versions (newest last), so past weeks keep the breaks they had. */
  versions: ScheduleVersion[];
}

/** The feed a token opens, by the token's hash; null for anything malformed, unknown or revoked. */
export async function findFeed(db: Db, token: string): Promise<FoundFeed | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      userId: true,
      fingerprint: true,
      changedAt: true,
      createdAt: true,
      user: {
        select: {
          settings: {
            select: {
              times: true,
              activeDays: true,
              timezone: true,
              durationPreference: true,
              pauseEmails: true,
              onboardingCompleted: true,
            },
          },
          // The newest versions: a year of changes is far fewer; an older one only reaches back.
          scheduleVersions: {
            select: { effectiveFrom: true, times: true, activeDays: true, timezone: true },
            orderBy: { effectiveFrom: "desc" },
            take: 100,
          },
        },
      },
    },
  });
  if (!feed) return null;
  const s = feed.user.settings;
  // The feed never needs the preferences text: not read, and toView gets neutral values for it.
  const settings = s ? { ...s, intensityLevel: "medium", movementPrefs: "" } : null;
  const versions = feed.user.scheduleVersions.map((v) => ({
    from: v.effectiveFrom.getTime(),
    times: v.times,
    activeDays: v.activeDays,
    timezone: v.timezone,
  }));
  return {
    userId: feed.userId,
    fingerprint: feed.fingerprint,
    changedAt: feed.changedAt,
    createdAt: feed.createdAt,
    settings,
    versions,
  };
}

/** Today's and later breaks moved out of a meeting or skipped: the feed's overrides and EXDATEs. */
async function feedExceptions(db: Db, userId: string, today: string): Promise<FeedException[]> {
  const rows = await db.breakRecord.findMany({
    where: {
      userId,
      localDate: { gte: today },
      OR: [{ skipReason: { not: null } }, { movedTo: { not: null } }],
    },
    select: { localDate: true, slot: true, movedTo: true, skipReason: true, completedAt: true },
    orderBy: [{ localDate: "asc" }, { slot: "asc" }],
    take: 100,
  });
  // A skipped break done anyway happened: it stays in the calendar (at its moved time, if moved).
  return rows.flatMap((r): FeedException[] => {
    if (r.skipReason && !r.completedAt) return [{ date: r.localDate, slot: r.slot, movedTo: null }];
    return r.movedTo ? [{ date: r.localDate, slot: r.slot, movedTo: r.movedTo }] : [];
  });
}

export interface ServedFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * Renders the feed from the user's current settings (so changes show on the next poll). When its
 * content differs from what was last served, the change time is recorded: it is the feed's
 * Last-Modified and the events' DTSTAMP, and stays put while nothing changes.
 */
export async function serveFeed(db: Db, feed: FoundFeed, now = new Date()): Promise<ServedFeed> {
  const view = toView(feed.settings);
  const tz = resolveTimeZone(view.timezone);
  const year = now.getUTCFullYear();
  const created = localDate(feed.createdAt, tz);
  // The series starts where the feed began, but at most about a year back (it moves once a year),
  // so the zone definition it needs stays short however old the feed is.
  const floor = `${year - 1}-01-01`;
  const appUrl = env().appUrl;
  const input = {
    timezone: tz,
    times: view.times,
    activeDays: view.activeDays,
    durationMinutes: view.durationPreference,
    // Paused e-mails leave the breaks (and so the events): pausing stops the e-mails only.
    active: !!feed.settings?.onboardingCompleted,
    versions: feed.versions,
    anchorDate: created > floor ? created : floor,
    uidBase: sha256(`limber-calendar:${feed.userId}`).slice(0, 24),
    host: new URL(appUrl).host,
    dashboardUrl: `${appUrl}/dashboard`,
    year,
    exceptions: await feedExceptions(db, feed.userId, localDate(now, tz)),
  };
  const fingerprint = sha256(renderFeed({ ...input, stamp: new Date(0) }));
  let changedAt = feed.changedAt;
  if (fingerprint !== feed.fingerprint) {
    changedAt = now;
    // Conditional on what was read: of two polls racing over one change, either write is right.
    await db.calendarFeed.updateMany({
      where: { userId: feed.userId, fingerprint: feed.fingerprint },
      data: { fingerprint, changedAt },
    });
  }
  const body = renderFeed({ ...input, stamp: changedAt });
  return { body, etag: `"${sha256(body).slice(0, 32)}"`, lastModified: changedAt };
}
