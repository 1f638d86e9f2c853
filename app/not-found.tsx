import { IntentLink } from "@/components/ui/intent-link";
import { redirect } from "next/navigation";
import { Brand } from "@/components/shell/logo";
import { buttonVariants } from "@/components/ui/button";
import { getPageUser, redirectSignedOut } from "@/lib/auth/page-user";
import { getDb } from "@/lib/db";
import { isOnboardingComplete } from "@/lib/users/onboarding";

// Signed in: the spec's 404. Signed out (e.g. an expired session cookie got past the proxy): login.
export default async function NotFound() {
  const user = await getPageUser();
  if (!user) return redirectSignedOut();
  if (!(await isOnboardingComplete(await getDb(), user.id))) redirect("/welcome");
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-4 text-center">
      <Brand />
      <main id="main" className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <IntentLink href="/dashboard" className={buttonVariants()}>
          Back to Dashboard
        </IntentLink>
      </main>
    </div>
  );
}
