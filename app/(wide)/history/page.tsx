import type { Metadata } from "next";
import { HistoryPage } from "@/components/history/history-page";
import { requireOnboardedUser } from "@/lib/auth/page";
import { getDb } from "@/lib/db";
import { getHistory } from "@/lib/users/history";

export const metadata: Metadata = { title: "History" };

export default async function Page() {
  const user = await requireOnboardedUser();
  return <HistoryPage initial={await getHistory(await getDb(), user.id, 365)} />;
}
