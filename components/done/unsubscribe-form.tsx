"use client";

import { useFormAction } from "@/components/forms/use-form-action";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pauseEmails, type PauseEmailsState } from "@/lib/actions/pause-emails";

const IDLE: PauseEmailsState = {};

/** A person following the e-mail's link confirms with one click (scanners never click). */
export function UnsubscribeForm({ token }: { token: string }) {
  // A form, so it works before (or without) the page's scripts too.
  const pause = useFormAction(pauseEmails, IDLE);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Pause reminder e-mails</h1>
        </CardTitle>
        <CardDescription>You will stop receiving movement-break reminders. You can turn them back on in Settings at any time.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {pause.state.ok ? (
          <Alert variant="success" role="status">
            <AlertTitle>Paused</AlertTitle>
            <AlertDescription>{pause.state.data.message}</AlertDescription>
          </Alert>
        ) : (
          <form {...pause.formProps} className="space-y-4">
            <input type="hidden" name="token" value={token} />
            {pause.state.ok === false && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {pause.state.message}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={pause.pending}>
              {pause.pending ? "Pausing..." : "Pause my reminder e-mails"}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
