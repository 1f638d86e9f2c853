"use client";

// The guided break's last screen, by how the break went (lib/breaks/timer.ts breakOutcome): done,
// ended early, or skipped through (never called complete). "I did it" records the break (with the
// session, or with the e-mail's signed token when opened from the e-mail), then today's progress,
// the streak and, when the day's goal or a streak milestone is reached, the celebration.
import { CheckCircle2, Flame, PartyPopper, RotateCcw, SkipForward, Timer } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useRef, type Ref } from "react";
import { Celebrate } from "@/components/celebrate/celebrate";
import { useAction } from "@/components/providers/use-action";
import { Button, buttonVariants } from "@/components/ui/button";
import { completeBreak } from "@/lib/actions/complete-break";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { unwrap } from "@/components/providers/api-client";
import { errorMessage } from "@/components/providers/api-client";
import { spokenCountdown, type BreakOutcome } from "@/lib/breaks/timer";
import type { CompletionView } from "@/lib/breaks/types";

export type BreakCompletion = { kind: "session"; slot: number; time: string } | { kind: "token"; token: string };

type Result = CompletionView & { alreadyCompleted: boolean };

async function record(completion: BreakCompletion): Promise<Result> {
  if (completion.kind === "session")
    return { ...(await unwrap(completeBreak(completion.slot))), alreadyCompleted: false };
  const form = new FormData();
  form.set("token", completion.token);
  const answer = await completeBreakFromLink({}, form);
  if (answer.ok === undefined) throw new Error("no answer");
  return unwrap(Promise.resolve(answer));
}

/** What the finish screen says for each outcome (the announcer says the same, see use-break-announcer.ts). */
const FINISH = {
  complete: { icon: PartyPopper, title: "Break complete!" },
  partial: { icon: Timer, title: "Break ended early" },
  skipped: { icon: SkipForward, title: "You skipped this break" },
} as const;

function resultAnnouncement(r: Result): string {
  const completed = Math.min(r.completedToday, r.totalToday);
  const parts = [r.alreadyCompleted ? "Already counted." : "Counted."];
  if (r.totalToday > 0) parts.push(`${completed} of ${r.totalToday} breaks done today.`);
  if (r.streakCount > 0) parts.push(`Current streak: ${r.streakCount} ${r.streakCount === 1 ? "day" : "days"}.`);
  return parts.join(" ");
}

