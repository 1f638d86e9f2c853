"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { sendTestEmail, type TestEmailState } from "@/lib/actions/send-test-email";

const IDLE: TestEmailState = {};

/** The alert's text: the server's message, or the spec's network failure text. */
function resultText(state: TestEmailState): string | null {
  if (state.ok) return state.data.message;
  if (state.ok === false)
    return state.status === NETWORK_FAILURE.status ? "An error occurred while sending the test email." : state.message;
  return null;
}

export function EmailTestForm() {
  const { form, state, pending, formProps, autoFocusField } = useActionForm({
    action: sendTestEmail,
    initialState: IDLE,
    schema: () => import("@/lib/mail/schemas").then((m) => m.testEmailSchema),
    defaultValues: { email: "" },
  });
  const message = resultText(state);
  // A refusal about the address itself is shown on the field; anything else in the alert.
  const onField = state.ok === false && !!state.fieldErrors?.email;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1>Email test</h1>
        </CardTitle>
        <CardDescription>Send a test e-mail to check that messages reach your inbox.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form} autoFocusField={autoFocusField}>
          <form {...formProps} className="space-y-4">
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input {...field} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? "Sending..." : "Send Test Email"}
            </Button>
          </form>
        </Form>
        {message && !onField && (
          <Alert variant={state.ok ? "success" : "destructive"} className="mt-4" role="status">
            <AlertTitle>{state.ok ? "Sent" : "Not sent"}</AlertTitle>
            <AlertDescription>{message}</AlertDescription>
          </Alert>
        )}
        <p className="mt-4 text-sm text-muted-foreground">
          After sending, check your inbox and your spam folder. Messages can take a minute to arrive.
        </p>
        {/* Sent: the next step is the app itself (signed in, "/" is the dashboard). */}
        {state.ok && (
          <IntentLink href="/" className={buttonVariants({ variant: "outline", className: "mt-4 w-full" })}>
            Continue to sign in
          </IntentLink>
        )}
      </CardContent>
    </Card>
  );
}
