import { enforce, peek } from "@/lib/platform/rate-limit";
import {
  FEED_LIMIT_MESSAGE,
  FEED_NOT_FOUND,
  feedHitLimit,
  feedMissLimit,
  findFeed,
  serveFeed,
} from "@/lib/calendar/feed";
import { getDb } from "@/lib/db";
import { notFound, tooManyRequests } from "@/lib/errors";
import { clientIp, route } from "@/lib/platform/http";

// GET /api/calendar/{token}.ics: the subscription feed. No session: calendar apps fetch it on their
// own, so the 128-bit token is the credential. Malformed, unknown and revoked tokens all get the
// same 404, and an address that keeps guessing is refused before any lookup.
export const GET = route<{ params: Promise<Record<string, string>> }>(async (req, ctx) => {
  const segment = (await ctx.params).token ?? "";
  const ip = clientIp(req.headers);
  const db = await getDb();
  const misses = feedMissLimit(ip);
  const standing = await peek(db, misses);
  if (!standing.allowed) throw tooManyRequests(FEED_LIMIT_MESSAGE, standing.retryAfterSeconds);
  const feed = segment.endsWith(".ics") ? await findFeed(db, segment.slice(0, -4)) : null;
  if (!feed) {
    await enforce(db, [misses], FEED_LIMIT_MESSAGE, { audit: { action: "calendar_feed_rate_limited", ipAddress: ip } });
    throw notFound(FEED_NOT_FOUND);
  }
  // The fetcher is anonymous (a calendar service, or whoever has the URL): the feed's owner is the
  // target of the entry, not its actor.
  await enforce(db, [feedHitLimit(feed.userId)], FEED_LIMIT_MESSAGE, {
    audit: { action: "calendar_feed_rate_limited", targetId: feed.userId, ipAddress: ip },
  });
  const served = await serveFeed(db, feed);
  const headers = {
    ETag: served.etag,
    "Last-Modified": served.lastModified.toUTCString(),
    // A private URL: no shared cache may keep it; clients revalidate with the validators above.
    "Cache-Control": "private, no-cache",
    "X-Robots-Tag": "noindex, nofollow",
  };
  if (notModified(req.headers, served.etag, served.lastModified)) return new Response(null, { status: 304, headers });
  return new Response(served.body, {
    headers: {
      ...headers,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="limber-breaks.ics"',
    },
  });
});

// RFC 9110 13.1: If-None-Match decides when present; otherwise If-Modified-Since (to the second).
function notModified(h: Headers, etag: string, lastModified: Date): boolean {
  const inm = h.get("if-none-match");
  if (inm !== null) return inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*");
  const ims = Date.parse(h.get("if-modified-since") ?? "");
  return Number.isFinite(ims) && Math.floor(lastModified.getTime() / 1000) * 1000 <= ims;
}
