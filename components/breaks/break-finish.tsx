"use client";

// The guided break's last screen, by how the break went (lib/breaks/timer.ts breakOutcome): done,
// ended early, or skipped through (never called complete). A break whose timer ran out is counted
// on its own (`auto`), with an Undo; else "Mark as Done" (the app's name for the e-mail's "I did
// it", the same on the dashboard) records the break. Both go with the session, or with the e-mail's
// signed token when opened from the e-mail. Then today's progress, the streak and, when the day's
// goal or a streak milestone is reached, the celebration.
import { CheckCircle2, PartyPopper, RotateCcw, SkipForward, Timer, Undo2 } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  Burst,
  CelebrationAnnouncer,
  Confetti,
  popClass,
  useCelebrationMoment,
} from "@/components/celebrate/celebrate";
import { celebrationText } from "@/components/celebrate/decide";
import { useAction } from "@/components/providers/use-action";
import { Button, buttonVariants } from "@/components/ui/button";
import { completeBreak } from "@/lib/actions/complete-break";
import { completeBreakFromLink } from "@/lib/actions/complete-break-link";
import { undoBreak } from "@/lib/actions/undo-break";
import { undoBreakFromLink } from "@/lib/actions/undo-break-link";
import { unwrap } from "@/components/providers/api-client";
import { errorMessage } from "@/components/providers/api-client";
import { spokenCountdown, type BreakOutcome } from "@/lib/breaks/timer";
import type { FormState } from "@/lib/actions/types";
import type { CompletionView } from "@/lib/breaks/types";
import { CountedSummary } from "./counted-summary";

export type BreakCompletion = { kind: "session"; slot: number; time: string } | { kind: "token"; token: string };

type Result = CompletionView & { alreadyCompleted: boolean };

/** A link page's action called with the e-mail's token, as its form posts it (no session needed). */
async function withToken<T>(action: (prev: object, form: FormData) => Promise<FormState<T>>, token: string) {
  const form = new FormData();
  form.set("token", token);
  const answer = await action({}, form);
  if (answer.ok === undefined) throw new Error("no answer");
  return unwrap(Promise.resolve(answer));
}

async function record(completion: BreakCompletion): Promise<Result> {
  if (completion.kind === "session")
    return { ...(await unwrap(completeBreak(completion.slot))), alreadyCompleted: false };
  return withToken(completeBreakFromLink, completion.token);
}

/** Undo: with the session, or with the same e-mail token (as for counting). */
async function takeBack(completion: BreakCompletion): Promise<CompletionView> {
  if (completion.kind === "session") return unwrap(undoBreak(completion.slot));
  return withToken(undoBreakFromLink, completion.token);
}

/**
 * The app's one name for counting a break (the dashboard's button says the same; the e-mail's is
 * "I did it"): the first count, a count after Undo, and a count after a skipped break alike.
 */
export const COUNT_LABEL = "Mark as Done";

/** The one way back to the app from the break (the privacy page and the 404 say the same). */
const BACK_LABEL = "Back to Dashboard";

/** What the finish screen says for each outcome (the announcer says the same, see use-break-announcer.ts). */
const FINISH = {
  complete: { icon: PartyPopper, title: "Break Complete!" },
  partial: { icon: Timer, title: "Break Ended Early" },
  skipped: { icon: SkipForward, title: "You Skipped This Break" },
} as const;

/** Counts a break once per run that ran out: a reload, or an Undo, must not count it again. */
function firstTime(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
  } catch {
    // storage disabled: counted once per page
  }
  return true;
}

