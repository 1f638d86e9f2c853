// Rendered on the server; only the toast and the redirect run in the browser (verify-redirect.tsx).
import { PublicFrame } from "@/components/shell/public-frame";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { VerifyRedirect } from "./verify-redirect";

/** Old magic-link URLs land here: explain, then return to the code login after 2 s. */
export function VerifyNotice() {
  return (
    <PublicFrame>
      <VerifyRedirect />
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Redirecting to Login</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-muted-foreground">
          <p>This authentication method is no longer supported. Please use the code verification login.</p>
          <p>Taking you to the login page...</p>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
