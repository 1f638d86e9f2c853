import { LoginScreen } from "@/components/auth/login-screen";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { AppShell } from "@/components/shell/app-shell";
import { getPageUser } from "@/lib/auth/page";
import { isSpecialUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

// "/" is the login screen when signed out and the dashboard when signed in, decided on the server.
export default async function Home() {
  const user = await getPageUser();
  const { feedbackUrl, contactEmail } = env();
  if (!user) return <LoginScreen feedbackUrl={feedbackUrl} contactEmail={contactEmail} />;
  return (
    <AppShell user={{ email: user.email }} feedbackUrl={feedbackUrl} isSpecialUser={isSpecialUser(user.email)}>
      <DashboardPage />
    </AppShell>
  );
}
