"use client";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAction } from "@/components/providers/use-action";
import { api, errorMessage } from "@/lib/api-client";

/** A person following the e-mail's link confirms with one click (scanners never click). */
export function UnsubscribeForm({ token }: { token: string }) {
  const pause = useAction(() => api<{ message: string }>(`/api/unsubscribe?t=${encodeURIComponent(token)}`, { method: "POST" }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Pause reminder e-mails</h1>
        </CardTitle>
        <CardDescription>You will stop receiving movement-break reminders. You can turn them back on in Settings at any time.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {pause.status === "success" ? (
          <Alert variant="success" role="status">
            <AlertTitle>Paused</AlertTitle>
            <AlertDescription>{pause.data.message}</AlertDescription>
          </Alert>
        ) : (
          <>
            {pause.isError && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errorMessage(pause.error, "Something went wrong. Please try again.")}
              </p>
            )}
            <Button className="w-full" disabled={pause.isPending} onClick={() => void pause.run()}>
              {pause.isPending ? "Pausing..." : "Pause my reminder e-mails"}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
