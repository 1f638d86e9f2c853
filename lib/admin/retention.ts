// Retention: the scheduled purge of audit entries older than AUDIT_RETENTION_DAYS (and of their client
// IPs after AUDIT_IP_RETENTION_DAYS) and of rate-limit
// counters whose window ended long ago, so neither table grows without bound (a flood of failed
// sign-ins writes both). Run hourly by the internal scheduler and daily by GET /api/cron/purge.
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rate-limit rows are fixed windows whose `lastRequest` is the window's start (epoch ms). The longest
 * window any limit uses is 24 hours; a week leaves a wide margin.
 */
export const RATE_LIMIT_RETENTION_MS = 7 * DAY_MS;

export interface PurgeOptions {
  db: Db;
  now?: Date;
  auditRetentionDays: number;
  /** Entries older than this many days lose their client IP (the entry stays). */
  auditIpRetentionDays?: number;
  /** Rows per delete: each batch is a short transaction, so a huge backlog never holds a long lock. */
  batchSize?: number;
  /** At most this many batches per table per run; the rest waits for the next run. */
  maxBatches?: number;
  /** Stop starting new batches after this long (a cron function has a time limit). */
  timeBudgetMs?: number;
}

export interface PurgeResult {
  /** Audit entries deleted. */
  auditLogs: number;
  /** Rate-limit counters deleted. */
  rateLimits: number;
  /** Audit entries whose client IP was removed. */
  auditIps: number;
  /** Expired login codes deleted (they name the address they were sent to). */
  loginCodes: number;
  /** False when a limit stopped the run with expired rows left (the next run continues). */
  complete: boolean;
}

/**
 * Deletes, in batches, one table's rows selected by `pick` (ids of at most `take` expired rows) with
 * `remove` (which re-checks expiry, so a row touched in between stays). Returns the count and
 * whether it ran out of rows.
 */
async function inBatches(
  pick: (take: number) => Promise<{ id: string }[]>,
  remove: (ids: string[]) => Promise<{ count: number }>,
  { batchSize, maxBatches, deadline }: { batchSize: number; maxBatches: number; deadline: number },
): Promise<{ deleted: number; exhausted: boolean }> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches && Date.now() < deadline; batch++) {
    const ids = (await pick(batchSize)).map((r) => r.id);
    if (ids.length > 0) deleted += (await remove(ids)).count;
    if (ids.length < batchSize) return { deleted, exhausted: true };
  }
  return { deleted, exhausted: false };
}

export async function purgeExpired({
  db,
  now = new Date(),
  auditRetentionDays,
  auditIpRetentionDays = 30,
  batchSize = 1000,
  maxBatches = 200,
  timeBudgetMs = 60_000,
}: PurgeOptions): Promise<PurgeResult> {
  const limits = { batchSize, maxBatches, deadline: Date.now() + timeBudgetMs };

  const auditCutoff = new Date(now.getTime() - auditRetentionDays * DAY_MS);
  const audit = await inBatches(
    // Oldest first, so the scan walks the timestamp index instead of re-reading the heap's dead rows.
    (take) =>
      db.auditLog.findMany({
        where: { timestamp: { lt: auditCutoff } },
        orderBy: { timestamp: "asc" },
        select: { id: true },
        take,
      }),
    (ids) => db.auditLog.deleteMany({ where: { id: { in: ids }, timestamp: { lt: auditCutoff } } }),
    limits,
  );

  // IP addresses go sooner than the entries: blanked in batches the same way (an update, not a delete).
  const ipCutoff = new Date(now.getTime() - auditIpRetentionDays * DAY_MS);
  const ips = await inBatches(
    (take) =>
      db.auditLog.findMany({
        where: { timestamp: { lt: ipCutoff }, ipAddress: { not: null } },
        orderBy: { timestamp: "asc" },
        select: { id: true },
        take,
      }),
    (ids) =>
      db.auditLog.updateMany({ where: { id: { in: ids }, timestamp: { lt: ipCutoff } }, data: { ipAddress: null } }),
    limits,
  );

  const codes = await inBatches(
    (take) => db.verification.findMany({ where: { expiresAt: { lt: now } }, select: { id: true }, take }),
    (ids) => db.verification.deleteMany({ where: { id: { in: ids }, expiresAt: { lt: now } } }),
    limits,
  );

  const windowCutoff = BigInt(now.getTime() - RATE_LIMIT_RETENTION_MS);
  const rates = await inBatches(
    (take) =>
      db.rateLimit.findMany({
        where: { lastRequest: { lt: windowCutoff } },
        orderBy: { lastRequest: "asc" },
        select: { id: true },
        take,
      }),
    (ids) => db.rateLimit.deleteMany({ where: { id: { in: ids }, lastRequest: { lt: windowCutoff } } }),
    limits,
  );

  return {
    auditLogs: audit.deleted,
    rateLimits: rates.deleted,
    auditIps: ips.deleted,
    loginCodes: codes.deleted,
    complete: audit.exhausted && rates.exhausted && ips.exhausted && codes.exhausted,
  };
}

/** The purge on the app's database with AUDIT_RETENTION_DAYS (cron route and internal scheduler). */
export async function runPurge(now = new Date()): Promise<PurgeResult> {
  const { auditRetentionDays, auditIpRetentionDays } = env();
  return purgeExpired({ db: await getDb(), now, auditRetentionDays, auditIpRetentionDays });
}
