import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { LoginScreen } from "@/components/auth/login-screen";
import { readLoginCookie } from "@/lib/auth/login-cookie";
import { getPageUser } from "@/lib/auth/page-user";
import { env } from "@/lib/env";

// "/" signed out: the login screen. Signed in, proxy.ts serves /dashboard at this URL instead, so
// this page never carries the dashboard's client code (nor the dashboard the login screen's).
export default async function Home() {
  if (await getPageUser()) redirect("/dashboard"); // only if the proxy did not rewrite (no cookie seen)
  const { feedbackUrl, contactEmail, aiEnabled } = env();
  // A code already sent (and not yet used or expired): the card opens at step 2.
  const pendingEmail = readLoginCookie(await headers());
  return (
    <LoginScreen
      feedbackUrl={feedbackUrl}
      contactEmail={contactEmail}
      pendingEmail={pendingEmail}
      aiEnabled={aiEnabled}
    />
  );
}
