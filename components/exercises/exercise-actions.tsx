"use client";

// One exercise's controls in a dashboard break (issue 33): "Swap" (a different exercise for the
// same minutes, at most 3 per break a day), "Like" (a heart toggle: liked exercises come back more
// often) and "Not for Me" opening its four reasons (never suggested again), each with its own icon;
// a marked exercise's "Not for Me" shows a filled icon.
// Every result is a toast; every control is a real button with its own name ("Swap Chin Tucks"),
// at least 44 px square, usable with the keyboard (Escape closes the reasons and returns focus).
// No components/ui here: the dashboard row is a client island that keeps its weight down.
import {
  Bandage,
  Check,
  Dumbbell,
  Feather,
  Heart,
  Mountain,
  Shuffle,
  ThumbsDown,
  X,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage, unwrap } from "@/components/providers/api-client";
import { useAction } from "@/components/providers/use-action";
import { showToast } from "@/components/ui/toast";
import { sendExerciseFeedback } from "@/lib/actions/exercise-feedback";
import { swapExercise } from "@/lib/actions/swap-exercise";
import type { BreakExercise } from "@/lib/breaks/types";
import { NOT_FOR_ME_REASONS, REASON_LABELS, type FeedbackVerdict, type NotForMeReason } from "@/lib/exercises/choices";

/** Each reason's icon in the "Not for Me" menu. */
const REASON_ICONS: Record<NotForMeReason, LucideIcon> = {
  hurts: Bandage,
  "no-equipment": Dumbbell,
  "too-easy": Feather,
  "too-hard": Mountain,
};

// On a phone the three share one row as a toolbar (icon over its word), where side by side they
// wrapped "Not for Me" onto a second line; from sm up, icon beside word.
const CONTROL =
  "inline-flex min-h-12 min-w-11 flex-col items-center justify-center gap-0.5 rounded-md border border-input bg-card px-2 text-xs font-medium whitespace-nowrap hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:opacity-60 sm:min-h-11 sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm [&>svg]:size-4 [&>svg]:shrink-0";

export interface ExerciseActionsProps {
  slot: number;
  index: number;
  exercise: BreakExercise;
  /** False once the break is done: its exercises stay what the user did. */
  canSwap: boolean;
  /** The break's exercises after a swap. */
  onSwapped: (exercises: BreakExercise[]) => void;
}

export function ExerciseActions({ slot, index, exercise, canSwap, onSwapped }: ExerciseActionsProps) {
  const name = exercise.name;
  const [verdict, setVerdict] = useState<FeedbackVerdict>("none");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const moreRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const swap = useAction(async () => {
    try {
      const answer = await unwrap(swapExercise({ slot, index }));
      onSwapped(answer.exercises);
      const now = answer.exercises[index]?.name ?? "another exercise";
      showToast({
        title: "Exercise Swapped",
        description: `${name} is now ${now}. ${answer.swapsLeft === 0 ? "No more swaps for this break today." : `${answer.swapsLeft} ${answer.swapsLeft === 1 ? "swap" : "swaps"} left for this break today.`}`,
        variant: "success",
      });
      return answer;
    } catch (error) {
      showToast({
        title: "Couldn't Swap",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
      throw error;
    }
  });

  const mark = useAction(async (next: FeedbackVerdict, reason?: NotForMeReason) => {
    try {
      const answer = await unwrap(sendExerciseFeedback({ name, verdict: next, ...(reason && { reason }) }));
      setVerdict(answer.verdict);
      showToast(
        next === "liked"
          ? { title: "Marked as a Favourite", description: `${name} will come up more often.`, variant: "success" }
          : next === "not-for-me"
            ? {
                title: "Got It",
                description: `We won't suggest ${name} again.${canSwap ? " Swap it to change today's break." : ""}`,
              }
            : { title: "Mark Removed", description: `${name} is back to normal.` },
      );
      return answer;
    } catch (error) {
      showToast({
        title: "Couldn't Save",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
      throw error;
    }
  });

  // The reasons close on Escape (focus back on "⋯") and on a click outside them.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        moreRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panelRef.current?.contains(t) && !moreRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    panelRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const liked = verdict === "liked";
  const notForMe = verdict === "not-for-me";
  const busy = mark.isPending;
  return (
    <div className="relative mt-2 grid auto-cols-fr grid-flow-col gap-2 sm:flex sm:flex-wrap sm:items-center">
      {canSwap && (
        <button
          type="button"
          className={CONTROL}
          aria-label={`Swap ${name}`}
          aria-disabled={swap.isPending || undefined}
          onClick={() => {
            if (!swap.isPending) void swap.run();
          }}
        >
          <Shuffle aria-hidden="true" />
          {swap.isPending ? "Swapping..." : "Swap"}
        </button>
      )}
      <button
        type="button"
        className={CONTROL}
        aria-label={`I like ${name}`}
        aria-pressed={liked}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) void mark.run(liked ? "none" : "liked");
        }}
      >
        <Heart aria-hidden="true" className={liked ? "fill-primary text-primary" : undefined} />
        {/* Words beside the icons: a heart and "⋯" alone left people guessing (the review). */}
        {liked ? "Liked" : "Like"}
      </button>
      <button
        ref={moreRef}
        type="button"
        className={CONTROL}
        aria-label={`Not for Me: ${name}${notForMe ? " (marked)" : ""}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <ThumbsDown aria-hidden="true" className={notForMe ? "fill-muted-foreground" : undefined} />
        Not for Me
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="group"
        aria-label={`Not for Me: why, for ${name}?`}
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-1 w-64 max-w-[calc(100vw-3rem)] rounded-md border bg-popover p-2 text-popover-foreground shadow-md"
      >
        <p className="px-2 pt-1 pb-2 text-sm font-semibold">Not for Me</p>
        <ul className="space-y-1">
          {NOT_FOR_ME_REASONS.map((reason) => {
            const Icon = REASON_ICONS[reason];
            return (
              <li key={reason}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center gap-2 rounded-sm px-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Not for Me: ${REASON_LABELS[reason]}`}
                  onClick={() => {
                    setOpen(false);
                    moreRef.current?.focus();
                    if (!busy) void mark.run("not-for-me", reason);
                  }}
                >
                  <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {REASON_LABELS[reason]}
                </button>
              </li>
            );
          })}
          {notForMe && (
            <li>
              <button
                type="button"
                className="flex min-h-11 w-full items-center gap-2 rounded-sm px-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => {
                  setOpen(false);
                  moreRef.current?.focus();
                  if (!busy) void mark.run("none");
                }}
              >
                <Check className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                Keep Suggesting It
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              className="flex min-h-11 w-full items-center gap-2 rounded-sm px-2 text-left text-sm text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => {
                setOpen(false);
                moreRef.current?.focus();
              }}
            >
              <X className="size-4 shrink-0" aria-hidden="true" />
              Close
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
