"use server";

import { resetFeed } from "@/lib/calendar/feed";
import { userAction } from "./client";

/** Settings' "Reset link" (POST /api/user/calendar/reset): a new feed URL; the old one answers 404. */
export const resetCalendarLink = userAction.call(async ({ db, user, ip }) => ({
  url: await resetFeed(db, user.id, ip),
}));
