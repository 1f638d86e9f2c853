import type { Metadata } from "next";
import { EmailTestForm } from "@/components/public/email-test-form";
import { PublicFrame } from "@/components/shell/public-frame";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Email Test" };

// The card is drawn here, on the server; only the form and its result are a client part.
export default function Page() {
  return (
    <PublicFrame>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Email Test</h1>
          </CardTitle>
          <CardDescription>Send a test email to check that messages reach your inbox.</CardDescription>
        </CardHeader>
        <CardContent>
          <EmailTestForm />
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
