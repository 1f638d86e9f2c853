"use client";

import { CheckCircle2, PartyPopper, Timer } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { ExerciseList } from "@/components/breaks/exercise-list";
import { LinkProblem, LinkResult } from "@/components/shell/email-link-frame";
import { useFormAction } from "@/components/forms/use-form-action";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { completeBreakFromLink, type CompleteLinkState } from "@/lib/actions/complete-break-link";

const IDLE: CompleteLinkState = {};

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
  // A form, so "I did it" works before (or without) the page's scripts too.
  const complete = useFormAction(completeBreakFromLink, IDLE);

  if (view.kind === "error") {
    return <LinkProblem title="This link can't be used" message={view.message} />;
  }

  if (complete.state.ok) {
    const p = complete.state.data;
    const goal = p.totalToday > 0 && p.completedToday >= p.totalToday;
    return (
      <LinkResult icon={<PartyPopper className="mx-auto size-12 text-primary" aria-hidden="true" />} title={p.alreadyCompleted ? "Already counted!" : "Nice work!"}>
        {p.totalToday > 0 ? `${Math.min(p.completedToday, p.totalToday)} of ${p.totalToday} breaks done today.` : "Your break is recorded."}
        {goal ? " You've reached your daily movement goal." : ""}
      </LinkResult>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl">Your {view.durationMinutes}-minute movement break</h1>
        </CardTitle>
        {view.timeDisplay && <CardDescription>Scheduled for {view.timeDisplay}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-6">
        {view.exercises.length > 0 && <ExerciseList exercises={view.exercises} />}
        {complete.state.ok === false && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {complete.state.message}
          </p>
        )}
        {view.alreadyDone ? (
          // Counted already: no second "I did it"; the dashboard is where it can be undone.
          <div className="space-y-3">
            <p className="flex items-center gap-2 text-sm font-medium text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" /> This break is already counted.
            </p>
            <p className="text-sm text-muted-foreground">Counted by mistake? You can undo it on your dashboard.</p>
            <IntentLink href="/dashboard" className={buttonVariants({ size: "lg", className: "w-full" })}>
              Open dashboard
            </IntentLink>
          </div>
        ) : (
          <div className="space-y-3">
            <form {...complete.formProps}>
              <input type="hidden" name="token" value={view.token} />
              <Button type="submit" size="lg" className="w-full" disabled={complete.pending}>
                {complete.pending ? "Saving..." : "I did it"}
              </Button>
            </form>
            {/* Not done yet? The same break, one exercise at a time with a timer (same token, no sign-in). */}
            <IntentLink href={`/break/${view.slot}?t=${encodeURIComponent(view.token)}`} className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
              <Timer aria-hidden="true" />
              Start guided break
            </IntentLink>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
