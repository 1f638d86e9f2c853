"use client";

// The login screen's only client code: the two steps of the card with plain React state. It renders
// native elements with the ui class strings (components/ui/classes), so it pulls neither zod nor a
// form library nor tailwind-merge; the rules and messages are the server's (lib/auth/validation).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { buttonVariants, cardClasses, inputClasses, labelClasses } from "@/components/ui/classes";
import { api, ApiError } from "@/lib/api-client";
import { checkCode, checkEmail, CODE_LENGTH, type Checked } from "@/lib/auth/validation";
import { PRODUCT_NAME } from "@/lib/brand";
import { showToast } from "@/lib/toast";

export const submitClass = buttonVariants({ className: "w-full" });
export const linkClass = buttonVariants({ variant: "link", className: "w-full" });
// The code field's larger type replaces the input's own base size (what cn() did before).
export const codeInputClass = `${inputClasses.replace("text-base ", "")} text-center font-mono text-2xl tracking-[0.5em]`;
const errorClass = "text-sm font-medium text-destructive";
const hintClass = "text-sm text-muted-foreground";

/** One field's value and message, checked on submit and then again on every change (like before). */
function useField(check: (value: string) => Checked) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  return {
    value,
    error,
    ref,
    change(next: string) {
      setValue(next);
      if (submitted) setError(checkError(check(next)));
    },
    /** The checked value, or undefined after showing the message and focusing the field. */
    submit(): string | undefined {
      setSubmitted(true);
      const result = check(value);
      setError(checkError(result));
      if (result.ok) return result.value;
      ref.current?.focus();
      return undefined;
    },
    reset() {
      setValue("");
      setError(undefined);
      setSubmitted(false);
    },
  };
}

function checkError(result: Checked) {
  return result.ok ? undefined : result.error;
}

export function LoginForm() {
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  // One request at a time (spec section 4): a ref, so a double click cannot slip through.
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const emailField = useField(checkEmail);
  const codeField = useField(checkCode);
  const emailInput = emailField.ref;
  const codeInput = codeField.ref;

  // The form the user acted in is replaced: focus moves to the new step's field (not on first render).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    (step === "code" ? codeInput : emailInput).current?.focus();
  }, [step, codeInput, emailInput]);

  async function run(task: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  function requestCode(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    const value = emailField.submit();
    if (value === undefined) return;
    void run(async () => {
      try {
        await api("/api/auth/request-code", { body: { email: value } });
        setEmail(value);
        setStep("code");
        codeField.reset();
        showToast({ title: "Verification code sent!", description: "Check your email for your verification code." });
      } catch (error) {
        showToast({ title: "Error", description: requestErrorText(error), variant: "destructive" });
      }
    });
  }

  function verifyCode(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    const value = codeField.submit();
    if (value === undefined) return;
    void run(async () => {
      try {
        await api("/api/auth/verify-code", { body: { code: value } });
        showToast({ title: "Login successful!", description: `Welcome to ${PRODUCT_NAME}.`, variant: "success" });
        window.location.assign("/dashboard");
      } catch (error) {
        codeField.reset();
        codeField.ref.current?.focus();
        const description =
          error instanceof ApiError
            ? error.serverMessage ?? "Invalid verification code"
            : "Please check your code and try again.";
        showToast({ title: "Verification failed", description, variant: "destructive" });
      }
    });
  }

  function differentEmail() {
    setStep("email");
    emailField.reset();
    codeField.reset();
  }

  if (step === "email") {
    const error = emailField.error;
    return (
      <>
        <div data-slot="card-header" className={cardClasses.header}>
          <div data-slot="card-title" className={cardClasses.title}>
            Sign in or create an account
          </div>
          <div data-slot="card-description" className={cardClasses.description}>
            New and returning users use the same e-mail code.
          </div>
        </div>
        <div data-slot="card-content" className={cardClasses.content}>
          <form onSubmit={requestCode} noValidate className="space-y-4">
            <div className="space-y-2">
              <label data-slot="label" htmlFor="email" className={labelClasses}>
                Email
              </label>
              <input
                ref={emailField.ref}
                id="email"
                name="email"
                data-slot="input"
                className={inputClasses}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                value={emailField.value}
                onChange={(e) => emailField.change(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? "email-error email-hint" : "email-hint"}
              />
              <p id="email-hint" className={hintClass}>
                We&apos;ll send a 6-digit code to this address.
              </p>
              {error && (
                <p id="email-error" role="alert" className={errorClass}>
                  {error}
                </p>
              )}
            </div>
            <button type="submit" data-slot="button" data-variant="default" data-size="default" className={submitClass} disabled={busy}>
              {busy ? "Sending..." : "Get Started"}
            </button>
          </form>
        </div>
      </>
    );
  }

  const error = codeField.error;
  return (
    <>
      <div data-slot="card-header" className={cardClasses.header}>
        <div data-slot="card-title" className={cardClasses.title}>
          Check your email
        </div>
        <div data-slot="card-description" className={cardClasses.description}>
          We sent a 6-digit code to <strong className="text-foreground">{email}</strong>.
        </div>
      </div>
      <div data-slot="card-content" className={cardClasses.content}>
        <form onSubmit={verifyCode} noValidate className="space-y-4">
          <div className="space-y-2">
            <label data-slot="label" htmlFor="code" className={labelClasses}>
              Verification code
            </label>
            <input
              ref={codeField.ref}
              id="code"
              name="code"
              data-slot="input"
              className={codeInputClass}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={CODE_LENGTH}
              placeholder="123456"
              value={codeField.value}
              onChange={(e) => codeField.change(e.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
              aria-invalid={!!error}
              aria-describedby={error ? "code-error code-hint" : "code-hint"}
            />
            {error && (
              <p id="code-error" role="alert" className={errorClass}>
                {error}
              </p>
            )}
            <p id="code-hint" className={hintClass}>
              Can&apos;t find it? Check your spam or junk folder. The code expires in 10 minutes.
            </p>
          </div>
          <button type="submit" data-slot="button" data-variant="default" data-size="default" className={submitClass} disabled={busy}>
            {busy ? "Verifying..." : `Enter ${PRODUCT_NAME}`}
          </button>
          <button type="button" data-slot="button" data-variant="link" data-size="default" className={linkClass} onClick={differentEmail} disabled={busy}>
            Try a different email
          </button>
        </form>
      </div>
    </>
  );
}

function requestErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.message.includes("{") ? "Failed to send verification code" : "Network error";
  }
  return "Failed to send verification code. Please try again.";
}
