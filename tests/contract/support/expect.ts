// Assertions every file uses: a refusal's shape, and the calendar feed as a calendar app reads it.
import { expect } from "vitest";
import { Client, type CallResult } from "./client";
import { contract } from "./context";
import { calendarUrl, errorBody, shaped } from "./schemas";

/** The status, with the answer in the failure message. */
export function expectStatus(res: CallResult, status: number): void {
  expect(res.status, `answer: ${res.text.slice(0, 500)}`).toBe(status);
}

/** A 4xx refusal: that status, JSON, `{ message }` (optionally that exact message). */
export function expectRefusal(res: CallResult, status: number, message?: string | RegExp): void {
  expectStatus(res, status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = shaped(errorBody, res.json, `the ${status} refusal`);
  if (typeof message === "string") expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

/** The feed's content lines (RFC 5545 unfolding: a CRLF followed by a space continues the line). */
export function icsLines(body: string): string[] {
  return body.replace(/\r\n[ \t]/g, "").split("\r\n");
}

export interface FeedExpectation {
  /** VEVENTs in the feed. */
  events: number;
  /** How many of them are ended series (RRULE with UNTIL). */
  ended?: number;
  /** The BYDAY list of the current series, e.g. "MO,WE,FR". */
  byday?: string;
  /** The zone of the current series (DTSTART;TZID=…). */
  timezone?: string;
}

/**
 * The user's feed URL (GET /api/user/calendar), then the feed fetched as a calendar app does (no
 * cookie): 200, text/calendar, a VCALENDAR with the expected events, and 304 on its ETag.
 */
export async function expectFeed(client: Client, want: FeedExpectation): Promise<{ url: string; body: string }> {
  const link = await client.call("GET", "/api/user/calendar");
  expectStatus(link, 200);
  const { url } = shaped(calendarUrl, link.json, "GET /api/user/calendar");
  expect(url.startsWith(`${contract().baseUrl}/api/calendar/`) && url.endsWith(".ics"), url).toBe(true);
  const feedPath = new URL(url).pathname;

  const res = await client.call("GET", feedPath, { anonymous: true });
  expectStatus(res, 200);
  expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
  expect(res.text.startsWith("BEGIN:VCALENDAR\r\n"), res.text.slice(0, 200)).toBe(true);
  expect(res.text.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
  const lines = icsLines(res.text);
  const events = lines.filter((l) => l === "BEGIN:VEVENT").length;
  const rrules = lines.filter((l) => l.startsWith("RRULE:FREQ=WEEKLY"));
  expect(events, res.text).toBe(want.events);
  expect(lines.filter((l) => l === "END:VEVENT").length).toBe(want.events);
  expect(rrules.length).toBe(want.events);
  if (want.ended !== undefined) expect(rrules.filter((r) => r.includes(";UNTIL=")).length, res.text).toBe(want.ended);
  const current = rrules.filter((r) => !r.includes(";UNTIL="));
  if (want.byday !== undefined) for (const r of current) expect(r).toBe(`RRULE:FREQ=WEEKLY;BYDAY=${want.byday}`);
  if (want.timezone !== undefined) {
    expect(lines).toContain(`TZID:${want.timezone}`);
    expect(lines).toContain(`X-WR-TIMEZONE:${want.timezone}`);
  }

  const etag = res.headers.get("etag");
  expect(etag).toMatch(/^"[0-9a-f]+"$/);
  expect(Date.parse(res.headers.get("last-modified") ?? "")).not.toBeNaN();
  const again = await client.call("GET", feedPath, { anonymous: true, headers: { "If-None-Match": etag! } });
  expectStatus(again, 304);
  expect(again.text).toBe("");
  return { url, body: res.text };
}
