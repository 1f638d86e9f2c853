"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { VERIFY_NOTICE_REDIRECT_MS } from "@/lib/constants";
import { showToast } from "@/lib/toast";

/** Old magic-link URLs land here: explain, then return to the code login after 2 s. */
export function VerifyNotice() {
  const router = useRouter();
  useEffect(() => {
    showToast({
      title: "Authentication method changed",
      description: "This authentication method is no longer supported. Please use the code verification login.",
    });
    const t = setTimeout(() => router.replace("/"), VERIFY_NOTICE_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [router]);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
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
    </main>
  );
}
