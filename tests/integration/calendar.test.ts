// The calendar subscription: URL creation and reset, token storage (hash + sealed copy only), the
// feed (RFC 5545, parsed by ical.js), conditional requests, settings changes on the next poll,
// paused users, 404 for unknown and revoked tokens, limits, and isolation between users.
import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { storedKey } from "@/lib/platform/rate-limit";
import * as feedRoute from "@/app/api/calendar/[token]/route";
import * as accountRoute from "@/app/api/user/account/route";
import * as calendarRoute from "@/app/api/user/calendar/route";
import * as resetRoute from "@/app/api/user/calendar/reset/route";
import * as settingsRoute from "@/app/api/user/settings/route";
import * as setupRoute from "@/app/api/user/setup/route";
import { feedHitLimit, feedMissLimit } from "@/lib/calendar/feed";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { signIn, uniqueEmail } from "../support/auth";
import { Client, type CallResult } from "../support/http";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

interface Person {
  c: Client;
  id: string;
}

async function person(timezone: string, times: string[], prefix = "cal"): Promise<Person> {
  const email = uniqueEmail(prefix);
  const c = await signIn(email);
  expect(
    (
      await c.call(setupRoute.POST, {
        path: "/api/user/setup",
        body: { timezone, times: ["10:00", "15:00"], durationPreference: 10 },
      })
    ).status,
  ).toBe(200);
  expect((await c.call(settingsRoute.PUT, { method: "PUT", path: "/api/user/settings", body: { times } })).status).toBe(
    200,
  );
  const id = (await db.user.findUniqueOrThrow({ where: { email } })).id;
  // These times as the only schedule the user ever had (no history: the current one judges all days).
  await db.scheduleVersion.deleteMany({ where: { userId: id } });
  return { c, id };
}

const URL_PATTERN = new RegExp(
  `^${env().appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/api/calendar/([A-Za-z0-9_-]{22})\\.ics$`,
);
const tokenOf = (url: string) => URL_PATTERN.exec(url)![1]!;
const getUrl = async (p: Person) => {
  const r = await p.c.call<{ url: string }>(calendarRoute.GET, { method: "GET", path: "/api/user/calendar" });
  expect(r.status).toBe(200);
  expect(Object.keys(r.json)).toEqual(["url"]);
  expect(r.json.url).toMatch(URL_PATTERN);
  return r.json.url;
};
const reset = (p: Person) => p.c.call<{ url: string }>(resetRoute.POST, { path: "/api/user/calendar/reset" });
/** Fetches a feed as a calendar app would: no cookies. */
const fetchFeed = (
  segment: string,
  headers: Record<string, string> = {},
  client = new Client(),
): Promise<CallResult<string>> =>
  client.call<string>(feedRoute.GET, {
    method: "GET",
    path: `/api/calendar/${segment}`,
    params: { token: segment },
    headers,
  });
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const events = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));

describe("the subscription URL", () => {
  it("is created once, returned again, and stored only as a hash and a sealed copy", async () => {
    const p = await person("America/New_York", ["08:30", "17:00"]);
    const url = await getUrl(p);
    expect(await getUrl(p)).toBe(url);
    const token = tokenOf(url);
    expect(Buffer.from(token, "base64url")).toHaveLength(16); // 128 bits
    const row = await db.calendarFeed.findUniqueOrThrow({ where: { userId: p.id } });
    expect(row.tokenHash).toBe(sha256(token));
    // the token itself is in no column of any row
    const dump = JSON.stringify(await db.$queryRawUnsafe(`SELECT * FROM "calendar_feeds"`));
    expect(dump).not.toContain(token);
    expect(await db.auditLog.count({ where: { userId: p.id, action: "calendar_link_created" } })).toBe(1);
  });

  it("concurrent first requests agree on one URL", async () => {
    const p = await person("UTC", ["10:00"]);
    const urls = await Promise.all(Array.from({ length: 5 }, () => getUrl(p)));
    expect(new Set(urls).size).toBe(1);
    expect(await db.calendarFeed.count({ where: { userId: p.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { userId: p.id, action: "calendar_link_created" } })).toBe(1);
  });

  it("reset gives a new URL and the old one answers 404 like a token that never existed", async () => {
    const p = await person("Europe/London", ["09:00", "16:00"]);
    const old = await getUrl(p);
    expect((await fetchFeed(`${tokenOf(old)}.ics`)).status).toBe(200);
    const r = await reset(p);
    expect(r.status).toBe(200);
    expect(r.json.url).toMatch(URL_PATTERN);
    expect(r.json.url).not.toBe(old);
    expect(await getUrl(p)).toBe(r.json.url);
    const revoked = await fetchFeed(`${tokenOf(old)}.ics`);
    const never = await fetchFeed(`${"A".repeat(22)}.ics`);
    for (const gone of [revoked, never]) {
      expect(gone.status).toBe(404);
      expect(gone.json).toEqual({ message: "Calendar not found" });
    }
    expect((await fetchFeed(`${tokenOf(r.json.url)}.ics`)).status).toBe(200);
    expect(await db.auditLog.count({ where: { userId: p.id, action: "calendar_link_reset" } })).toBe(1);
  });

  it("a copy sealed under another secret (or for another user) is replaced by a new URL", async () => {
    const a = await person("UTC", ["10:00"]);
    const b = await person("UTC", ["11:00"]);
    const aUrl = await getUrl(a);
    await getUrl(b);
    const bRow = await db.calendarFeed.findUniqueOrThrow({ where: { userId: b.id } });
    await db.calendarFeed.update({ where: { userId: a.id }, data: { tokenSealed: bRow.tokenSealed } });
    const fresh = await getUrl(a);
    expect(fresh).not.toBe(aUrl);
    expect((await fetchFeed(`${tokenOf(aUrl)}.ics`)).status).toBe(404);
    expect((await fetchFeed(`${tokenOf(fresh)}.ics`)).status).toBe(200);
  });

  it("signed out: 401 for both calls", async () => {
    const anon = new Client();
    for (const r of [
      await anon.call(calendarRoute.GET, { method: "GET", path: "/api/user/calendar" }),
      await anon.call(resetRoute.POST, { path: "/api/user/calendar/reset" }),
    ]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ message: "Not authenticated" });
    }
  });
});

