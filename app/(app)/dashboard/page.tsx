import type { Metadata } from "next";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Today" };

export default async function Page() {
  await requirePageUser();
  return <DashboardPage />;
}