function resultAnnouncement(r: Result): string {
  const completed = Math.min(r.completedToday, r.totalToday);
  const parts = [r.alreadyCompleted ? "Already counted." : "Counted."];
  if (r.totalToday > 0) parts.push(`${completed} of ${r.totalToday} breaks done today.`);
  if (r.trophy) parts.push(`Trophy earned: ${r.trophy}.`);
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
  autoKey,
}: {
  /** Called with the finish screen's heading (it takes the focus when the break ends). */
  ref: (el: HTMLHeadingElement | null) => void;
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
  /**
   * Set when the timer ran out on the whole break (lib/breaks/timer.ts ranOut) and it is not counted
   * yet: the break is counted on its own, once for this key (the run's storage key and end time).
   */
  autoKey?: string;
}) {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const finishedHeading = useRef<HTMLHeadingElement | null>(null);
  // The dashboard is rendered afresh (and refetches) when opened again: nothing to update here.
  const done = useAction(() => record(completion));
  const undo = useAction(() => takeBack(completion));
  /** The count shown (null again after Undo), and whether it was made on its own. */
  const [counted, setCounted] = useState<{ result: Result; auto: boolean } | null>(null);
  // Once counted: the day's goal or a streak milestone, celebrated on this card (once a day).
  const moment = useCelebrationMoment({
    completedToday: counted?.result.completedToday ?? 0,
    totalToday: counted?.result.totalToday ?? 0,
    streakCount: counted?.result.streakCount ?? 0,
    localDate,
  });
  const [undone, setUndone] = useState(false);
  /** The count made on its own: under way, or failed (then Mark as Done is the way). */
  const [auto, setAuto] = useState<"idle" | "counting" | "failed">("idle");

  const runDone = done.run;
  const count = useCallback(
    async (byItself: boolean) => {
      setAuto(byItself ? "counting" : "idle");
      const r = await runDone();
      if (byItself) setAuto(r ? "idle" : "failed");
      if (r) setCounted({ result: r, auto: byItself });
    },
    [runDone],
  );

  const started = useRef(false);
  useEffect(() => {
    if (!autoKey || started.current) return;
    started.current = true;
    if (firstTime(`${autoKey}:counted`)) void count(true);
  }, [autoKey, count]);

  // The button the user pressed is gone (or the break counted itself): put them on the answer, and say it once.
  useEffect(() => {
    if (!counted) return;
    resultHeading.current?.focus();
    onAnnounce(
      (counted.auto && !counted.result.alreadyCompleted ? "Break complete. " : "") + resultAnnouncement(counted.result),
    );
  }, [counted, onAnnounce]);

  const finishedRef = useCallback(
    (el: HTMLHeadingElement | null) => {
      finishedHeading.current = el;
      ref(el);
    },
    [ref],
  );

  const onUndo = async () => {
    if (undo.isPending) return;
    const r = await undo.run();
    if (!r) return;
    setCounted(null);
    setUndone(true);
    onAnnounce("Undone. This break is not counted.");
  };
  // Back on the finish screen after Undo: the focus on its heading.
  useEffect(() => {
    if (undone) finishedHeading.current?.focus();
  }, [undone]);

  if (counted) {
    const r = counted.result;
    const shown = moment.shown;
    const streak = shown?.kind === "streak" ? celebrationText(shown) : null;
    // The day's one celebration is this card itself (a burst and confetti), not a card over it.
    return (
      <section
        aria-labelledby="break-result"
        data-celebration={shown?.kind}
        className={`relative space-y-5 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8 ${shown ? popClass : ""}`}
      >
        {shown && <Confetti />}
        {shown ? (
          <span className="mx-auto flex w-fit">
            <Burst kind={shown.kind} />
          </span>
        ) : (
          <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
        )}
        <h2
          id="break-result"
          ref={resultHeading}
          tabIndex={-1}
          className="text-2xl font-semibold tracking-tight focus:outline-none"
        >
          {r.alreadyCompleted ? "Already Counted!" : "Counted. Nice Work!"}
        </h2>
        {counted.auto && !r.alreadyCompleted && (
          <p className="text-muted-foreground">Your timer ran to the end, so this break is counted for you.</p>
        )}
        <CountedSummary
          completedToday={r.completedToday}
          totalToday={r.totalToday}
          streakCount={r.streakCount}
          milestone={streak?.title}
          trophy={r.trophy}
        />
        {undo.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(undo.error, "Could not undo it. Please try again.")}
          </p>
        )}
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <IntentLink
            href="/dashboard"
            className={buttonVariants({ variant: "outline", size: "lg", className: "w-full sm:w-auto" })}
          >
            {BACK_LABEL}
          </IntentLink>
          {!r.alreadyCompleted && (
            <Button
              type="button"
              variant="ghost"
              size="lg"
              aria-disabled={undo.isPending || undefined}
              onClick={() => void onUndo()}
            >
              <Undo2 aria-hidden="true" />
              {undo.isPending ? "Undoing..." : "Undo"}
            </Button>
          )}
        </div>
        <CelebrationAnnouncer text={moment.announcement} mounted={moment.mounted} />
      </section>
    );
  }

  const { title } = FINISH[outcome];
  // Taken back, the break is no win: the undo arrow, not the party popper.
  const Icon = outcome === "complete" && undone ? Undo2 : FINISH[outcome].icon;
  const skipped = outcome === "skipped";
  // Counting on its own: no button until it fails (then Mark as Done is the way).
  const autoPending = auto === "counting";
  const autoFailed = auto === "failed" && done.isError;
  const countButton = (variant: "default" | "ghost") =>
    autoPending ? (
      <p role="status" className="flex h-14 items-center justify-center text-base font-medium text-muted-foreground">
        Counting your break...
      </p>
    ) : (
      <Button
        type="button"
        size="lg"
        variant={variant}
        className={variant === "default" ? "h-14 text-base" : undefined}
        aria-disabled={done.isPending || undefined}
        onClick={() => {
          if (!done.isPending) void count(false);
        }}
      >
        {done.isPending ? "Saving..." : COUNT_LABEL}
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
        ref={finishedRef}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight focus:outline-none"
      >
        {/* The heading follows what is true now: an undone break is not "complete" any more. */}
        {outcome === "complete" && undone ? "Not Counted Yet" : title}
      </h2>
      <p className="mx-auto max-w-md text-muted-foreground">
        {outcome === "complete" &&
          (undone ? (
            <>Did you do it? Choose {COUNT_LABEL} to count it toward today and your streak.</>
          ) : autoPending ? (
            <>Well done. Counting it towards today&apos;s progress and your streak.</>
          ) : (
            <>Well done. Count it towards today&apos;s progress and your streak.</>
          ))}
        {outcome === "partial" && (
          <>
            You moved for {spokenCountdown(doneMs)} of {spokenCountdown(totalMs)}. Count it if that was your break.
          </>
        )}
        {skipped && (
          <>Nothing is counted. Take it when you&apos;re ready, or count it if you did the moves without the timer.</>
        )}
      </p>
      {alreadyDone && !undone && (
        <p className="flex items-center justify-center gap-2 text-sm font-medium text-primary">
          <CheckCircle2 className="size-4" aria-hidden="true" /> This break is already counted.
        </p>
      )}
      {done.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {autoFailed ? "Your break could not be counted automatically: " : ""}
          {errorMessage(done.error, "Something went wrong. Please try again.")}
          {autoFailed ? ` Choose ${COUNT_LABEL} to count it.` : ""}
        </p>
      )}
      <div className="mx-auto flex max-w-sm flex-col gap-3">
        {skipped ? (
          <>
            {signedIn ? (
              <IntentLink href="/dashboard" className={buttonVariants({ size: "lg", className: "h-14 text-base" })}>
                {BACK_LABEL}
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
                Start Again
              </Button>
            )}
            {countButton("ghost")}
          </>
        ) : (
          <>
            {countButton("default")}
            {onRestart && (
              <Button type="button" variant="ghost" size="lg" onClick={onRestart}>
                <RotateCcw aria-hidden="true" />
                Start Again
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
