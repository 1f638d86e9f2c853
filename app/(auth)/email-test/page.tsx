import type { Metadata } from "next";
import { EmailTestForm } from "@/components/public/email-test-form";
import { Brand } from "@/components/shell/logo";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Email test" };

// The card is drawn here, on the server; only the form and its result are a client part.
export default function Page() {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Brand />
      <main id="main" className="mt-8">
        <Card>
          <CardHeader>
            <CardTitle>
              <h1>Email test</h1>
            </CardTitle>
            <CardDescription>Send a test e-mail to check that messages reach your inbox.</CardDescription>
          </CardHeader>
          <CardContent>
            <EmailTestForm />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