export function BreakFinish({
  ref,
  completion,
  alreadyDone,
  signedIn,
  outcome,
  doneMs,
  totalMs,
  localDate,
  onRestart,
  onAnnounce,
}: {
  ref: Ref<HTMLHeadingElement>;
  completion: BreakCompletion;
  alreadyDone: boolean;
  signedIn: boolean;
  outcome: BreakOutcome;
  /** Time really spent on the exercises, and the break's whole length (ms). */
  doneMs: number;
  totalMs: number;
  localDate: string;
  onRestart?: () => void;
  /** Replaces what the break's live region says (its finish message would be stale once counted); keep it stable. */
  onAnnounce: (message: string) => void;
}) {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // The dashboard is rendered afresh (and refetches) when opened again: nothing to update here.
  const done = useAction(() => record(completion));

  // The button the user pressed is gone: put them on the answer, and say it once.
  useEffect(() => {
    if (!done.isSuccess || !done.data) return;
    resultHeading.current?.focus();
    onAnnounce(resultAnnouncement(done.data));
  }, [done.isSuccess, done.data, onAnnounce]);

  if (done.status === "success") {
    const r = done.data;
    const completed = Math.min(r.completedToday, r.totalToday);
    const goal = r.totalToday > 0 && completed >= r.totalToday;
    return (
      <section
        aria-labelledby="break-result"
        className="space-y-5 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8"
      >
        <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h2
          id="break-result"
          ref={resultHeading}
          tabIndex={-1}
          className="text-2xl font-semibold tracking-tight focus:outline-none"
        >
          {r.alreadyCompleted ? "Already counted!" : "Counted. Nice work!"}
        </h2>
        <div className="space-y-4">
          <div className="mx-auto max-w-xs space-y-2">
            <p className="text-lg font-semibold">
              {r.totalToday > 0 ? `${completed} of ${r.totalToday} breaks done today` : "Your break is recorded."}
            </p>
            {r.totalToday > 0 && (
              <div
                role="progressbar"
                aria-label="Today's breaks done"
                aria-valuemin={0}
                aria-valuemax={r.totalToday}
                aria-valuenow={completed}
                className="h-2.5 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${(completed / r.totalToday) * 100}%` }}
                />
              </div>
            )}
          </div>
          {goal && <p className="font-medium">Great job! You&apos;ve reached your daily movement goal.</p>}
          <p className="flex items-center justify-center gap-2">
            <Flame className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {r.streakCount > 0 ? (
              <span>
                Current streak: <span className="font-semibold">{r.streakCount}</span>{" "}
                {r.streakCount === 1 ? "day" : "days"}
              </span>
            ) : (
              <span className="text-muted-foreground">Complete today&apos;s movements to begin your streak!</span>
            )}
          </p>
        </div>
        <IntentLink
          href="/dashboard"
          className={buttonVariants({ variant: "outline", size: "lg", className: "w-full sm:w-auto" })}
        >
          {signedIn ? "Back to dashboard" : "Open dashboard"}
        </IntentLink>
        <Celebrate
          completedToday={r.completedToday}
          totalToday={r.totalToday}
          streakCount={r.streakCount}
          localDate={localDate}
        />
      </section>
    );
  }

  const { icon: Icon, title } = FINISH[outcome];
  const skipped = outcome === "skipped";
  const count = (label: string, variant: "default" | "ghost") => (
    <Button
      type="button"
      size="lg"
      variant={variant}
      className={variant === "default" ? "h-14 text-base" : undefined}
      aria-disabled={done.isPending || undefined}
      onClick={() => {
        if (!done.isPending) void done.run();
      }}
    >
      {done.isPending ? "Saving..." : label}
    </Button>
  );
  return (
    <section
      aria-labelledby="break-finished"
      data-outcome={outcome}
      className="space-y-5 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8"
    >
      <span
        className={`mx-auto flex size-16 items-center justify-center rounded-full ${skipped ? "bg-muted" : "bg-secondary"}`}
      >
        <Icon className={`size-8 ${skipped ? "text-muted-foreground" : "text-primary"}`} aria-hidden="true" />
      </span>
      <h2
        id="break-finished"
        ref={ref}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight focus:outline-none"
      >
        {title}
      </h2>
      <p className="mx-auto max-w-md text-muted-foreground">
        {outcome === "complete" && <>Well done. Count it towards today&apos;s progress and your streak.</>}
        {outcome === "partial" && (
          <>
            You moved for {spokenCountdown(doneMs)} of {spokenCountdown(totalMs)}. Count it if that was your break.
          </>
        )}
        {skipped && (
          <>Nothing is counted. Take it when you&apos;re ready, or count it if you did the moves without the timer.</>
        )}
      </p>
      {alreadyDone && (
        <p className="flex items-center justify-center gap-2 text-sm font-medium text-primary">
          <CheckCircle2 className="size-4" aria-hidden="true" /> This break is already counted.
        </p>
      )}
      {done.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(done.error, "Something went wrong. Please try again.")}
        </p>
      )}
      <div className="mx-auto flex max-w-sm flex-col gap-3">
        {skipped ? (
          <>
            {signedIn ? (
              <IntentLink href="/dashboard" className={buttonVariants({ size: "lg", className: "h-14 text-base" })}>
                Back to today
              </IntentLink>
            ) : null}
            {onRestart && (
              <Button
                type="button"
                variant={signedIn ? "outline" : "default"}
                size="lg"
                className={signedIn ? undefined : "h-14 text-base"}
                onClick={onRestart}
              >
                <RotateCcw aria-hidden="true" />
                Start again
              </Button>
            )}
            {count("I did it anyway", "ghost")}
          </>
        ) : (
          <>
            {count("I did it", "default")}
            {onRestart && (
              <Button type="button" variant="ghost" size="lg" onClick={onRestart}>
                <RotateCcw aria-hidden="true" />
                Do it again
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
