// The e-mail's "Remind me in 15 minutes" page, rendered on the server; only the form and the result
// it leads to run in the browser (components/forms/link-action.tsx).
import { AlarmClock } from "lucide-react";
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { LinkProblem, LinkResult, OpenDashboard } from "@/components/shell/email-link-frame";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { snoozeBreak } from "@/lib/actions/snooze-break";
import { cn } from "@/lib/utils";
import { SnoozeSummary, SnoozeTitle } from "./snooze-result";

export type SnoozePageView =
  | { kind: "ok"; token: string; timeDisplay: string; alreadyWaiting: boolean; left: number }
  | { kind: "error"; message: string };

/** One click confirms the snooze (link scanners never click); the dashboard is the way out. */
export function SnoozeForm({ view }: { view: SnoozePageView }) {
  if (view.kind === "error") {
    return <LinkProblem title="This Break Can't Be Snoozed" message={view.message} />;
  }

  const result = (
    <LinkResult
      icon={<AlarmClock className="mx-auto size-12 text-primary" aria-hidden="true" />}
      title={<SnoozeTitle />}
    >
      <SnoozeSummary />
    </LinkResult>
  );

  return (
    <LinkAction action={snoozeBreak} result={result}>
      <Card>
        <CardHeader>
          <CardTitle>
            {/* The heading says where things stand; the button says what it does. */}
            <h1 className="text-2xl">{view.alreadyWaiting ? "Already Snoozed" : "Not a Good Moment to Move?"}</h1>
          </CardTitle>
          <CardDescription>
            {view.alreadyWaiting
              ? `A reminder for your ${view.timeDisplay} break is already on its way.`
              : `We'll e-mail your ${view.timeDisplay} break again in about 15 minutes. You can do this ${view.left === 1 ? "once more" : "twice"} for this break.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <LinkActionError />
          <LinkActionForm
            token={view.token}
            className={cn(buttonVariants({ size: "lg", className: "w-full" }))}
            label={view.alreadyWaiting ? "Check My Reminder" : "Remind Me in 15 Minutes"}
            pendingLabel="Saving..."
          />
          <OpenDashboard stacked />
        </CardContent>
      </Card>
    </LinkAction>
  );
}
