import type { Metadata } from "next";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireOnboardedUser } from "@/lib/auth/page";
import { todayFor } from "@/lib/breaks/page";
import { getDb } from "@/lib/db";
import { getDashboard } from "@/lib/users/dashboard";

export const metadata: Metadata = { title: "Today" };

export default async function Page() {
  const user = await requireOnboardedUser();
  const db = await getDb();
  // Not awaited: today's exercises stream in under Suspense (the day's plan may take a model call).
  const today = todayFor(db, user.id);
  return <DashboardPage initial={await getDashboard(db, user.id)} today={today} />;
}
