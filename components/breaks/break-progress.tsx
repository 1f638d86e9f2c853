"use client";

import type { Phase } from "@/lib/breaks/phases";
import { breakLeftLabel, breakSteps } from "@/lib/breaks/phases-steps";

/** Each kind's colour: get ready in amber, rests in sky blue, work in the brand colour. */
const FILL = { ready: "bg-amber-500", work: "bg-primary", rest: "bg-sky-500" } as const;
/** The current step's unfilled part: a pale track ringed in its colour. */
const TRACK = {
  ready: "bg-amber-500/25 ring-amber-500",
  work: "bg-primary/20 ring-primary",
  rest: "bg-sky-500/25 ring-sky-500",
} as const;

/**
 * The player's one progress bar: the whole break, step by step (every exercise's get ready, sets
 * and rests, each as long as its time, a wider gap between exercises), always on one line however
 * many steps. Steps done are filled in their colour, the current one stands out (taller, ringed,
 * filling as it runs), the ones to come are grey; before the start none is current. One
 * progressbar to assistive technology: how much of the break is done, and which step of how many.
 * Under it, how long the break has left ("About 9 min left in this break"): the segments alone did
 * not say what they counted (second outside review).
 */
export function BreakProgress({
  phases,
  current,
  fraction,
  pct,
  valueText,
  leftMs,
}: {
  phases: readonly (readonly Phase[])[];
  /** The current step among all the break's steps; null before the break starts. */
  current: number | null;
  /** How much of the current step is done (0 to 1). */
  fraction: number;
  /** How much of the break's exercise time is done, 0-100. */
  pct: number;
  valueText: string;
  /** How long the break has left (before the start: all of it). */
  leftMs: number;
}) {
  const steps = breakSteps(phases);
  const many = steps.length > 60 ? 2 : steps.length > 30 ? 1 : 0;
  // However many steps (three exercises of twenty sets each side), the bar fits a phone's width:
  // the gaps and each step's least width shrink first.
  const gap = [3, 2, 1][many]!;
  const least = [8, 4, 2][many]!;
  // The current step never a dot, however short (a get ready of 5 s in a 15-minute break).
  const currentLeast = [20, 12, 6][many]!;
  return (
    <div className="min-w-0 space-y-1 [grid-area:bar]">
      <div
        role="progressbar"
        aria-label="Break progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={valueText}
        data-testid="break-progress"
        className="flex h-4 min-w-0 items-center"
        style={{ gap }}
      >
        {steps.map((step, i) => {
          const state = current === null || i > current ? "next" : i < current ? "past" : "current";
          const look =
            state === "current"
              ? `h-4 ring-2 ring-inset ${TRACK[step.kind]}`
              : state === "past"
                ? `h-2 ${FILL[step.kind]}`
                : "h-2 bg-muted-foreground/20";
          return (
            <span
              key={`${step.exercise}-${step.phase}`}
              aria-hidden="true"
              data-state={state}
              data-kind={step.kind}
              data-exercise={step.exercise}
              className={`relative overflow-hidden rounded-full ${look}`}
              style={{
                flex: `${step.ms} 1 0%`,
                minWidth: state === "current" ? currentLeast : least,
                marginLeft: i > 0 && step.exercise !== steps[i - 1]!.exercise ? gap + 2 : undefined,
              }}
            >
              {state === "current" && (
                <span
                  className={`absolute inset-y-0 left-0 rounded-full motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear ${FILL[step.kind]}`}
                  style={{ width: `${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%` }}
                />
              )}
            </span>
          );
        })}
      </div>
      {/* Hidden from assistive technology: the progressbar's value text says the same. Minutes only,
          and no step count: the step's own countdown is the big number below. */}
      <p aria-hidden="true" data-testid="break-progress-caption" className="text-xs text-muted-foreground">
        {breakLeftLabel(leftMs, current !== null)}
      </p>
    </div>
  );
}
