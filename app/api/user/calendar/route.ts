import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { getOrCreateFeedUrl } from "@/lib/calendar/feed";

// The user's private calendar subscription URL, created on first request.
export const GET = withUser(async ({ db, user, ip }) =>
  NextResponse.json({ url: await getOrCreateFeedUrl(db, user.id, ip) }, { headers: { "Cache-Control": "no-store" } }),
);
