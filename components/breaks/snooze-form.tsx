"use client";

import { AlarmClock } from "lucide-react";
import { LinkProblem, LinkResult } from "@/components/shell/email-link-frame";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAction } from "@/components/providers/use-action";
import { api, errorMessage } from "@/lib/api-client";
import type { SnoozeView } from "@/lib/reminders/snooze";

export type SnoozePageView =
  | { kind: "ok"; token: string; timeDisplay: string; alreadyWaiting: boolean; left: number }
  | { kind: "error"; message: string };

/** One click confirms the snooze (link scanners never click). */
export function SnoozeForm({ view }: { view: SnoozePageView }) {
  const snooze = useAction((token: string) => api<SnoozeView>("/api/breaks/snooze", { body: { token } }));

  if (view.kind === "error") {
    return <LinkProblem title="This break can't be snoozed" message={view.message} />;
  }

  if (snooze.status === "success") {
    const s = snooze.data;
    return (
      <LinkResult icon={<AlarmClock className="mx-auto size-12 text-primary" aria-hidden="true" />} title={`See you at ${s.remindAtDisplay}`}>
        We&apos;ll e-mail your {s.timeDisplay} break again in about 15 minutes.
        {s.remaining === 0 ? " That's the last reminder for this break." : ""}
      </LinkResult>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Remind me in 15 minutes</h1>
        </CardTitle>
        <CardDescription>
          {view.alreadyWaiting
            ? `A reminder for your ${view.timeDisplay} break is already on its way.`
            : `We'll e-mail your ${view.timeDisplay} break again in about 15 minutes. You can do this ${view.left === 1 ? "once more" : "twice"} for this break.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {snooze.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(snooze.error, "Something went wrong. Please try again.")}
          </p>
        )}
        <Button size="lg" className="w-full" disabled={snooze.isPending} onClick={() => void snooze.run(view.token)}>
          {snooze.isPending ? "Saving..." : view.alreadyWaiting ? "Check my reminder" : "Remind me in 15 minutes"}
        </Button>
      </CardContent>
    </Card>
  );
}
