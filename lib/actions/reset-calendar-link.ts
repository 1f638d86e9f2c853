"use server";

import { resetFeed } from "@/lib/calendar/feed";
import { requireActionUser, runAction } from "./safe-action";

/** Settings' "Reset link" (POST /api/user/calendar/reset): a new feed URL; the old one answers 404. */
export async function resetCalendarLink() {
  return runAction(async () => {
    const { db, user, ip } = await requireActionUser();
    return { url: await resetFeed(db, user.id, ip) };
  });
}
