import type { Metadata } from "next";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireOnboardedUser } from "@/lib/auth/page";
import { getDb } from "@/lib/db";
import { getDashboard } from "@/lib/users/dashboard";

export const metadata: Metadata = { title: "Today" };

export default async function Page() {
  const user = await requireOnboardedUser();
  return <DashboardPage initial={await getDashboard(await getDb(), user.id)} />;
}
