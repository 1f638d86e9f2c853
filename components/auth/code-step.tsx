"use client";

// Sign-in step 2: the 6-digit code. Loaded with the step (./login-form). The code goes in by itself
// at six digits (typed or pasted); a wrong one stays beside the field, which is cleared and
// focused; 'Resend code' comes 30 s after a code was sent (within the per-address limits).
import { useEffect, useRef, useState } from "react";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { inputClasses } from "@/components/ui/input-classes";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { resetLogin } from "@/lib/actions/reset-login";
import { verifyCode, type VerifyCodeState } from "@/lib/actions/verify-code";
import { CODE_LENGTH } from "@/lib/auth/validation";
import { PRODUCT_NAME } from "@/lib/brand";
import { showToast } from "@/components/ui/toast";
import { BUTTON_BASE, loginCard, submitClass } from "./login-classes";
import { loadPage } from "@/components/shell/load-page";

/** A link-style button without side padding, so its text lines up with the field above. */
export const linkClass = `${BUTTON_BASE} text-primary underline-offset-4 hover:underline h-10 py-2 has-[>svg]:px-3`;
// The code field's larger type at every width replaces the input's own base sizes.
export const codeInputClass = `${inputClasses.replace("text-base ", "").replace(" md:text-sm", "")} text-center font-mono text-2xl tracking-[0.5em]`;

/** 'Resend code' shows this long after a code was sent (the limits allow 3 codes per 10 minutes). */
export const RESEND_AFTER_SECONDS = 30;

const VERIFY_IDLE: VerifyCodeState = {};

/** Seconds left before 'Resend code' is offered (0 when no send time is known); ticks each second. */
function useCountdown(sentAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  const left = sentAt === null ? 0 : Math.max(0, RESEND_AFTER_SECONDS - Math.floor((now - sentAt) / 1000));
  useEffect(() => {
    setNow(Date.now());
  }, [sentAt]);
  useEffect(() => {
    if (left === 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [left]);
  return left;
}

export interface CodeStepProps {
  email: string;
  /** When the last code was sent by this page (null: before it loaded, resend at once). */
  sentAt: number | null;
  resending: boolean;
  resendError: { message: string } | null;
  /** The code request's form action, for 'Resend code' posted before scripts run. */
  resendAction: (form: FormData) => void;
  /** Sends the code request (the step-1 form's action) with this form data. */
  sendCode: (form: FormData) => unknown;
  onDifferentEmail: () => void;
}

export function CodeStep({
  email,
  sentAt,
  resending,
  resendError,
  resendAction,
  sendCode,
  onDifferentEmail,
}: CodeStepProps) {
  const left = useCountdown(sentAt);
  const verify = useActionForm({
    action: verifyCode,
    initialState: VERIFY_IDLE,
    schema: () => import("@/lib/auth/schemas").then((m) => m.verifyCodeSchema),
    defaultValues: { code: "" },
    onResult(state) {
      if (state.ok) {
        showToast({ title: "Login successful!", description: `Welcome to ${PRODUCT_NAME}.`, variant: "success" });
        loadPage("/dashboard");
        return;
      }
      if (state.ok !== false) return;
      const description =
        state.status === NETWORK_FAILURE.status
          ? "Please check your code and try again."
          : state.message || "Invalid verification code";
      // Spec: a failed code clears the field and stays on step 2; the error stays beside it.
      verify.form.setValue("code", "");
      verify.form.setError("code", { type: "server", message: description }, { shouldFocus: true });
      showToast({ title: "Verification failed", description, variant: "destructive" });
    },
  });
  const busy = verify.pending || resending;
  const codeRefused = verify.form.formState.errors.code?.type === "server";

  // A new code sent: a fresh field. A refused resend: its reason on the field.
  useEffect(() => {
    if (sentAt !== null) verify.form.reset({ code: "" });
  }, [sentAt, verify.form]);
  useEffect(() => {
    if (resendError)
      verify.form.setError("code", { type: "server", message: resendError.message }, { shouldFocus: true });
  }, [resendError, verify.form]);

  // Six digits typed or pasted: the code goes in by itself (once per value).
  const code = verify.form.watch("code");
  const autoSent = useRef("");
  useEffect(() => {
    if (code.length !== CODE_LENGTH || busy || autoSent.current === code) return;
    autoSent.current = code;
    verify.formRef.current?.requestSubmit();
  }, [code, busy, verify.formRef]);

  return (
    <>
      <div data-slot="card-header" className={loginCard.header}>
        <h2 data-slot="card-title" className={loginCard.title}>
          Check Your Email
        </h2>
        <div data-slot="card-description" className={loginCard.description}>
          We sent a 6-digit code to <strong className="text-foreground wrap-anywhere">{email}</strong>.
        </div>
      </div>
      <div data-slot="card-content" className={loginCard.content}>
        <Form {...verify.form} autoFocusField={verify.autoFocusField}>
          <form {...verify.formProps} className="space-y-4">
            {/* For 'Resend code' posted without scripts (the code check itself reads the login cookie). */}
            <input type="hidden" name="email" value={email} />
            <FormField
              control={verify.form.control}
              name="code"
              render={({ field }) => (
                <FormItem described>
                  <FormLabel>Verification code</FormLabel>
                  <FormControl>
                    <input
                      {...field}
                      onChange={(e) => field.onChange(e.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
                      data-slot="input"
                      className={codeInputClass}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern="[0-9]*"
                      maxLength={CODE_LENGTH}
                      // No placeholder: "123456" looked like a code already filled in; the hint says what goes here.
                      // Step 2 starts in this field (a plain form post lands here too).
                      autoFocus
                    />
                  </FormControl>
                  <FormMessage />
                  <FormDescription>
                    {/* After a refused code, the next step instead of the first-time hint. */}
                    {codeRefused
                      ? "Type the code from the newest email again, or send yourself a new code below."
                      : "Enter the 6-digit code from the email. Can't find it? Check your spam or junk folder. The code expires in 10 minutes."}
                  </FormDescription>
                </FormItem>
              )}
            />
            <button type="submit" data-slot="button" className={submitClass} disabled={busy}>
              {verify.pending ? "Verifying..." : `Enter ${PRODUCT_NAME}`}
            </button>
            <div className="flex flex-col items-center gap-1 sm:flex-row sm:justify-between">
              <button
                type="submit"
                formAction={resetLogin}
                formNoValidate
                onClick={(e) => {
                  e.preventDefault();
                  if (busy) return;
                  // The page would otherwise open at step 2 again on reload.
                  void resetLogin().catch(() => undefined);
                  onDifferentEmail();
                }}
                data-slot="button"
                className={linkClass}
                disabled={busy}
              >
                Try a different email
              </button>
              {left === 0 ? (
                <button
                  type="submit"
                  formAction={resendAction}
                  formNoValidate
                  onClick={(e) => {
                    e.preventDefault();
                    if (busy) return;
                    const data = new FormData();
                    data.set("email", email);
                    sendCode(data);
                  }}
                  data-slot="button"
                  className={linkClass}
                  disabled={busy}
                >
                  {resending ? "Sending..." : "Resend Code"}
                </button>
              ) : (
                <p className="text-sm text-muted-foreground tabular-nums">Resend code in {left} s</p>
              )}
            </div>
          </form>
        </Form>
      </div>
    </>
  );
}
