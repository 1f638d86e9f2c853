"use client";

import { Fragment } from "react";
import type { PhasePosition } from "@/lib/breaks/phases";
import { stepDisplay } from "@/lib/breaks/phases-steps";
import { formatCountdown, spokenCountdown, type TimerState } from "@/lib/breaks/timer";

/** The step's name by kind: get ready in amber, rests in sky blue, work in the text colour. */
const NAME = {
  ready: "text-amber-700 dark:text-amber-300",
  work: "text-foreground",
  rest: "text-sky-700 dark:text-sky-300",
} as const;

/** Wrapped only between its parts ("Round 1 of 3 ·" over "Side 1 of 2"), never inside one. */
function Parts({ text }: { text: string }) {
  return text.split(" · ").map((part, i) => (
    <Fragment key={i}>
      {i > 0 && "\u00a0· "}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}

/**
 * What to do now: the step's name, and under it its big number: the reps of a set with reps (its
 * time then only bounds them, and is said smaller under them), else the time left, in one format for
 * every step (mm:ss: the get-ready "00:05" as a set's "00:36"). Then the next step, small. Before the
 * break starts, "Ready when you are", the exercise's whole length and its plan in a line.
 */
export function StepNow({
  status,
  pos,
  exerciseMs,
  summary,
  next,
}: {
  status: TimerState["status"];
  pos: PhasePosition;
  /** The exercise's own length (shown before the break starts). */
  exerciseMs: number;
  /** The exercise's plan in a line ("3 rounds · 12 reps · each side"), before the start. */
  summary: string | null;
  /** The next step ("Next: Rest, 10 s"). */
  next: string;
}) {
  const before = status === "ready";
  const paused = status === "paused";
  const { phase } = pos;
  const left = before ? exerciseMs : pos.remaining;
  const shown = before ? { name: "Ready when you are", reps: null, note: null } : stepDisplay(phase);
  const timer = (
    <span
      role="timer"
      aria-label={
        before
          ? `Length of this exercise: ${spokenCountdown(left)}`
          : `Time left in this ${phase.kind === "ready" ? "countdown" : phase.kind === "rest" ? "rest" : "set"}: ${spokenCountdown(left)}`
      }
      className="tabular-nums"
    >
      {formatCountdown(left)}
    </span>
  );
  const under = paused
    ? "Paused"
    : before
      ? "in all"
      : shown.reps !== null
        ? "left for the reps"
        : (shown.note ?? "left");
  return (
    <div
      data-testid="phase"
      data-phase={before ? "before" : phase.kind}
      className="flex min-w-0 flex-col items-center gap-1 text-center [grid-area:now] md:items-start md:text-left"
    >
      <p
        data-testid="phase-label"
        className={`text-xl leading-tight font-semibold tracking-tight md:text-2xl ${before ? "text-foreground" : NAME[phase.kind]}`}
      >
        <Parts text={shown.name} />
      </p>
      <p
        data-testid="phase-number"
        className={`text-6xl leading-none font-bold tracking-tight tabular-nums md:text-7xl ${paused ? "text-muted-foreground" : ""}`}
      >
        {shown.reps !== null ? (
          <>
            {shown.reps}
            <span className="text-3xl font-semibold md:text-4xl"> reps</span>
          </>
        ) : (
          timer
        )}
      </p>
      <p data-testid="phase-detail" className="text-base font-medium text-muted-foreground">
        {shown.reps !== null ? (
          <>
            {timer} <span>{under}</span>
          </>
        ) : (
          <Parts text={under} />
        )}
      </p>
      {(before ? summary : next) && (
        <p data-testid="next-step" className="mt-1 text-sm text-muted-foreground">
          {before ? summary : next}
        </p>
      )}
    </div>
  );
}
