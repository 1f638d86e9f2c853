import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { requirePageUser } from "@/lib/auth/page";
import { getDb } from "@/lib/db";
import { getSettings, isOnboardingComplete } from "@/lib/users/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function Page() {
  const user = await requirePageUser();
  const db = await getDb();
  if (!(await isOnboardingComplete(db, user.id))) redirect("/welcome");
  return (
    <QueryProvider>
      <SettingsScreen email={user.email} initial={await getSettings(db, user.id)} />
    </QueryProvider>
  );
}
