// The reminder e-mail's "Not today" page, rendered on the server; only the form and the result
// it leads to run in the browser (components/forms/link-action.tsx).
import { CalendarOff } from "lucide-react";
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { LinkProblem, LinkResult, OpenDashboard } from "@/components/shell/email-link-frame";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { skipBreakFromLink } from "@/lib/actions/skip-break-link";
import { cn } from "@/lib/utils";
import { SkipSummary } from "./skip-result";

export type SkipPageView =
  { kind: "ok"; token: string; timeDisplay: string; skipped: boolean } | { kind: "error"; message: string };

/** One click confirms the skip (link scanners never click); the dashboard is the way out. */
export function SkipForm({ view }: { view: SkipPageView }) {
  if (view.kind === "error") {
    return <LinkProblem title="This Break Can't Be Skipped" message={view.message} />;
  }

  const result = (
    <LinkResult
      icon={<CalendarOff className="mx-auto size-12 text-primary" aria-hidden="true" />}
      title="Skipped for Today"
    >
      <SkipSummary />
    </LinkResult>
  );

  if (view.skipped) {
    return (
      <LinkResult
        icon={<CalendarOff className="mx-auto size-12 text-primary" aria-hidden="true" />}
        title="Already Skipped"
      >
        Your {view.timeDisplay} break is skipped for today. Your streak is safe.
      </LinkResult>
    );
  }

  return (
    <LinkAction action={skipBreakFromLink} result={result}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Not Today?</h1>
          </CardTitle>
          <CardDescription>
            Skip your {view.timeDisplay} break for today: no more reminders for it, and your streak stays safe. Your
            other breaks go on as planned.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <LinkActionError />
          <LinkActionForm
            token={view.token}
            className={cn(buttonVariants({ size: "lg", className: "w-full" }))}
            label="Not Today"
            pendingLabel="Saving..."
          />
          <OpenDashboard stacked />
        </CardContent>
      </Card>
    </LinkAction>
  );
}