describe("the feed", () => {
  let p: Person;
  let segment: string;
  let first: CallResult<string>;
  beforeAll(async () => {
    p = await person("America/New_York", ["08:30", "17:00"]);
    segment = `${tokenOf(await getUrl(p))}.ics`;
    first = await fetchFeed(segment);
  });

  it("is RFC 5545 text/calendar with one weekly event per reminder time in the user's zone", () => {
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.getSetCookie()).toEqual([]);
    const ics = first.json;
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const [e0, e1] = events(ics);
    expect(e0!.startDate.zone?.tzid).toBe("America/New_York");
    expect(e0!.startDate.toString()).toMatch(/T08:30:00$/);
    expect(e1!.startDate.toString()).toMatch(/T17:00:00$/);
    expect(e0!.summary).toBe("Movement break (10 min)");
    expect(e0!.duration.toSeconds()).toBe(600);
    expect(e0!.component.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(e0!.component.getFirstPropertyValue("url")).toBe(`${env().appUrl}/dashboard`);
    expect(ics.replace(/\r\n /g, "")).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
  });

  it("answers 304 to its own validators and is stable between polls", async () => {
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    const again = await fetchFeed(segment);
    expect(again.json).toBe(first.json);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("last-modified")).toBe(lastModified);
    const byEtag = await fetchFeed(segment, { "if-none-match": etag });
    expect(byEtag.status).toBe(304);
    expect(byEtag.json).toBeUndefined();
    expect(byEtag.headers.get("etag")).toBe(etag);
    expect((await fetchFeed(segment, { "if-modified-since": lastModified })).status).toBe(304);
    expect((await fetchFeed(segment, { "if-none-match": '"other"' })).status).toBe(200);
    expect(
      (await fetchFeed(segment, { "if-modified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() }))
        .status,
    ).toBe(200);
  });

  it("shows settings changes on the next poll (earlier weeks keep their own ended series); pausing e-mails leaves the events", async () => {
    const etag = first.headers.get("etag")!;
    const put = await p.c.call(settingsRoute.PUT, {
      method: "PUT",
      path: "/api/user/settings",
      body: { times: ["09:15", "16:45"], duration_preference: 15, active_days: [1, 3, 5], timezone: "Europe/Paris" },
    });
    expect(put.status).toBe(200);
    const changed = await fetchFeed(segment, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    // The current schedule's series keep their UIDs, so a calendar moves the events rather than
    // adding new ones; the schedule before the change keeps its past occurrences in series that end.
    const all = events(changed.json);
    const [e0, e1] = all.filter((e) => /-slot-\d@/.test(e.uid) && !e.uid.includes("-until-"));
    for (const ended of all.filter((e) => e.uid.includes("-until-"))) {
      expect(ended.component.getFirstPropertyValue("rrule")?.toString()).toMatch(/;UNTIL=\d{8}T\d{6}Z$/);
      expect(ended.startDate.zone?.tzid).toBe("America/New_York");
    }
    expect(e0!.startDate.zone?.tzid).toBe("Europe/Paris");
    expect(e0!.startDate.toString()).toMatch(/T09:15:00$/);
    expect(e1!.startDate.toString()).toMatch(/T16:45:00$/);
    expect(e0!.summary).toBe("Movement break (15 min)");
    expect(e0!.component.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=WEEKLY;BYDAY=MO,WE,FR");
    expect(events(first.json).map((e) => e.uid)).toEqual([e0!.uid, e1!.uid]);
    expect(Date.parse(changed.headers.get("last-modified")!)).toBeGreaterThanOrEqual(
      Date.parse(first.headers.get("last-modified")!),
    );

    expect(
      (await p.c.call(settingsRoute.PUT, { method: "PUT", path: "/api/user/settings", body: { pause_emails: true } }))
        .status,
    ).toBe(200);
    const paused = await fetchFeed(segment);
    expect(paused.status).toBe(200);
    expect(paused.json).toBe(changed.json); // pausing stops the e-mails only: the breaks stay
    expect(paused.json).toContain("X-WR-CALNAME:Limber movement breaks");
  });

  it("each token opens only its own user's feed", async () => {
    const other = await person("Asia/Tokyo", ["07:05"]);
    const otherSegment = `${tokenOf(await getUrl(other))}.ics`;
    const mine = (await fetchFeed(segment)).json;
    const theirs = (await fetchFeed(otherSegment)).json;
    expect(theirs).toContain("TZID:Asia/Tokyo");
    expect(theirs).toContain("T070500");
    expect(mine).not.toContain("Asia/Tokyo");
    expect(events(mine).map((e) => e.uid)).not.toEqual(expect.arrayContaining(events(theirs).map((e) => e.uid)));
    for (const text of [mine, theirs]) {
      expect(text).not.toContain(p.id);
      expect(text).not.toContain(other.id);
    }
  });

  it.each([
    "",
    "x",
    "short.ics",
    `${"A".repeat(22)}`,
    `${"A".repeat(22)}.ICS`,
    `${"A".repeat(23)}.ics`,
    "..%2F..%2Fetc%2Fpasswd.ics",
    `${"é".repeat(22)}.ics`,
  ])("%j → 404 with the same message", async (bad) => {
    const r = await fetchFeed(bad);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ message: "Calendar not found" });
  });

  it("goes with the account", async () => {
    const gone = await person("UTC", ["10:00"]);
    const s = `${tokenOf(await getUrl(gone))}.ics`;
    expect((await gone.c.call(accountRoute.DELETE, { method: "DELETE", path: "/api/user/account" })).status).toBe(200);
    expect(await db.calendarFeed.count({ where: { userId: gone.id } })).toBe(0);
    expect((await fetchFeed(s)).status).toBe(404);
    expect(await db.rateLimit.count({ where: { key: storedKey(feedHitLimit(gone.id).key) } })).toBe(0);
  });
});

describe("limits", () => {
  it("an address is refused after 120 unknown tokens in 10 minutes (audited once), even with a valid token; others are not", async () => {
    const p = await person("UTC", ["10:00"]);
    const good = `${tokenOf(await getUrl(p))}.ics`;
    const guesser = new Client("192.0.2.200");
    const statuses: number[] = [];
    for (let i = 0; i < 122; i++)
      statuses.push((await fetchFeed(`${String(i).padStart(22, "B")}.ics`, {}, guesser)).status);
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429]);
    const blocked = await fetchFeed(good, {}, guesser);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: "Too many calendar requests. Please try again later." });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.auditLog.count({ where: { action: "calendar_feed_rate_limited", ipAddress: "192.0.2.200" } })).toBe(
      1,
    );
    expect((await fetchFeed(good, {}, new Client("192.0.2.201"))).status).toBe(200);
    await db.rateLimit.deleteMany({ where: { key: storedKey(feedMissLimit("192.0.2.200").key) } });
  });

  it("valid fetches of one feed are capped at 60 in 10 minutes whatever the address (audited once)", async () => {
    const p = await person("UTC", ["10:00"]);
    const good = `${tokenOf(await getUrl(p))}.ics`;
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++)
      statuses.push((await fetchFeed(good, {}, new Client(`198.51.100.${(i % 200) + 1}`))).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    expect(
      await db.auditLog.count({ where: { action: "calendar_feed_rate_limited", targetId: p.id, userId: null } }),
    ).toBe(1);
    // the user's other feed-less calls are unaffected, and hits never count as guesses
    const missKeys = Array.from({ length: 200 }, (_, i) => storedKey(feedMissLimit(`198.51.100.${i + 1}`).key));
    expect(await db.rateLimit.count({ where: { key: { in: missKeys } } })).toBe(0);
  });
});
