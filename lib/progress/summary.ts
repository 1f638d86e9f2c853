// The "Daily Movement Schedule" card's one line (spec: how many movements are scheduled today and
// how many completed), including the days where nothing is left to count. Pure, so it is tested alone.
import type { DashboardBreakStatus } from "./first-day";

export function scheduleSummary(
  totalToday: number,
  completed: number,
  statuses: readonly DashboardBreakStatus[],
): string {
  if (totalToday > 0) {
    const counted = `${totalToday} ${totalToday === 1 ? "movement" : "movements"} scheduled today, ${completed} completed`;
    // The list shows every break of the day: the one from before joining is named, not left to guess.
    const early = statuses.filter((s) => s === "before-start").length;
    return early > 0 ? `${counted} (plus ${early} from before you joined)` : counted;
  }
  if (statuses.length === 0) return "No movements scheduled today";
  // Nothing counts yet: every break was due before the user joined, or skipped, or some of each.
  const skipped = statuses.filter((s) => s === "skipped").length;
  // A break from before the user joined counts once taken (lib/progress/first-day.ts): said as the
  // invitation the Now card makes, not as "nothing left to count" beside it.
  if (skipped === statuses.length) return "All of today's breaks are skipped";
  const invite = "Your first break counts as soon as you take it";
  return skipped > 0 ? `${skipped} skipped. ${invite}` : invite;
}
