import type { Metadata } from "next";
import { HISTORY_DAYS } from "@/components/history/heatmap-layout";
import { HistoryPage } from "@/components/history/history-page";
import { requireOnboardedUser } from "@/lib/users/onboarding";
import { getDb } from "@/lib/db";
import { getHistory } from "@/lib/progress/history";
import { getRecap, getTrophies } from "@/lib/recap/read";

export const metadata: Metadata = { title: "History" };

export default async function Page() {
  const user = await requireOnboardedUser();
  const db = await getDb();
  const history = await getHistory(db, user.id, HISTORY_DAYS);
  // Issue 33: last week's recap and the trophies, from the same history.
  const [recap, trophies] = await Promise.all([getRecap(db, user.id, { history }), getTrophies(db, user.id, history)]);
  // Last week is shown once the user was here for some of it: a week before they joined is all zeros.
  const firstDay = history.days[0]?.date ?? recap.today;
  return <HistoryPage initial={history} recap={recap.weekEnd >= firstDay ? recap : undefined} trophies={trophies} />;
}
