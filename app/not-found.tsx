import { IntentLink } from "@/components/ui/intent-link";
import { redirect } from "next/navigation";
import { PublicFrame } from "@/components/shell/public-frame";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
    <PublicFrame>
      <Card className="text-center">
        <CardHeader className="items-center gap-2">
          <p className="text-5xl font-extrabold tracking-tight text-primary" aria-hidden="true">
            404
          </p>
          <CardTitle>
            <h1 className="text-2xl font-bold tracking-tight">Page Not Found</h1>
          </CardTitle>
          <CardDescription>The page you are looking for does not exist or has moved.</CardDescription>
        </CardHeader>
        <CardContent>
          <IntentLink href={user ? "/dashboard" : "/"} className={buttonVariants({ className: "w-full" })}>
            {user ? "Back to Dashboard" : "Back to Login"}
          </IntentLink>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
