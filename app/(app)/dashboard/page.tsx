import type { Metadata } from "next";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireOnboardedUser } from "@/lib/users/onboarding";
import { todayFor } from "@/lib/breaks/page";
import { getDb } from "@/lib/db";
import { getDashboard } from "@/lib/progress/dashboard";
import { getRecap } from "@/lib/recap/read";
import { isMonday } from "@/lib/recap/week";

export const metadata: Metadata = { title: "Today" };

export default async function Page() {
  const user = await requireOnboardedUser();
  const db = await getDb();
  // Not awaited: today's exercises stream in under Suspense (the day's plan may take a model call).
  const today = todayFor(db, user.id);
  const initial = await getDashboard(db, user.id);
  // "Your week" is Monday's card: the recap is read on the user's Monday only, and streamed.
  const recap = isMonday(initial.localDate)
    ? getRecap(db, user.id, { now: new Date() }).catch((error: unknown) => {
        // A recap that cannot be read leaves the card out, never the day's dashboard.
        console.error("[dashboard] recap", error);
        return null;
      })
    : null;
  return <DashboardPage initial={initial} today={today} recap={recap} />;
}
