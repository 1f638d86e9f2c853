// A connected calendar (issue 31): the user pastes the secret iCal address of their calendar; it is
// fetched at once (./fetch.ts: public https addresses only), read as a calendar client would
// (./busy.ts), and only its busy intervals and days off are kept, with the address sealed
// (lib/platform/seal.ts). It is read again every 15 minutes and about 10 minutes before each
// reminder (refreshDueCalendars, from the scheduler and the cron call), each user on their own: a
// calendar that fails backs off and is recorded on its row alone, and the breaks keep the plain
// schedule. After every read the coming breaks are placed again (./placement.ts).
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, InvalidInput, notFound } from "@/lib/errors";
import { auditSafely } from "@/lib/platform/audit";
import { enforce, HOUR } from "@/lib/platform/rate-limit";
import { seal, unseal } from "@/lib/platform/seal";
import { addDays, localDate, localDateTimeToUtc, resolveTimeZone } from "@/lib/schedule/time";
import { busyTimes, CalendarParseError } from "./busy";
import {
  CalendarFetchError,
  CalendarUrlError,
  fetchCalendar,
  normalizeCalendarUrl,
  type FetchCalendarOptions,
  type FetchCalendarResult,
} from "./fetch";
import type { CalendarSourceView } from "./input";
import { placeUpcoming, type StoredBusy } from "./placement";

export const CALENDAR_SOURCE_MESSAGES = {
  none: "No calendar is connected.",
  tooMany: "Too many calendar checks. Please wait a while and try again.",
  sealedForOther: "This calendar address can no longer be read. Please connect your calendar again.",
} as const;

/** How far ahead busy times are read: today and the next 7 days, in the user's zone. */
const DAYS_AHEAD = 8;
const REFRESH_MS = 15 * 60_000;
/** A read this long before each reminder, so a meeting added since the last one still moves it. */
const BEFORE_BREAK_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 6 * HOUR;
/** Connecting (and so fetching a new address) is limited per user. */
const CONNECT_LIMIT = { max: 10, windowMs: HOUR };

/** How the source is fetched: the real fetcher, or a test's. */
export interface SourceDeps {
  db: Db;
  now?: Date;
  fetch?: (url: URL, opts: FetchCalendarOptions) => Promise<FetchCalendarResult>;
}

type Row = {
  userId: string;
  sealedUrl: string;
  status: string;
  error: string | null;
  busyCount: number;
  checkedAt: Date | null;
  failures: number;
  etag: string | null;
  lastModified: string | null;
};

function viewOf(row: Pick<Row, "status" | "error" | "busyCount" | "checkedAt">): CalendarSourceView {
  return {
    status: row.status === "error" ? "error" : "ok",
    busyCount: row.busyCount,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    ...(row.status === "error" && row.error ? { error: row.error } : {}),
  };
}

const fetchOptions = (extra: FetchCalendarOptions = {}): FetchCalendarOptions => ({
  allow: env().calendarFetchAllow,
  ...extra,
});

/** The user's zone, e-mail and the window read: local today 00:00 to DAYS_AHEAD days on. */
async function readerFor(db: Db, userId: string, now: Date) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, settings: { select: { timezone: true } } },
  });
  if (!user) throw notFound("Account not found");
  const zone = resolveTimeZone(user.settings?.timezone ?? "UTC");
  const today = localDate(now, zone);
  return {
    userEmail: user.email,
    zone,
    from: localDateTimeToUtc(today, "00:00", zone),
    to: localDateTimeToUtc(addDays(today, DAYS_AHEAD), "00:00", zone),
  };
}

/** The busy times of a fetched calendar; 422 with the reason when it is not iCalendar. */
function read(text: string, opts: Awaited<ReturnType<typeof readerFor>>, now: Date) {
  let times;
  try {
    times = busyTimes(text, opts);
  } catch (error) {
    if (error instanceof CalendarParseError) throw new InvalidInput({ url: error.reason }, 422);
    throw error;
  }
  const weekEnd = now.getTime() + 7 * 24 * HOUR;
  return {
    busy: times.intervals.map((i) => [i.start.getTime(), i.end.getTime()]) as StoredBusy,
    daysOff: times.daysOff,
    busyCount: times.intervals.filter((i) => i.end.getTime() > now.getTime() && i.start.getTime() < weekEnd).length,
  };
}

/** When to read again: in 15 minutes, or sooner, about 10 minutes before the user's next reminder. */
async function nextFetchAt(db: Db, userId: string, now: Date): Promise<Date> {
  const regular = now.getTime() + REFRESH_MS;
  const next = await db.reminderSlot.findFirst({
    where: { userId, nextAt: { gt: new Date(now.getTime() + BEFORE_BREAK_MS + 60_000) } },
    orderBy: { nextAt: "asc" },
    select: { nextAt: true },
  });
  const before = next ? next.nextAt.getTime() - BEFORE_BREAK_MS : Infinity;
  return new Date(Math.min(regular, before));
}

/**
 * PUT /api/user/calendar-source: connects (or replaces) the user's calendar. The address is checked
 * and fetched before anything is written: 400 (fieldErrors.url) for an address Limber will not
 * fetch, 422 with the reason when it cannot be read or is not a calendar, 429 past 10 an hour.
 */
