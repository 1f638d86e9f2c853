// The "Daily Movement Schedule" card's one line (spec: how many movements are scheduled today and
// how many completed). A day with nothing to count says so in the card's own words instead
// (dashboard-page.tsx), so this line is not shown then. Pure, so it is tested alone.
import type { DashboardBreakStatus } from "./first-day";

export function scheduleSummary(
  totalToday: number,
  completed: number,
  statuses: readonly DashboardBreakStatus[],
): string {
  if (totalToday === 0) return "No movements scheduled today";
  const counted = `${totalToday} ${totalToday === 1 ? "movement" : "movements"} scheduled today, ${completed} completed`;
  // A first day's break from before joining is not counted, but can still be taken: a bonus, the
  // word its row's chip and the Now card use too, so "1 scheduled" above a list of two reads as meant.
  const early = statuses.filter((s) => s === "before-start").length;
  return early > 0 ? `${counted}, plus ${early} bonus ${early === 1 ? "break" : "breaks"}` : counted;
}
