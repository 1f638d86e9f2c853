// The e-mail's "I did it" page, rendered on the server; only the form and the result it leads to
// run in the browser (components/forms/link-action.tsx).
import { CheckCircle2, PartyPopper, Timer } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { ExerciseList } from "@/components/breaks/exercise-list";
import { LinkProblem, LinkResult } from "@/components/shell/email-link-frame";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { LinkAction, LinkActionError, LinkActionForm } from "@/components/forms/link-action";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { DoneSummary, DoneTitle } from "./done-result";

export type DoneView =
  | {
      kind: "ok";
      token: string;
      slot: number;
      exercises: { name: string; minutes: number; steps: string[] }[];
      durationMinutes: number;
      timeDisplay: string | null;
      alreadyDone: boolean;
    }
  | { kind: "error"; message: string };

export function DoneScreen({ view }: { view: DoneView }) {
  if (view.kind === "error") {
    return <LinkProblem title="This Link Can't Be Used" message={view.message} />;
  }

  const result = (
    <LinkResult
      icon={<PartyPopper className="mx-auto size-12 text-primary" aria-hidden="true" />}
      title={<DoneTitle />}
      details={
        <>
          <DoneSummary />
          <p className="text-sm text-muted-foreground">Counted by mistake? You can undo it on your dashboard.</p>
        </>
      }
    />
  );

  return (
    <LinkAction action={completeBreakFromLink} result={result}>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Your {view.durationMinutes}-Minute Movement Break</h1>
          </CardTitle>
          {view.timeDisplay && <CardDescription>Scheduled for {view.timeDisplay}</CardDescription>}
        </CardHeader>
        <CardContent className="space-y-6">
          <LinkActionError />
          {/* The tap that counts comes first (the review: on a phone it sat under both exercises'
              steps, below the fold, and the page read as instructions, not as a confirmation). */}
          {view.alreadyDone ? (
            // Counted already: no second "I did it"; the dashboard is where it can be undone.
            <div className="space-y-3">
              <p className="flex items-center gap-2 text-sm font-medium text-success">
                <CheckCircle2 className="size-4" aria-hidden="true" /> This break is already counted.
              </p>
              <p className="text-sm text-muted-foreground">Counted by mistake? You can undo it on your dashboard.</p>
              {/* The e-mail link pages' one name for the way to the dashboard (/skip, /snooze say it too). */}
              <IntentLink href="/dashboard" className={buttonVariants({ size: "lg", className: "w-full" })}>
                Open Dashboard
              </IntentLink>
            </div>
          ) : (
            <div className="space-y-3">
              <p className="text-sm">Tap &ldquo;I did it&rdquo; to count this break.</p>
              <LinkActionForm
                token={view.token}
                className={cn(buttonVariants({ size: "lg", className: "w-full" }))}
                label="I did it"
                pendingLabel="Saving..."
              />
              {/* Not done yet? The same break, one exercise at a time with a timer (same token, no
                  sign-in), under the dashboard's name for it. */}
              <IntentLink
                href={`/break/${view.slot}?t=${encodeURIComponent(view.token)}`}
                className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
              >
                <Timer aria-hidden="true" />
                Start Break
              </IntentLink>
            </div>
          )}
          {view.exercises.length > 0 && (
            <section aria-labelledby="done-exercises" className="space-y-3 border-t pt-5">
              <h2 id="done-exercises" className="text-sm font-semibold text-muted-foreground">
                The Exercises
              </h2>
              <ExerciseList exercises={view.exercises} />
            </section>
          )}
        </CardContent>
      </Card>
    </LinkAction>
  );
}
