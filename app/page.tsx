import { redirect } from "next/navigation";
import { LoginScreen } from "@/components/auth/login-screen";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { AppShell } from "@/components/shell/app-shell";
import { getPageUser } from "@/lib/auth/page";
import { todayFor } from "@/lib/breaks/page";
import { isSpecialUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getDashboard } from "@/lib/users/dashboard";
import { isOnboardingComplete } from "@/lib/users/settings";

// "/" is the login screen when signed out and the dashboard when signed in, decided on the server.
export default async function Home() {
  const user = await getPageUser();
  const { feedbackUrl, contactEmail } = env();
  if (!user) return <LoginScreen feedbackUrl={feedbackUrl} contactEmail={contactEmail} />;
  const db = await getDb();
  if (!(await isOnboardingComplete(db, user.id))) redirect("/welcome");
  const today = todayFor(db, user.id); // streamed, like /dashboard
  return (
    <AppShell user={{ email: user.email }} feedbackUrl={feedbackUrl} isSpecialUser={isSpecialUser(user.email)}>
      <DashboardPage initial={await getDashboard(db, user.id)} today={today} />
    </AppShell>
  );
}
