"use client";

// The login card: step 1 (the e-mail) here, step 2 (the code) in ./code-step, loaded when it is
// shown, so a first visit ships only step 1. react-hook-form in the Form pattern, the shared zod
// schemas through the resolver (loaded in idle time), and the sign-in actions (lib/actions).
// Both steps also work before the page's scripts run: each form posts to its action and the
// server renders the answer (the step, the address, the inline error). Native elements with the
// ui class strings, so the page ships neither class-variance-authority nor tailwind-merge.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { inputClasses } from "@/components/ui/input-classes";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { requestCode, type RequestCodeState } from "@/lib/actions/request-code";
import { ACCOUNT_DELETED_ID, accountRecentlyDeleted } from "@/components/auth/account-deleted";
import { showToast } from "@/components/ui/toast";
import { loginCard, submitClass } from "./login-classes";

// Rendered on the server too when the page opens at step 2 (a code already sent). React's own lazy,
// not next/dynamic, which would bring its loader to every first visit.
const CodeStep = lazy(() => import("./code-step").then((m) => ({ default: m.CodeStep })));

const REQUEST_IDLE: RequestCodeState = {};

/** Spec section 8's texts for a failed code request. */
function requestFailureText(state: Extract<RequestCodeState, { ok: false }>): string {
  return state.status === NETWORK_FAILURE.status
    ? "Failed to send verification code. Please try again."
    : state.message || "Failed to send verification code";
}

export interface LoginFormProps {
  /** The address of a code already sent (the login cookie), so the page opens at step 2. */
  pendingEmail?: string | null;
  /** Step 1's card header: static, so the server renders it (login-screen.tsx), not this island. */
  header: ReactNode;
}

export function LoginForm({ pendingEmail = null, header }: LoginFormProps) {
  const [email, setEmail] = useState<string | null>(pendingEmail);
  const [sentAt, setSentAt] = useState<number | null>(null);
  // A refused resend, shown on step 2's code field (a new object each time).
  const [resendError, setResendError] = useState<{ message: string } | null>(null);

  const request = useActionForm({
    action: requestCode,
    initialState: REQUEST_IDLE,
    schema: () => import("@/lib/auth/schemas").then((m) => m.requestCodeSchema),
    defaultValues: { email: "" },
    onResult(state) {
      if (state.ok) {
        setEmail(state.data.email);
        setSentAt(Date.now());
        setResendError(null);
        showToast({ title: "Verification code sent!", description: "Check your email for your verification code." });
      } else if (state.ok === false) {
        const description = requestFailureText(state);
        if (step === "code") setResendError({ message: description });
        else request.form.setError("email", { type: "server", message: description }, { shouldFocus: true });
        showToast({ title: "Error", description, variant: "destructive" });
      }
    },
  });

  // After Settings deleted the account, the login screen says so: the notice is in the page's HTML,
  // hidden, inside a live region, and shown (so announced) here, which costs the page no component.
  useEffect(() => {
    try {
      if (accountRecentlyDeleted(window.sessionStorage))
        document.getElementById(ACCOUNT_DELETED_ID)?.removeAttribute("hidden");
    } catch {
      // Storage blocked: plain login.
    }
  }, []);

  // Step 2 once a code was sent: by this page (with or without scripts) or before it loaded.
  const sentTo = email ?? (request.state.ok ? request.state.data.email : null);
  const step = sentTo ? "code" : "email";

  // Back at step 1 after "Try a different email": the e-mail field has the focus.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === "email") request.form.setFocus("email");
  }, [step, request.form]);

  function differentEmail() {
    setEmail(null);
    setSentAt(null);
    setResendError(null);
    request.reset();
    request.form.reset({ email: "" });
  }

  if (step === "code" && sentTo) {
    return (
      <Suspense fallback={<p className="px-6 text-sm text-muted-foreground">Loading…</p>}>
        <CodeStep
          email={sentTo}
          sentAt={sentAt}
          resending={request.pending}
          resendError={resendError}
          resendAction={request.formProps.action}
          sendCode={request.send}
          onDifferentEmail={differentEmail}
        />
      </Suspense>
    );
  }

  return (
    <>
      {header}
      <div data-slot="card-content" className={loginCard.content}>
        <Form {...request.form} autoFocusField={request.autoFocusField}>
          <form {...request.formProps} className="space-y-4">
            <FormField
              control={request.form.control}
              name="email"
              render={({ field }) => (
                <FormItem described>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <input
                      {...field}
                      data-slot="input"
                      className={inputClasses}
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      placeholder="you@example.com"
                    />
                  </FormControl>
                  {/* The error right under the field, then the hint: the code step's order too. */}
                  <FormMessage />
                  <FormDescription>We&apos;ll send a 6-digit code to this address.</FormDescription>
                </FormItem>
              )}
            />
            <button type="submit" data-slot="button" className={submitClass} disabled={request.pending}>
              {request.pending ? "Sending..." : "Get Started"}
            </button>
          </form>
        </Form>
      </div>
    </>
  );
}
