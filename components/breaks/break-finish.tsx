"use client";

// The guided break's last screen: "I did it" records the break (with the session, or with the
// e-mail's signed token when opened from the e-mail), then today's progress and the streak.
import { CheckCircle2, Flame, PartyPopper, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, type Ref } from "react";
import { useAction } from "@/components/providers/use-action";
import { Button, buttonVariants } from "@/components/ui/button";
import { api, errorMessage } from "@/lib/api-client";
import type { CompletionView, LinkCompletionView } from "@/lib/breaks/types";

export type BreakCompletion = { kind: "session"; slot: number; time: string } | { kind: "token"; token: string };

type Result = CompletionView & { alreadyCompleted: boolean };

async function record(completion: BreakCompletion): Promise<Result> {
  if (completion.kind === "session") {
    const answer = await api<CompletionView>(`/api/user/breaks/${completion.slot}/complete`, { method: "POST" });
    return { ...answer, alreadyCompleted: false };
  }
  return api<LinkCompletionView>("/api/breaks/complete", { body: { token: completion.token } });
}

export function BreakFinish({
  ref,
  completion,
  alreadyDone,
  signedIn,
  onRestart,
}: {
  ref: Ref<HTMLHeadingElement>;
  completion: BreakCompletion;
  alreadyDone: boolean;
  signedIn: boolean;
  onRestart?: () => void;
}) {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // The dashboard is rendered afresh (and refetches) when opened again: nothing to update here.
  const done = useAction(() => record(completion));

  // The button the user pressed is gone: put them on the answer.
  useEffect(() => {
    if (done.isSuccess) resultHeading.current?.focus();
  }, [done.isSuccess]);

  if (done.status === "success") {
    const r = done.data;
    const completed = Math.min(r.completedToday, r.totalToday);
    const goal = r.totalToday > 0 && completed >= r.totalToday;
    return (
      <section aria-labelledby="break-result" className="space-y-5 rounded-xl border bg-card p-6 text-center shadow-sm sm:p-8">
        <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden="true" />
        <h2 id="break-result" ref={resultHeading} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
          {r.alreadyCompleted ? "Already counted!" : "Counted. Nice work!"}
        </h2>
        <div role="status" className="space-y-4">
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
                <div className="h-full rounded-full bg-success" style={{ width: `${(completed / r.totalToday) * 100}%` }} />
              </div>
            )}
          </div>
          {goal && <p className="font-medium">Great job! You&apos;ve reached your daily movement goal.</p>}
          <p className="flex items-center justify-center gap-2">
            <Flame className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {r.streakCount > 0 ? (
              <span>
                Current streak: <span className="font-semibold">{r.streakCount}</span> {r.streakCount === 1 ? "day" : "days"}
              </span>
            ) : (
              <span className="text-muted-foreground">Complete today&apos;s movements to begin your streak!</span>
            )}
          </p>
        </div>
        <Link href="/dashboard" className={buttonVariants({ variant: "outline", size: "lg", className: "w-full sm:w-auto" })}>
          {signedIn ? "Back to dashboard" : "Open dashboard"}
        </Link>
      </section>
    );
  }

  return (
    <section aria-labelledby="break-finished" className="space-y-5 rounded-xl border bg-card p-6 text-center shadow-sm sm:p-8">
      <PartyPopper className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h2 id="break-finished" ref={ref} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
        Break complete!
      </h2>
      <p className="text-muted-foreground">Well done. Count it towards today&apos;s progress and your streak.</p>
      {alreadyDone && (
        <p className="flex items-center justify-center gap-2 text-sm font-medium text-success">
          <CheckCircle2 className="size-4" aria-hidden="true" /> This break is already counted.
        </p>
      )}
      {done.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(done.error, "Something went wrong. Please try again.")}
        </p>
      )}
      <div className="mx-auto flex max-w-sm flex-col gap-3">
        <Button
          type="button"
          size="lg"
          className="h-14 text-base"
          aria-disabled={done.isPending || undefined}
          onClick={() => {
            if (!done.isPending) void done.run();
          }}
        >
          {done.isPending ? "Saving..." : "I did it"}
        </Button>
        {onRestart && (
          <Button type="button" variant="ghost" size="lg" onClick={onRestart}>
            <RotateCcw aria-hidden="true" />
            Do it again
          </Button>
        )}
      </div>
    </section>
  );
}
