// Time off that ends by itself: a pause with a resume day ends on that local day, in the user's own
// zone, without the user doing anything (issue 31). Run every minute by the internal scheduler and
// before every cron dispatch, so the day's breaks are reminded as usual; the paused days in between
// stay neutral for the streak (they are pause periods like any other).
import type { Db } from "@/lib/db";
import { auditSafely } from "@/lib/platform/audit";
import { addDays, localDate, resolveTimeZone } from "@/lib/schedule/time";
import { setPaused } from "./settings-store";

/** Ends every pause whose resume day has come; returns how many. */
export async function resumeDuePauses(db: Db, now = new Date()): Promise<number> {
  // Local dates run at most 14 hours ahead of UTC: no resume day past tomorrow (UTC) can have come.
  const horizon = addDays(now.toISOString().slice(0, 10), 1);
  const due = await db.userSettings.findMany({
    where: { pauseEmails: true, resumeOn: { not: null, lte: horizon } },
    select: { userId: true, resumeOn: true, timezone: true },
  });
  let resumed = 0;
  for (const row of due) {
    if (localDate(now, resolveTimeZone(row.timezone)) < row.resumeOn!) continue;
    if (await setPaused(db, row.userId, false, now)) {
      resumed += 1;
      await auditSafely(db, {
        action: "emails_resumed",
        userId: row.userId,
        targetId: row.userId,
        details: { resumeOn: row.resumeOn },
      });
    }
  }
  return resumed;
}
