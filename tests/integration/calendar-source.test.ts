// Issue 31: breaks that move around meetings. A user connects their calendar by its secret address;
// the busy times read from it place the coming breaks (moved to the nearest free time, or skipped
// when there is none, or for a day off), and the dispatch reminds each break once, at its new time.
// The calendar server is a function here (the fetcher itself is tested in
// tests/unit/calendar-source); the clock is passed in.
import { beforeAll, describe, expect, it } from "vitest";
import { findFeed, getOrCreateFeedUrl, serveFeed } from "@/lib/calendar/feed";
import { getDb, type Db } from "@/lib/db";
import { deriveKey } from "@/lib/platform/secret";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { getDashboard } from "@/lib/progress/dashboard";
import { getToday } from "@/lib/breaks/today";
import { completeTodayBreak } from "@/lib/breaks/completion";
import {
  calendarSourceStatus,
  connectCalendar,
  disconnectCalendar,
  refreshCalendar,
  refreshDueCalendars,
} from "@/lib/calendar-source/source";
import { CalendarFetchError, type FetchCalendarResult } from "@/lib/calendar-source/fetch";
import { NOT_ICALENDAR } from "@/lib/calendar-source/busy";
import { createUser, memoryTransport } from "../support/reminders";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const config = { appUrl: "http://localhost:3000", secret: deriveKey(process.env.AUTH_SECRET!, "email-links") };
const suggest = createSuggester({ model: null });
// Wednesday 2036-03-05 in New York (UTC-5).
const at = (utc: string, day = "2036-03-05") => new Date(`${day}T${utc}:00Z`);
const URL_ = "https://calendar.example.com/private-abc/basic.ics";

