"use client";

// The e-mail test form and its result (its page draws the card on the server). Native elements with
// the ui primitives' class strings, so the page ships no tailwind-merge.
import { IntentLink } from "@/components/ui/intent-link";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { buttonVariants, inputClasses } from "@/components/ui/classes";
import { alertClasses } from "@/components/ui/field-classes";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
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
    <>
      <Form {...form} autoFocusField={autoFocusField}>
        <form {...formProps} className="space-y-4">
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <input
                    {...field}
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    placeholder="you@example.com"
                    data-slot="input"
                    className={inputClasses}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <button
            type="submit"
            data-slot="button"
            className={buttonVariants({ className: "w-full" })}
            disabled={pending}
          >
            {pending ? "Sending..." : "Send Test Email"}
          </button>
        </form>
      </Form>
      {message && !onField && (
        <div data-slot="alert" role="status" className={`${alertClasses[state.ok ? "success" : "destructive"]} mt-4`}>
          <div data-slot="alert-title" className={alertClasses.title}>
            {state.ok ? "Sent" : "Not Sent"}
          </div>
          <div data-slot="alert-description" className={alertClasses.description}>
            {message}
          </div>
        </div>
      )}
      {/* Once sent, the alert says where to look: the note would say it twice. */}
      {!state.ok && (
        <p className="mt-4 text-sm text-muted-foreground">
          After sending, check your inbox and your spam folder. Messages can take a minute to arrive.
        </p>
      )}
      {/* Sent: the next step is the app itself (signed in, "/" is the dashboard). */}
      {state.ok && (
        <IntentLink href="/" className={buttonVariants({ variant: "outline", className: "mt-4 w-full" })}>
          Continue to Sign In
        </IntentLink>
      )}
    </>
  );
}
