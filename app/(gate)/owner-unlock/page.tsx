import { LockKeyhole, ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { UnlockForm } from "@/components/admin/unlock-form";
import { SignedInFrame } from "@/components/shell/signed-in-frame";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getLiveGrant } from "@/lib/admin/grant";
import { requirePageUser } from "@/lib/auth/page-user";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Owner Console" };

// The frame (heading, notice, card) is drawn here, on the server; only the form is a client part.
// A gate, not a page of the app: the public frame, with Close back to Today.
export default async function Page() {
  // Not requireOnboardedUser: the owner reaches the console before (or without) setting up breaks.
  const user = await requirePageUser();
  // Already unlocked in this session: straight to the console.
  if (await getLiveGrant(await getDb(), user)) redirect("/admin");
  return (
    <SignedInFrame close>
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">Owner Console</h1>
          <p className="text-muted-foreground">Enter the admin code to manage users and read the audit log.</p>
        </div>

        {/* A standing notice, not a live alert. */}
        <Alert role="note">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Restricted Area</AlertTitle>
          <AlertDescription>This area is restricted to the product owner. All actions are logged.</AlertDescription>
        </Alert>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="flex items-center gap-2">
                <LockKeyhole className="size-5 text-primary" aria-hidden="true" />
                Unlock the Console
              </h2>
            </CardTitle>
            <CardDescription>Access lasts 8 hours, or until you log out of the console.</CardDescription>
          </CardHeader>
          <CardContent>
            <UnlockForm />
          </CardContent>
        </Card>
      </div>
    </SignedInFrame>
  );
}
