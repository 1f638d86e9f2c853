// A connected calendar (issue 31) on the build: the user's secret iCal address, served by the
// loopback calendar server of the global setup (support/ics-stub.ts, the one host CALENDAR_FETCH_ALLOW
// lets the app fetch over http), connected, read and disconnected by route and by the Settings
// card's actions; addresses the app must not fetch and answers that are not calendars; the limit
// of 10 an hour; and a break inside a meeting moved to the next free time on the dashboard, today
// and the export, and put back when the calendar is disconnected.
import { beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { Client, formData, signedIn } from "./support/client";
import { contract } from "./support/context";
import { expectRefusal, expectStatus } from "./support/expect";
import { HTML_PATH, ICS_PATH } from "./support/ics-stub";
import {
  actionFailure,
  actionOk,
  calendarDisconnected,
  calendarSourceView,
  dashboard,
  dataExport,
  fieldRefusal,
  shaped,
  today,
} from "./support/schemas";
import { hhmm, localNow, zoneWithLocalMinutes } from "./support/time";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const PATH = "/api/user/calendar-source";
const MINUTE = 60_000;

/** The stub's calendar with these busy times (none: a valid calendar with no events). */
function calendarAddress(...busy: { start: Date; end: Date }[]): string {
  const url = new URL(ICS_PATH, contract().icsStubUrl);
  for (const b of busy) url.searchParams.append("busy", `${b.start.toISOString()}/${b.end.toISOString()}`);
  return url.href;
}

async function json<T extends z.ZodType>(client: Client, path: string, schema: T): Promise<z.output<T>> {
  const res = await client.call("GET", path);
  expectStatus(res, 200);
  return shaped(schema, res.json, `GET ${path}`);
}

/** A refusal on the `url` field: that status, `{ message, fieldErrors: { url } }`, the message the field's. */
function expectUrlRefusal(res: Awaited<ReturnType<Client["call"]>>, status: number, message?: RegExp) {
  expectRefusal(res, status);
  const body = shaped(fieldRefusal, res.json, `the ${status} refusal`);
  expect(body.fieldErrors.url).toBeDefined();
  expect(body.message).toBe(body.fieldErrors.url);
  if (message) expect(body.fieldErrors.url).toMatch(message);
}

let user: Client;
beforeAll(async () => {
  user = await (
    await signedIn("calsource")
  ).setup({ timezone: "America/New_York", times: ["09:00", "15:00"], durationPreference: 10 });
});

describe("connecting a calendar by route", () => {
  test("none, connected and read at once, refused addresses and answers, disconnected (twice)", async () => {
    expectRefusal(await user.call("GET", PATH), 404, "No calendar is connected.");
    // The export says so too.
    expect(shaped(dataExport, (await user.call("GET", "/api/user/export")).json).calendarSource).toBeNull();

    const hour = Math.ceil(Date.now() / (60 * MINUTE)) * 60 * MINUTE;
    const address = calendarAddress(
      { start: new Date(hour + 24 * 60 * MINUTE), end: new Date(hour + 25 * 60 * MINUTE) },
      { start: new Date(hour + 48 * 60 * MINUTE), end: new Date(hour + 49 * 60 * MINUTE) },
    );
    const before = Date.now();
    const connected = await user.call("PUT", PATH, { json: { url: address } });
    expectStatus(connected, 200);
    expect(connected.headers.get("cache-control")).toBe("no-store");
    const view = shaped(calendarSourceView, connected.json, `PUT ${PATH}`);
    expect(view).toEqual({ status: "ok", busyCount: 2, checkedAt: expect.any(String) });
    expect(Date.parse(view.checkedAt!)).toBeGreaterThanOrEqual(before - 5_000);
    // The address is a secret: no answer repeats it.
    expect(connected.text).not.toContain(contract().icsStubUrl);

    const status = await user.call("GET", PATH);
    expectStatus(status, 200);
    expect(shaped(calendarSourceView, status.json, `GET ${PATH}`)).toEqual(view);
    expect(status.text).not.toContain(contract().icsStubUrl);

    const exported = await user.call("GET", "/api/user/export");
    expectStatus(exported, 200);
    expect(exported.text).not.toContain(contract().icsStubUrl);
    const source = shaped(dataExport, exported.json, "the JSON export").calendarSource;
    expect(source).toMatchObject({ status: "ok", lastReadAt: view.checkedAt, daysOff: [] });
    expect(source!.busy).toEqual([
      { start: new Date(hour + 24 * 60 * MINUTE).toISOString(), end: new Date(hour + 25 * 60 * MINUTE).toISOString() },
      { start: new Date(hour + 48 * 60 * MINUTE).toISOString(), end: new Date(hour + 49 * 60 * MINUTE).toISOString() },
    ]);

    // Addresses Limber will not fetch: 400 on the field, before anything is fetched.
    for (const url of [
      "http://10.0.0.1/x.ics",
      "file:///etc/passwd",
      "ftp://calendar.example.com/basic.ics",
      "https://user:secret@calendar.example.com/basic.ics",
      "not an address",
    ])
      expectUrlRefusal(await user.call("PUT", PATH, { json: { url } }), 400);
    // https to a private or loopback address: refused after the check of where it points.
    expectUrlRefusal(await user.call("PUT", PATH, { json: { url: "https://10.0.0.1/x.ics" } }), 400, /private/);
    expectUrlRefusal(await user.call("PUT", PATH, { json: { url: "https://127.0.0.1:9/x.ics" } }), 400, /this server/);
    // The allowed calendar server, but an answer that is not a calendar, or none: 422 on the field.
    expectUrlRefusal(
      await user.call("PUT", PATH, { json: { url: new URL(HTML_PATH, contract().icsStubUrl).href } }),
      422,
      /did not return a calendar/,
    );
    expectUrlRefusal(
      await user.call("PUT", PATH, { json: { url: new URL("/gone.ics", contract().icsStubUrl).href } }),
      422,
      /answered 404/,
    );
    // Bodies without an address.
    expectRefusal(
      await user.call("PUT", PATH, { body: "{not json", headers: { "Content-Type": "application/json" } }),
      400,
    );
    expectRefusal(await user.call("PUT", PATH, { json: {} }), 400, "Paste your calendar's address.");
    expectRefusal(await user.call("PUT", PATH, { json: { url: 42 } }), 400);
    expectRefusal(await user.call("PUT", PATH, { json: { url: "   " } }), 400);
    expectRefusal(
      await user.call("PUT", PATH, { body: `url=${address}`, headers: { "Content-Type": "text/plain" } }),
      415,
    );
    // None of them replaced the calendar connected.
    expect(await json(user, PATH, calendarSourceView)).toEqual(view);

    const gone = await user.call("DELETE", PATH);
    expectStatus(gone, 200);
    expect(shaped(calendarDisconnected, gone.json)).toEqual({ disconnected: true });
    expectRefusal(await user.call("GET", PATH), 404);
    expect(shaped(dataExport, (await user.call("GET", "/api/user/export")).json).calendarSource).toBeNull();
    const again = await user.call("DELETE", PATH);
    expectStatus(again, 200);
    expect(shaped(calendarDisconnected, again.json)).toEqual({ disconnected: true });
  });

  test("signed out, every method is a 401; from another site, a 403", async () => {
    const anon = new Client();
    expectRefusal(await anon.call("PUT", PATH, { json: { url: calendarAddress() } }), 401);
    expectRefusal(await anon.call("GET", PATH), 401);
    expectRefusal(await anon.call("DELETE", PATH), 401);
    expectRefusal(
      await user.call("PUT", PATH, { json: { url: calendarAddress() }, origin: "https://evil.example.com" }),
      403,
    );
    expectRefusal(await user.call("GET", PATH), 404);
  });

  test("at most 10 connections an hour, by route and by the Settings form together", async () => {
    const busy = await signedIn("calsource-limit");
    for (let i = 0; i < 10; i++) expectStatus(await busy.call("PUT", PATH, { json: { url: calendarAddress() } }), 200);
    const limited = await busy.call("PUT", PATH, { json: { url: calendarAddress() } });
    expectRefusal(limited, 429, /Too many calendar checks/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const viaForm = await busy.action("connectCalendarSource", [{}, formData({ url: calendarAddress() })]);
    expect(shaped(actionFailure, viaForm.result)).toMatchObject({ status: 429 });
    // Disconnecting is never limited.
    expectStatus(await busy.call("DELETE", PATH), 200);
  });
});

describe("the Settings card's actions", () => {
  test("connectCalendarSource connects without echoing the address; disconnectCalendarSource erases it", async () => {
    const client = await (
      await signedIn("calsource-form")
    ).setup({ timezone: "Europe/London", times: ["10:00", "16:00"], durationPreference: 5 });
    const address = calendarAddress();
    const res = await client.action("connectCalendarSource", [{}, formData({ url: address })]);
    expect(res.redirect).toBeNull();
    const ok = shaped(actionOk(calendarSourceView), res.result, "connectCalendarSource's result");
    expect(ok.data).toEqual({ status: "ok", busyCount: 0, checkedAt: expect.any(String) });
    // The form state never carries the address back into the page.
    expect(res.result).not.toHaveProperty("values");
    expect(JSON.stringify(res.result)).not.toContain(contract().icsStubUrl);
    expect(await json(client, PATH, calendarSourceView)).toEqual(ok.data);

    for (const [url, status] of [
      ["http://10.0.0.1/x.ics", 400],
      ["file:///etc/passwd", 400],
      ["", 400],
      [new URL(HTML_PATH, contract().icsStubUrl).href, 422],
    ] as const) {
      const refused = await client.action("connectCalendarSource", [{}, formData({ url })]);
      const failure = shaped(actionFailure, refused.result, `connectCalendarSource(${url || "empty"})`);
      expect(failure.status).toBe(status);
      expect(failure.fieldErrors?.url).toBeDefined();
      expect(refused.result).not.toHaveProperty("values");
      if (url) expect(JSON.stringify(refused.result)).not.toContain(url);
    }
    // Still the calendar connected first.
    expect(await json(client, PATH, calendarSourceView)).toEqual(ok.data);

    const off = await client.action("disconnectCalendarSource", []);
    expect(shaped(actionOk(calendarDisconnected), off.result).data).toEqual({ disconnected: true });
    expectRefusal(await client.call("GET", PATH), 404);
    expect(
      shaped(actionOk(calendarDisconnected), (await client.action("disconnectCalendarSource", [])).result).ok,
    ).toBe(true);

    // Signed out, with the old cookie still sent (the proxy lets it through; the actions check for real).
    const cookie = client.cookieHeader();
    expectStatus(await client.call("POST", "/api/auth/logout"), 200);
    const stale = new Client();
    for (const pair of cookie.split("; ")) {
      const eq = pair.indexOf("=");
      stale.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const signedOut = await stale.action("connectCalendarSource", [{}, formData({ url: address })]);
    expect(shaped(actionFailure, signedOut.result).status).toBe(401);
    expect(signedOut.result).not.toHaveProperty("values");
    expect(shaped(actionFailure, (await stale.action("disconnectCalendarSource", [])).result).status).toBe(401);
  });
});

describe("a break in a meeting", () => {
  test("moves to the nearest free time on the dashboard, today and the export; disconnecting puts it back", async () => {
    // The first break 90 to 105 minutes ahead on a quarter hour, the second 150 minutes after it,
    // in a zone where both (and the moved one) are still today.
    const zone = zoneWithLocalMinutes(0, 18 * 60);
    const at = new Date();
    const local = localNow(zone, at);
    const first = Math.ceil((local.minutes + 90) / 15) * 15;
    const planned = hhmm(first);
    const second = hhmm(first + 150);
    const client = await (
      await signedIn("calsource-moved")
    ).setup({ timezone: zone, times: [planned, second], durationPreference: 5, activeDays: EVERY_DAY });

    // A meeting from half an hour before the first break to half an hour after it: the nearest free
    // 5-minute mark is the meeting's end (35 minutes before it would be farther).
    const breakAt = Math.floor(at.getTime() / MINUTE) * MINUTE + (first - local.minutes) * MINUTE;
    const meeting = { start: new Date(breakAt - 30 * MINUTE), end: new Date(breakAt + 30 * MINUTE) };
    const movedTo = hhmm(first + 30);
    const movedAt = new Date(breakAt + 30 * MINUTE).toISOString();

    const connected = await client.call("PUT", PATH, { json: { url: calendarAddress(meeting) } });
    expectStatus(connected, 200);
    expect(shaped(calendarSourceView, connected.json)).toMatchObject({ status: "ok", busyCount: 1 });

    const board = await json(client, "/api/user/dashboard", dashboard);
    expect(board.localDate).toBe(local.date);
    expect(board.schedule.map((b) => [b.slot, b.time, b.plannedTime, b.moved, b.status])).toEqual([
      [0, movedTo, planned, "busy", "upcoming"],
      [1, second, undefined, undefined, "upcoming"],
    ]);
    expect(board).toMatchObject({ completedToday: 0, totalToday: 2 });

    const day = await json(client, "/api/user/today", today);
    expect(day.breaks.map((b) => [b.slot, b.time, b.plannedTime, b.moved, b.status])).toEqual([
      [0, movedTo, planned, "busy", "upcoming"],
      [1, second, undefined, undefined, "upcoming"],
    ]);
    expect(day.nextBreak).toMatchObject({ slot: 0, time: movedTo, at: movedAt, localDate: local.date });

    const exported = shaped(dataExport, (await client.call("GET", "/api/user/export")).json, "the JSON export");
    expect(exported.breaks).toEqual([{ date: local.date, slot: 0, completedAt: null, movedTo, movedAt }]);
    expect(exported.calendarSource).toMatchObject({
      status: "ok",
      busy: [{ start: meeting.start.toISOString(), end: meeting.end.toISOString() }],
      daysOff: [],
    });

    // Disconnected: the break goes back to its planned time, and the export keeps no move.
    expectStatus(await client.call("DELETE", PATH), 200);
    const back = await json(client, "/api/user/dashboard", dashboard);
    expect(back.schedule.map((b) => [b.slot, b.time, b.plannedTime, b.moved])).toEqual([
      [0, planned, undefined, undefined],
      [1, second, undefined, undefined],
    ]);
    expect((await json(client, "/api/user/today", today)).nextBreak).toMatchObject({ slot: 0, time: planned });
    const after = shaped(dataExport, (await client.call("GET", "/api/user/export")).json, "the JSON export");
    expect(after.calendarSource).toBeNull();
    expect(after.breaks.filter((b) => b.movedTo !== undefined || b.movedAt !== undefined)).toEqual([]);
  });
});
