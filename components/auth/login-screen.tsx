"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
// Imported before @/lib/auth/schemas, whose schemas are built on import: zod is jitless by then.
import { z } from "@/lib/zod";
import { Brand } from "@/components/shell/logo";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, ApiError } from "@/lib/api-client";
import { codeSchema, emailSchema } from "@/lib/auth/schemas";
import { PRODUCT_NAME } from "@/lib/brand";
import { showToast } from "@/lib/toast";

const emailForm = z.object({ email: emailSchema });
const codeForm = z.object({ code: codeSchema });

const BENEFITS = [
  "Short 5-15 minute movement breaks, e-mailed at the times you choose",
  "Exercises tailored by AI to your space, equipment and limits",
  "See today's progress and build a streak, one break at a time",
];

export interface LoginScreenProps {
  feedbackUrl: string;
  contactEmail: string;
}

export function LoginScreen({ feedbackUrl, contactEmail }: LoginScreenProps) {
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  // One request at a time (spec section 4): a ref, so a double click cannot slip through.
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);

  const emailF = useForm<z.input<typeof emailForm>, unknown, z.output<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: "" },
  });
  const codeF = useForm<z.input<typeof codeForm>, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: "" },
  });

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

  const requestCode = emailF.handleSubmit((values) =>
    run(async () => {
      try {
        await api("/api/auth/request-code", { body: { email: values.email } });
        setEmail(values.email);
        setStep("code");
        codeF.reset({ code: "" });
        showToast({ title: "Verification code sent!", description: "Check your email for your verification code." });
      } catch (error) {
        showToast({ title: "Error", description: requestErrorText(error), variant: "destructive" });
      }
    }),
  );

  const verifyCode = codeF.handleSubmit((values) =>
    run(async () => {
      try {
        await api("/api/auth/verify-code", { body: { code: values.code } });
        showToast({ title: "Login successful!", description: `Welcome to ${PRODUCT_NAME}.`, variant: "success" });
        window.location.assign("/dashboard");
      } catch (error) {
        codeF.reset({ code: "" });
        codeF.setFocus("code");
        const description =
          error instanceof ApiError
            ? error.serverMessage ?? "Invalid verification code"
            : "Please check your code and try again.";
        showToast({ title: "Verification failed", description, variant: "destructive" });
      }
    }),
  );

  function differentEmail() {
    setStep("email");
    codeF.reset({ code: "" });
  }

  const emailError = emailF.formState.errors.email?.message;
  const codeError = codeF.formState.errors.code?.message;

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <main id="main" className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <Brand />
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Move a little, every workday</h1>
          <p className="text-muted-foreground">Your daily focus on one small task: a short movement break.</p>
        </div>

        <Card>
          {step === "email" ? (
            <>
              <CardHeader>
                <CardTitle>Sign in or create an account</CardTitle>
                <CardDescription>New and returning users use the same e-mail code.</CardDescription>
              </CardHeader>
              <CardContent>
                <form onSubmit={requestCode} noValidate className="space-y-4">
                  <div className="space-y-2">
                    <Label htmlFor="email">Email</Label>
                    <Input
                      id="email"
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      placeholder="you@example.com"
                      aria-invalid={!!emailError}
                      aria-describedby={emailError ? "email-error email-hint" : "email-hint"}
                      {...emailF.register("email")}
                    />
                    <p id="email-hint" className="text-sm text-muted-foreground">
                      We&apos;ll send a 6-digit code to this address.
                    </p>
                    {emailError && (
                      <p id="email-error" role="alert" className="text-sm font-medium text-destructive">
                        {emailError}
                      </p>
                    )}
                  </div>
                  <Button type="submit" className="w-full" disabled={busy}>
                    {busy ? "Sending..." : "Get Started"}
                  </Button>
                </form>
              </CardContent>
            </>
          ) : (
            <>
              <CardHeader>
                <CardTitle>Check your email</CardTitle>
                <CardDescription>
                  We sent a 6-digit code to <strong className="text-foreground">{email}</strong>.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <form onSubmit={verifyCode} noValidate className="space-y-4">
                  <div className="space-y-2">
                    <Label htmlFor="code">Verification code</Label>
                    <Input
                      id="code"
                      autoFocus
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      pattern="[0-9]*"
                      maxLength={6}
                      placeholder="123456"
                      className="text-center font-mono text-2xl tracking-[0.5em]"
                      aria-invalid={!!codeError}
                      aria-describedby={codeError ? "code-error code-hint" : "code-hint"}
                      {...codeF.register("code", {
                        onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                          e.target.value = e.target.value.replace(/\D/g, "").slice(0, 6);
                        },
                      })}
                    />
                    {codeError && (
                      <p id="code-error" role="alert" className="text-sm font-medium text-destructive">
                        {codeError}
                      </p>
                    )}
                    <p id="code-hint" className="text-sm text-muted-foreground">
                      Can&apos;t find it? Check your spam or junk folder. The code expires in 10 minutes.
                    </p>
                  </div>
                  <Button type="submit" className="w-full" disabled={busy}>
                    {busy ? "Verifying..." : `Enter ${PRODUCT_NAME}`}
                  </Button>
                  <Button type="button" variant="link" className="w-full" onClick={differentEmail} disabled={busy}>
                    Try a different email
                  </Button>
                </form>
              </CardContent>
            </>
          )}
        </Card>

        <ul className="space-y-3" aria-label="Why people use it">
          {BENEFITS.map((b) => (
            <li key={b} className="flex items-start gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{b}</span>
            </li>
          ))}
        </ul>

        <div className="space-y-2 text-center text-sm text-muted-foreground">
          <p className="font-semibold text-foreground">100% free. No ads.</p>
          <p className="flex flex-wrap justify-center gap-x-4 gap-y-1">
            <a href={feedbackUrl} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4 hover:text-foreground">
              Suggest an idea
            </a>
            <a href={`mailto:${contactEmail}`} className="underline underline-offset-4 hover:text-foreground">
              Contact us
            </a>
            <a href="/disclaimer" className="underline underline-offset-4 hover:text-foreground">
              Privacy and Disclaimer
            </a>
          </p>
        </div>
      </main>
    </div>
  );
}

function requestErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.message.includes("{") ? "Failed to send verification code" : "Network error";
  }
  return "Failed to send verification code. Please try again.";
}
