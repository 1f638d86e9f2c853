import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { resetFeed } from "@/lib/calendar/feed";

// A new URL; the old one answers 404 from now on (e.g. after it was shared by mistake).
export const POST = withUser(async ({ db, user, ip }) =>
  NextResponse.json({ url: await resetFeed(db, user.id, ip) }, { headers: { "Cache-Control": "no-store" } }),
);
