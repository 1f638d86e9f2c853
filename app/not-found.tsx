import { IntentLink } from "@/components/ui/intent-link";
import { redirect } from "next/navigation";
import { Brand } from "@/components/shell/logo";
import { buttonVariants } from "@/components/ui/button";
import { getPageUser } from "@/lib/auth/page-user";
import { getDb } from "@/lib/db";
import { isOnboardingComplete } from "@/lib/users/onboarding";

// The spec's 404, signed in or out (issue 33: an unknown page is not a bounce to sign-in); the way
// back is the dashboard or the login screen, as on /disclaimer. A signed-in user who has not
// finished onboarding is sent to /welcome, as from every other page.
export default async function NotFound() {
  const user = await getPageUser();
  if (user && !(await isOnboardingComplete(await getDb(), user.id))) redirect("/welcome");
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-6 px-4 text-center">
      <Brand />
      <main id="main" className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <IntentLink href={user ? "/dashboard" : "/"} className={buttonVariants()}>
          {user ? "Back to Dashboard" : "Back to Login"}
        </IntentLink>
      </main>
    </div>
  );
}
