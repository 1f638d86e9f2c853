import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignedInFrame } from "@/components/shell/signed-in-frame";
import { WelcomeScreen } from "@/components/welcome/welcome-screen";
import { requirePageUser } from "@/lib/auth/page-user";
import { isSpecialUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { isOnboardingComplete } from "@/lib/users/onboarding";

export const metadata: Metadata = { title: "Let's loosen up" };

// Onboarding is one task to finish: the public frame at every width (no app navigation, no tab
// bar), with Logout, and the owner's Console link (the console needs no break schedule).
export default async function Page() {
  const user = await requirePageUser();
  // Setup is done once; afterwards the schedule is changed in Settings.
  if (await isOnboardingComplete(await getDb(), user.id)) redirect("/dashboard");
  return (
    <SignedInFrame logout console={isSpecialUser(user.email)}>
      <WelcomeScreen />
    </SignedInFrame>
  );
}
