"use client";

import { useMutation } from "@tanstack/react-query";
import { LockKeyhole, ShieldAlert } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, ApiError } from "@/lib/api-client";
import { showToast } from "@/lib/toast";

const ERROR_ID = "admin-code-error";

/** Spec section 8: the server's message, else 'Invalid admin code'; 404 and other failures have their own text. */
export function unlockErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return "Owner console access error. Please contact support.";
    return error.serverMessage || "Invalid admin code";
  }
  return "Wrong code";
}

export function UnlockForm() {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const unlock = useMutation({
    mutationFn: (value: string) => api<{ success: boolean; message: string }>("/api/verify-admin", { body: { code: value } }),
    onSuccess: () => {
      showToast({
        title: "Owner Console Unlocked",
        description: "You now have access to the admin dashboard.",
        variant: "success",
      });
      // Client navigation keeps the toast on screen; /admin checks the new grant on the server.
      router.replace("/admin");
    },
    onError: (e) => {
      setCode("");
      setError(unlockErrorText(e));
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (unlock.isPending) return;
    if (code.trim() === "") {
      setError("Please enter the admin code");
      return;
    }
    setError(null);
    unlock.mutate(code);
  }

  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Owner Console</h1>
        <p className="text-muted-foreground">Enter the admin code to manage users and read the audit log.</p>
      </div>

      {/* A standing notice, not a live alert. */}
      <Alert role="note">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Restricted area</AlertTitle>
        <AlertDescription>This area is restricted to the product owner. All actions are logged.</AlertDescription>
      </Alert>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <LockKeyhole className="size-5 text-primary" aria-hidden="true" />
              Unlock the console
            </h2>
          </CardTitle>
          <CardDescription>Access lasts 8 hours, or until you log out of the console.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <div className="space-y-2">
              <Label htmlFor="admin-code">Admin Code</Label>
              <Input
                id="admin-code"
                name="admin-code"
                type="password"
                autoComplete="off"
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ERROR_ID : undefined}
              />
              {error && (
                <p id={ERROR_ID} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              )}
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={unlock.isPending || unlock.isSuccess}>
              {unlock.isPending ? "Verifying" : "Unlock Console"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
