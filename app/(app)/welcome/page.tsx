import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { WelcomeScreen } from "@/components/welcome/welcome-screen";
import { requirePageUser } from "@/lib/auth/page-user";
import { getDb } from "@/lib/db";
import { isOnboardingComplete } from "@/lib/users/onboarding";

export const metadata: Metadata = { title: "Let's loosen up" };

export default async function Page() {
  const user = await requirePageUser();
  // Setup is done once; afterwards the schedule is changed in Settings.
  if (await isOnboardingComplete(await getDb(), user.id)) redirect("/dashboard");
  return <WelcomeScreen />;
}
