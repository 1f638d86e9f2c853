"use client";

import { BellOff } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pauseEmails, type PauseEmailsState } from "@/lib/actions/pause-emails";

const IDLE: PauseEmailsState = {};

/** "e-mails" never splits at its hyphen ("e- / mails") when a heading wraps. */
const EMAILS = <span className="whitespace-nowrap">e-mails</span>;

/** The one way back, said once, with its link. */
function TurnBackOn() {
  return (
    <>
      You can turn them back on in{" "}
      <IntentLink href="/settings" className="font-medium text-primary underline underline-offset-4">
        Settings
      </IntentLink>{" "}
      at any time.
    </>
  );
}

/** A person following the e-mail's link confirms with one click (scanners never click). */
export function UnsubscribeForm({ token }: { token: string }) {
  // A form, so it works before (or without) the page's scripts too.
  const pause = useFormAction(pauseEmails, IDLE);

  if (pause.state.ok) {
    return (
      <Card className="text-center" role="status">
        <CardHeader className="items-center">
          <BellOff className="mx-auto size-12 text-primary" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-2xl">Reminder {EMAILS} are paused</h1>
          </CardTitle>
          <CardDescription>
            Your breaks stay in the app. <TurnBackOn />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <IntentLink href="/dashboard" className={buttonVariants({ variant: "outline" })}>
            Open dashboard
          </IntentLink>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Pause reminder {EMAILS}</h1>
        </CardTitle>
        <CardDescription>
          You will stop receiving movement-break reminders. <TurnBackOn />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
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
      </CardContent>
    </Card>
  );
}