export async function connectCalendar(deps: SourceDeps, userId: string, rawUrl: string): Promise<CalendarSourceView> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  let url: URL;
  try {
    url = normalizeCalendarUrl(rawUrl, { allow: env().calendarFetchAllow });
  } catch (error) {
    if (error instanceof CalendarUrlError) throw new InvalidInput({ url: error.reason });
    throw error;
  }
  await enforce(db, [{ key: `calendar-connect:${userId}`, ...CONNECT_LIMIT }], CALENDAR_SOURCE_MESSAGES.tooMany, {
    audit: { action: "calendar_source_rate_limited", userId },
  });
  let fetched: FetchCalendarResult;
  try {
    fetched = await (deps.fetch ?? fetchCalendar)(url, fetchOptions());
  } catch (error) {
    if (error instanceof CalendarFetchError)
      throw new InvalidInput({ url: error.reason }, error.code === "refused-address" ? 400 : 422);
    throw error;
  }
  if (fetched.status !== "ok") throw new AppError(502, "The calendar server did not send the calendar.");
  const reader = await readerFor(db, userId, now);
  const found = read(fetched.text, reader, now);
  const data = {
    sealedUrl: seal(url.href, "calendar-source", userId),
    status: "ok",
    error: null,
    busy: found.busy,
    daysOff: found.daysOff,
    busyCount: found.busyCount,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
    checkedAt: now,
    failures: 0,
    nextFetchAt: await nextFetchAt(db, userId, now),
  };
  const row = await db.calendarSource.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  await placeUpcoming(db, userId, now);
  await auditSafely(db, { action: "calendar_source_connected", userId, targetId: userId });
  return viewOf(row);
}

/** The user's connected calendar as the Settings card shows it, or null when none is. */
export async function findCalendarSource(db: Db, userId: string): Promise<CalendarSourceView | null> {
  const row = await db.calendarSource.findUnique({
    where: { userId },
    select: { status: true, error: true, busyCount: true, checkedAt: true },
  });
  return row && viewOf(row);
}

/** GET /api/user/calendar-source: 404 when none is connected. */
export async function calendarSourceStatus(db: Db, userId: string): Promise<CalendarSourceView> {
  const view = await findCalendarSource(db, userId);
  if (!view) throw notFound(CALENDAR_SOURCE_MESSAGES.none);
  return view;
}

/**
 * DELETE /api/user/calendar-source: the address and everything read from it are erased, and the
 * coming breaks go back to the plain schedule. Idempotent.
 */
export async function disconnectCalendar(db: Db, userId: string, now = new Date()): Promise<{ disconnected: true }> {
  const { count } = await db.calendarSource.deleteMany({ where: { userId } });
  await placeUpcoming(db, userId, now);
  if (count > 0) await auditSafely(db, { action: "calendar_source_disconnected", userId, targetId: userId });
  return { disconnected: true };
}

/** One user's calendar read again (conditional GET), and their coming breaks placed again. */
export async function refreshCalendar(deps: SourceDeps, userId: string): Promise<CalendarSourceView | null> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const row: Row | null = await db.calendarSource.findUnique({ where: { userId } });
  if (!row) return null;
  try {
    const href = unseal(row.sealedUrl, "calendar-source", userId);
    if (!href) throw new CalendarFetchError("refused-address", CALENDAR_SOURCE_MESSAGES.sealedForOther);
    const fetched = await (deps.fetch ?? fetchCalendar)(
      new URL(href),
      fetchOptions({ etag: row.etag, lastModified: row.lastModified }),
    );
    const base = {
      status: "ok",
      error: null,
      checkedAt: now,
      failures: 0,
      nextFetchAt: await nextFetchAt(db, userId, now),
    };
    let saved;
    if (fetched.status === "not-modified") {
      saved = await db.calendarSource.update({ where: { userId }, data: base });
    } else {
      const found = read(fetched.text, await readerFor(db, userId, now), now);
      saved = await db.calendarSource.update({
        where: { userId },
        data: { ...base, ...found, etag: fetched.etag, lastModified: fetched.lastModified },
      });
    }
    await placeUpcoming(db, userId, now);
    return viewOf(saved);
  } catch (error) {
    // This calendar alone failed: recorded on its row, retried later and later; the breaks keep
    // the busy times last read until they go stale, then the plain schedule.
    const reason =
      error instanceof CalendarFetchError || error instanceof CalendarParseError
        ? error.reason
        : error instanceof InvalidInput
          ? error.publicMessage
          : "The calendar could not be read. Limber will try again.";
    if (!(error instanceof CalendarFetchError || error instanceof InvalidInput || error instanceof CalendarParseError))
      console.error(`[calendar] reading the calendar of ${userId} failed:`, error);
    const failures = row.failures + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, REFRESH_MS * 2 ** Math.min(failures - 1, 10));
    const saved = await db.calendarSource.update({
      where: { userId },
      data: {
        status: "error",
        error: reason,
        checkedAt: row.checkedAt,
        failures,
        nextFetchAt: new Date(now.getTime() + backoff),
      },
    });
    await placeUpcoming(db, userId, now).catch(() => {});
    return viewOf(saved);
  }
}

/**
 * Every calendar whose next read has come (the oldest first, at most `limit`), `concurrency` at a
 * time, each on its own: one that fails or hangs (10 s) never holds up another.
 */
export async function refreshDueCalendars(
  deps: Omit<SourceDeps, "now"> & { now: Date; limit?: number; concurrency?: number; signal?: AbortSignal },
): Promise<{ refreshed: number; failed: number }> {
  const due = await deps.db.calendarSource.findMany({
    where: { nextFetchAt: { lte: deps.now } },
    orderBy: { nextFetchAt: "asc" },
    take: deps.limit ?? 500,
    select: { userId: true },
  });
  let refreshed = 0;
  let failed = 0;
  let i = 0;
  const worker = async () => {
    while (i < due.length && !deps.signal?.aborted) {
      const { userId } = due[i++]!;
      try {
        const view = await refreshCalendar(deps, userId);
        if (view?.status === "ok") refreshed += 1;
        else failed += 1;
      } catch (error) {
        failed += 1;
        console.error(`[calendar] refreshing ${userId} failed:`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? 8, due.length) }, worker));
  return { refreshed, failed };
}