/** An iCalendar file of these events (New York times, "YYYYMMDDTHHMMSS"), as a calendar app exports it. */
function ics(events: { start: string; end: string; extra?: string[] }[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Limber tests//EN",
    ...events.flatMap((e, i) => [
      "BEGIN:VEVENT",
      `UID:event-${i}@example.com`,
      "DTSTAMP:20360301T000000Z",
      e.start.length === 8 ? `DTSTART;VALUE=DATE:${e.start}` : `DTSTART;TZID=America/New_York:${e.start}`,
      e.end.length === 8 ? `DTEND;VALUE=DATE:${e.end}` : `DTEND;TZID=America/New_York:${e.end}`,
      "SUMMARY:Planning (a title Limber never keeps)",
      ...(e.extra ?? []),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const serving = (text: string) => async (): Promise<FetchCalendarResult> => ({
  status: "ok",
  text,
  etag: '"v1"',
  lastModified: null,
  finalUrl: URL_,
});

async function user(times = ["09:30", "15:00"]) {
  return createUser(db, { times, timezone: "America/New_York" }, at("00:00", "2036-03-01"));
}

describe("a break in a meeting", () => {
  it("moves to the nearest free time; no reminder at its planned time, exactly one at the new one", async () => {
    const u = await user();
    const now = at("12:00"); // 07:00 in New York
    const view = await connectCalendar(
      { db, now, fetch: serving(ics([{ start: "20360305T090000", end: "20360305T100000" }])) },
      u.id,
      URL_,
    );
    expect(view).toEqual({ status: "ok", busyCount: 1, checkedAt: now.toISOString() });
    // Only busy times are kept: no title, and the address sealed.
    const row = await db.calendarSource.findUniqueOrThrow({ where: { userId: u.id } });
    expect(JSON.stringify(row)).not.toMatch(/Planning|calendar\.example\.com|private-abc/);

    const board = await getDashboard(db, u.id, now);
    expect(board.schedule.map((b) => [b.time, b.plannedTime, b.moved, b.status])).toEqual([
      ["10:00", "09:30", "busy", "upcoming"],
      ["15:00", undefined, undefined, "upcoming"],
    ]);
    expect(board.schedule[0]!.timeDisplay).toBe("10:00 AM");
    const today = await getToday({ db, suggest, now }, u.id);
    expect(today.breaks[0]).toMatchObject({ time: "10:00", plannedTime: "09:30", moved: "busy" });
    expect(today.nextBreak).toMatchObject({ slot: 0, time: "10:00" });
    // Limber's own calendar feed shows the break at its moved time (an override of that day's occurrence).
    const token = new URL(await getOrCreateFeedUrl(db, u.id, "203.0.113.9")).pathname.split("/").pop()!.slice(0, -4);
    const feed = (await serveFeed(db, (await findFeed(db, token))!, now)).body.replace(/\r\n /g, "");
    expect(feed).toContain("RECURRENCE-ID;TZID=America/New_York:20360305T093000");
    expect(feed).toContain("DTSTART;TZID=America/New_York:20360305T100000");

    const sent = memoryTransport();
    const mine = () => sent.sent.filter((m) => m.to === u.email);
    for (const t of ["14:30", "14:31", "14:45"])
      await dispatch({ now: at(t), db, mail: sent.transport, suggest, config });
    expect(mine()).toHaveLength(0);
    for (const t of ["15:00", "15:01", "15:10"])
      await dispatch({ now: at(t), db, mail: sent.transport, suggest, config });
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.text).toContain("It's 10:00 AM.");
    // The other break, as planned.
    await dispatch({ now: at("20:01"), db, mail: sent.transport, suggest, config });
    expect(mine()).toHaveLength(2);
  });

  it("a day with no gap near a break skips it for meetings (neutral); a day off skips them all", async () => {
    const u = await user();
    const now = at("12:00");
    await connectCalendar(
      {
        db,
        now,
        fetch: serving(
          ics([
            { start: "20360305T070000", end: "20360305T120000" }, // no free time within an hour of 09:30
            { start: "20360306", end: "20360307", extra: ["X-MICROSOFT-CDO-BUSYSTATUS:OOF"] }, // Thursday off
          ]),
        ),
      },
      u.id,
      URL_,
    );
    const board = await getDashboard(db, u.id, now);
    expect(board.schedule.map((b) => [b.status, b.skipReason])).toEqual([
      ["skipped", "busy"],
      ["upcoming", undefined],
    ]);
    expect(board).toMatchObject({ totalToday: 1, completedToday: 0 });
    const rows = await db.breakRecord.findMany({
      where: { userId: u.id },
      orderBy: [{ localDate: "asc" }, { slot: "asc" }],
    });
    expect(rows.map((r) => [r.localDate, r.slot, r.skipReason])).toEqual([
      ["2036-03-05", 0, "busy"],
      ["2036-03-06", 0, "day-off"],
      ["2036-03-06", 1, "day-off"],
    ]);
    const sent = memoryTransport();
    await dispatch({ now: at("14:31"), db, mail: sent.transport, suggest, config });
    expect(sent.sent.filter((m) => m.to === u.email)).toHaveLength(0);
    // Done anyway, a skipped break counts.
    expect(await completeTodayBreak(db, u.id, 0, at("14:40"))).toMatchObject({ completedToday: 1, totalToday: 2 });
  });

  it("follows the calendar: a meeting cancelled before the break's time puts it back; one after it is left", async () => {
    const u = await user();
    const meeting = ics([{ start: "20360305T090000", end: "20360305T100000" }]);
    await connectCalendar({ db, now: at("12:00"), fetch: serving(meeting) }, u.id, URL_);
    expect((await getDashboard(db, u.id, at("12:00"))).schedule[0]!.time).toBe("10:00");
    await refreshCalendar({ db, now: at("13:00"), fetch: serving(ics([])) }, u.id);
    expect((await getDashboard(db, u.id, at("13:00"))).schedule[0]).toMatchObject({ time: "09:30" });
    expect((await getDashboard(db, u.id, at("13:00"))).schedule[0]!.moved).toBeUndefined();
    // Back in the meeting, and read again after 09:30: the moved break stays where it went.
    await refreshCalendar({ db, now: at("14:00"), fetch: serving(meeting) }, u.id);
    await refreshCalendar({ db, now: at("14:40"), fetch: serving(ics([])) }, u.id);
    expect((await getDashboard(db, u.id, at("14:40"))).schedule[0]).toMatchObject({ time: "10:00", moved: "busy" });
  });

  it("with moving off (move_within_minutes 0) a break in a meeting stays where it is", async () => {
    const u = await user();
    await db.userSettings.update({ where: { userId: u.id }, data: { moveWithinMinutes: 0 } });
    await connectCalendar(
      { db, now: at("12:00"), fetch: serving(ics([{ start: "20360305T090000", end: "20360305T100000" }])) },
      u.id,
      URL_,
    );
    expect((await getDashboard(db, u.id, at("12:00"))).schedule[0]).toMatchObject({
      time: "09:30",
      status: "upcoming",
    });
  });
});

describe("connecting, reading and disconnecting", () => {
  it("refuses a private address (400, on the field), a non-calendar answer and a failed fetch (422); writes nothing", async () => {
    const u = await user();
    await expect(connectCalendar({ db, now: at("12:00") }, u.id, "https://10.0.0.7/cal.ics")).rejects.toMatchObject({
      status: 400,
      fieldErrors: { url: expect.stringMatching(/private/i) },
    });
    await expect(connectCalendar({ db, now: at("12:00") }, u.id, "ftp://example.com/cal.ics")).rejects.toMatchObject({
      status: 400,
      fieldErrors: { url: "The address must start with https:// or webcal://." },
    });
    await expect(
      connectCalendar({ db, now: at("12:00"), fetch: serving("<html>Sign in</html>") }, u.id, URL_),
    ).rejects.toMatchObject({ status: 422, fieldErrors: { url: NOT_ICALENDAR } });
    await expect(
      connectCalendar(
        {
          db,
          now: at("12:00"),
          fetch: async () => {
            throw new CalendarFetchError("http-status", "The calendar server answered 404.", 404);
          },
        },
        u.id,
        URL_,
      ),
    ).rejects.toMatchObject({ status: 422, fieldErrors: { url: "The calendar server answered 404." } });
    expect(await db.calendarSource.count({ where: { userId: u.id } })).toBe(0);
    await expect(calendarSourceStatus(db, u.id)).rejects.toMatchObject({ status: 404 });
  });

  it("webcal:// is read as https://; a failed read is recorded with its reason and backs off", async () => {
    const u = await user();
    const asked: string[] = [];
    await connectCalendar(
      {
        db,
        now: at("12:00"),
        fetch: async (url) => {
          asked.push(url.href);
          return serving(ics([]))();
        },
      },
      u.id,
      "webcal://calendar.example.com/private-abc/basic.ics",
    );
    expect(asked).toEqual([URL_]);
    const failing = async (): Promise<FetchCalendarResult> => {
      throw new CalendarFetchError("timeout", "The calendar server did not answer within 10 seconds.");
    };
    const view = await refreshCalendar({ db, now: at("12:20"), fetch: failing }, u.id);
    expect(view).toEqual({
      status: "error",
      busyCount: 0,
      checkedAt: at("12:00").toISOString(),
      error: "The calendar server did not answer within 10 seconds.",
    });
    const first = (await db.calendarSource.findUniqueOrThrow({ where: { userId: u.id } })).nextFetchAt;
    await refreshCalendar({ db, now: at("12:40"), fetch: failing }, u.id);
    const second = (await db.calendarSource.findUniqueOrThrow({ where: { userId: u.id } })).nextFetchAt;
    expect(second.getTime() - at("12:40").getTime()).toBeGreaterThan(first.getTime() - at("12:20").getTime());
    expect(await calendarSourceStatus(db, u.id)).toMatchObject({ status: "error" });
  });

  it("one calendar that fails holds up no other: each due one is read on its own", async () => {
    const [a, b] = [await user(), await user()];
    for (const x of [a, b]) await connectCalendar({ db, now: at("12:00"), fetch: serving(ics([])) }, x.id, URL_);
    await db.calendarSource.updateMany({ where: { userId: { in: [a.id, b.id] } }, data: { nextFetchAt: at("12:00") } });
    const meeting = ics([{ start: "20360305T090000", end: "20360305T100000" }]);
    const r = await refreshDueCalendars({
      db,
      now: at("12:30"),
      concurrency: 2,
      fetch: async () => {
        // The first call (whichever user) breaks; the other is served.
        if (!broken) {
          broken = true;
          throw new Error("socket hang up inside the parser");
        }
        return serving(meeting)();
      },
    });
    expect(r.refreshed).toBeGreaterThanOrEqual(1);
    expect(r.failed).toBeGreaterThanOrEqual(1);
    const statuses = await db.calendarSource.findMany({
      where: { userId: { in: [a.id, b.id] } },
      select: { status: true, error: true },
    });
    expect(statuses.map((s) => s.status).sort()).toEqual(["error", "ok"]);
    // The unexpected failure is told in general words, not its internal text.
    expect(statuses.find((s) => s.status === "error")!.error).toBe(
      "The calendar could not be read. Limber will try again.",
    );
  });

  it("disconnecting erases the address and what was read, and the breaks go back to the plain schedule", async () => {
    const u = await user();
    await connectCalendar(
      { db, now: at("12:00"), fetch: serving(ics([{ start: "20360305T090000", end: "20360305T100000" }])) },
      u.id,
      URL_,
    );
    expect(await disconnectCalendar(db, u.id, at("12:05"))).toEqual({ disconnected: true });
    expect(await db.calendarSource.count({ where: { userId: u.id } })).toBe(0);
    expect((await getDashboard(db, u.id, at("12:05"))).schedule[0]).toMatchObject({ time: "09:30" });
    expect(await db.breakRecord.count({ where: { userId: u.id, movedAt: { not: null } } })).toBe(0);
    expect(await disconnectCalendar(db, u.id, at("12:06"))).toEqual({ disconnected: true }); // idempotent
  });
});

let broken = false;
