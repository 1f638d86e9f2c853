import { NextResponse } from "next/server";
import { z } from "zod";
import { withUser } from "@/lib/auth/with-user";
import { badRequest } from "@/lib/errors";
import { getRecap } from "@/lib/recap/read";
import { isMonday, lastFinishedWeek } from "@/lib/recap/week";
import { getSettings } from "@/lib/users/settings-store";
import { resolveTimeZone } from "@/lib/schedule/time";

const WEEK_MESSAGE = "week must be the Monday (YYYY-MM-DD) of a finished week";
const weekSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, WEEK_MESSAGE)
  .refine(isMonday, WEEK_MESSAGE);

// Issue 33: GET /api/user/recap[?week=YYYY-MM-DD]: the recap of a finished Monday-Sunday week in
// the user's zone (default: the last one).
export const GET = withUser(async ({ req, db, user }) => {
  const raw = new URL(req.url).searchParams.get("week");
  const now = new Date();
  let weekStart: string | undefined;
  if (raw !== null) {
    const parsed = weekSchema.safeParse(raw);
    if (!parsed.success) throw badRequest(WEEK_MESSAGE);
    const last = lastFinishedWeek(now, resolveTimeZone((await getSettings(db, user.id)).timezone));
    if (parsed.data > last) throw badRequest(WEEK_MESSAGE);
    weekStart = parsed.data;
  }
  return NextResponse.json(await getRecap(db, user.id, { weekStart, now }), {
    headers: { "Cache-Control": "no-store" },
  });
});
