// Where today's and tomorrow's breaks go, written ahead of the reminder runs (the dispatch reads
// the result, never the calendar): each break of those days is placed by placeBreaks (./place.ts)
// among the busy times last read from the user's calendar, and its row in `breaks` says so —
// moved (movedTo "HH:MM", movedAt: its reminder goes then), skipped for meetings or a day off
// (skipReason "busy" | "day-off"), or as planned (none of these). A break done, skipped by the
// user, whose planned time has come, or whose moved reminder is due is left as it is. Without a
// calendar (or with one not read for STALE_MS), every break goes back to the plain schedule.
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { normalizeDuration } from "@/lib/schedule/settings";
import { addDays, localDate, localDateTimeToUtc, localWeekday, resolveTimeZone } from "@/lib/schedule/time";
import { placeBreaks, type PlacedBreak } from "./place";

/** Busy times older than this are not trusted: the plain schedule applies until a fetch succeeds. */
export const STALE_MS = 2 * 60 * 60_000;

/** The busy intervals as stored: [[startMs, endMs], ...]. */
export type StoredBusy = [number, number][];

interface Mark {
  slot: number;
  localDate: string;
  completedAt: Date | null;
  skipReason: string | null;
  movedTo: string | null;
  movedAt: Date | null;
}

/** The row a placed break should have (null: as planned). */
function desired(p: PlacedBreak) {
  if (p.skipped) return { skipReason: p.skipped, movedTo: null, movedAt: null };
  if (p.moved && p.at && p.time) return { skipReason: null, movedTo: p.time, movedAt: p.at };
  return { skipReason: null, movedTo: null, movedAt: null };
}

/**
 * Places the user's breaks of today and tomorrow (their local days) and writes what changed.
 * Returns how many break rows it changed.
 */
export async function placeUpcoming(db: Db, userId: string, now = new Date()): Promise<number> {
  const [settings, source] = await Promise.all([
    db.userSettings.findUnique({
      where: { userId },
      select: {
        times: true,
        activeDays: true,
        timezone: true,
        durationPreference: true,
        moveWithinMinutes: true,
        onboardingCompleted: true,
      },
    }),
    db.calendarSource.findUnique({ where: { userId }, select: { busy: true, daysOff: true, checkedAt: true } }),
  ]);
  if (!settings) return 0;
  const zone = resolveTimeZone(settings.timezone);
  const today = localDate(now, zone);
  const dates = [today, addDays(today, 1)];
  const fresh = !!source?.checkedAt && now.getTime() - source.checkedAt.getTime() <= STALE_MS;
  const busy = fresh
    ? (source!.busy as StoredBusy).map(([start, end]) => ({ start: new Date(start), end: new Date(end) }))
    : [];
  const daysOff = new Set(fresh ? source!.daysOff : []);

  const rows: Mark[] = await db.breakRecord.findMany({
    where: { userId, localDate: { in: dates } },
    select: { slot: true, localDate: true, completedAt: true, skipReason: true, movedTo: true, movedAt: true },
  });
  const existing = new Map(rows.map((r) => [`${r.localDate}|${r.slot}`, r]));
  let changed = 0;
  for (const date of dates) {
    const scheduled =
      settings.onboardingCompleted && settings.activeDays.includes(localWeekday(date))
        ? settings.times.map((time, slot) => ({
            slot,
            time,
            durationMinutes: normalizeDuration(settings.durationPreference),
          }))
        : [];
    const placed = placeBreaks({
      zone,
      localDate: date,
      now,
      moveWithinMinutes: source ? settings.moveWithinMinutes : 0,
      breaks: scheduled,
      busy,
      dayOff: daysOff.has(date),
    });
    const bySlot = new Map(placed.map((p) => [p.slot, p]));
    // Every row of the day with a calendar's mark, and every break of the day: each gets its due.
    const slots = new Set([...bySlot.keys(), ...rows.filter((r) => r.localDate === date).map((r) => r.slot)]);
    for (const slot of slots) {
      const row = existing.get(`${date}|${slot}`);
      if (row && (row.completedAt || row.skipReason === "user")) continue;
      if (row?.movedAt && row.movedAt.getTime() <= now.getTime()) continue; // its moved reminder is due
      const p = bySlot.get(slot);
      if (p && localDateTimeToUtc(date, p.plannedTime, zone).getTime() <= now.getTime()) continue; // its time has come
      const want = p ? desired(p) : { skipReason: null, movedTo: null, movedAt: null };
      const have = {
        skipReason: row?.skipReason ?? null,
        movedTo: row?.movedTo ?? null,
        movedAt: row?.movedAt?.getTime() ?? null,
      };
      if (
        have.skipReason === want.skipReason &&
        have.movedTo === want.movedTo &&
        have.movedAt === (want.movedAt?.getTime() ?? null)
      )
        continue;
      if (!row && !want.skipReason && !want.movedTo) continue;
      // Written only while the break is still open and not the user's own skip (a click may land meanwhile).
      await db.$executeRawUnsafe(
        `INSERT INTO "breaks" ("id", "userId", "localDate", "slot", "skipReason", "skippedAt", "movedTo", "movedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ("userId", "localDate", "slot") DO UPDATE
           SET "skipReason" = EXCLUDED."skipReason", "skippedAt" = EXCLUDED."skippedAt",
               "movedTo" = EXCLUDED."movedTo", "movedAt" = EXCLUDED."movedAt"
           WHERE "breaks"."completedAt" IS NULL AND ("breaks"."skipReason" IS NULL OR "breaks"."skipReason" <> 'user')`,
        randomUUID(),
        userId,
        date,
        slot,
        want.skipReason,
        want.skipReason ? now : null,
        want.movedTo,
        want.movedAt,
      );
      changed += 1;
    }
  }
  return changed;
}
