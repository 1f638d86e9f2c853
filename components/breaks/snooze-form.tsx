"use client";

import { AlarmClock } from "lucide-react";
import { LinkProblem, LinkResult } from "@/components/shell/email-link-frame";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { snoozeBreak, type SnoozeState } from "@/lib/actions/snooze-break";

const IDLE: SnoozeState = {};

export type SnoozePageView =
  | { kind: "ok"; token: string; timeDisplay: string; alreadyWaiting: boolean; left: number }
  | { kind: "error"; message: string };

/** One click confirms the snooze (link scanners never click). */
export function SnoozeForm({ view }: { view: SnoozePageView }) {
  // A form, so the snooze works before (or without) the page's scripts too.
  const snooze = useFormAction(snoozeBreak, IDLE);

  if (view.kind === "error") {
    return <LinkProblem title="This break can't be snoozed" message={view.message} />;
  }

  if (snooze.state.ok) {
    const s = snooze.state.data;
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
          {/* The heading says where things stand; the button says what it does. */}
          <h1 className="text-2xl">{view.alreadyWaiting ? "Already snoozed" : "Not a good moment to move?"}</h1>
        </CardTitle>
        <CardDescription>
          {view.alreadyWaiting
            ? `A reminder for your ${view.timeDisplay} break is already on its way.`
            : `We'll e-mail your ${view.timeDisplay} break again in about 15 minutes. You can do this ${view.left === 1 ? "once more" : "twice"} for this break.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {snooze.state.ok === false && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {snooze.state.message}
          </p>
        )}
        <form {...snooze.formProps}>
          <input type="hidden" name="token" value={view.token} />
          <Button type="submit" size="lg" className="w-full" disabled={snooze.pending}>
            {snooze.pending ? "Saving..." : view.alreadyWaiting ? "Check my reminder" : "Remind me in 15 minutes"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
