"use client";

import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type Result = { success: boolean; message: string };

export function EmailTestForm() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      const res = await fetch("/api/send-test-email", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      const body = (await res.json()) as Partial<Result>;
      setResult({ success: res.ok && !!body.success, message: body.message ?? `Request failed (${res.status})` });
    } catch {
      setResult({ success: false, message: "An error occurred while sending the test email." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1>Email test</h1>
        </CardTitle>
        <CardDescription>Send a test e-mail to check that messages reach your inbox.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="test-email">Email</Label>
            <Input
              id="test-email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@example.com"
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send Test Email"}
          </Button>
        </form>
        {result && (
          <Alert variant={result.success ? "success" : "destructive"} className="mt-4" role="status">
            <AlertTitle>{result.success ? "Sent" : "Not sent"}</AlertTitle>
            <AlertDescription>{result.message}</AlertDescription>
          </Alert>
        )}
        <p className="mt-4 text-sm text-muted-foreground">
          After sending, check your inbox and your spam folder. Messages can take a minute to arrive.
        </p>
      </CardContent>
    </Card>
  );
}
