// The "Daily Movement Schedule" card's one line (spec: how many movements are scheduled today and
// how many completed), including the days where nothing is left to count. Pure, so it is tested alone.
import type { DashboardBreakStatus } from "./first-day";

export function scheduleSummary(
  totalToday: number,
  completed: number,
  statuses: readonly DashboardBreakStatus[],
): string {
  if (totalToday > 0)
    return `${totalToday} ${totalToday === 1 ? "movement" : "movements"} scheduled today, ${completed} completed`;
  if (statuses.length === 0) return "No movements scheduled today";
  // Nothing counts today: every break was due before the user joined, or skipped, or some of each.
  let beforeStart = 0;
  let skipped = 0;
  for (const s of statuses) {
    if (s === "before-start") beforeStart++;
    else if (s === "skipped") skipped++;
  }
  if (beforeStart === statuses.length) return "Your breaks were due before you joined";
  if (skipped === statuses.length) return "All of today's breaks are skipped";
  return `No breaks left to count today (${beforeStart} before you joined, ${skipped} skipped)`;
}
