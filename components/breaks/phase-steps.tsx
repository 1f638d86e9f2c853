"use client";

import { stepLine, stepName, type Phase } from "@/lib/breaks/phases";

/** Each kind's colour: get ready in amber, rests in sky blue, work in the brand colour (as the ring). */
const FILL = { ready: "bg-amber-500", work: "bg-primary", rest: "bg-sky-500" } as const;
/** The current step's unfilled part: a pale track outlined in its colour (so a short step reads as current, not done or to come). */
const TRACK = {
  ready: "bg-amber-500/20 ring-amber-500",
  work: "bg-primary/20 ring-primary",
  rest: "bg-sky-500/20 ring-sky-500",
} as const;

/**
 * The exercise step by step (get ready, each set, each rest) as a segmented bar that always fits
 * one line, however many steps: done segments filled, the current one taller, outlined and filling
 * as it runs, the ones to come grey; rests and get ready narrower than work. Under it one line, "Step 3
 * of 9" and what comes next. Screen readers get an ordered list (each step's name, "done", and
 * aria-current="step" on the current one) and the same line; the phase changes themselves are
 * announced once, by the break's live region. Before the break starts, none is current.
 */
export function PhaseSteps({
  phases,
  current,
  fraction,
}: {
  phases: readonly Phase[];
  current: number | null;
  /** How much of the current step is done (0 to 1). */
  fraction: number;
}) {
  if (phases.length < 2) return null;
  const { step, next } = stepLine(phases, current);
  // Many steps (20 sets, each side) still fit a phone's width: the gaps shrink first.
  const gap = phases.length > 24 ? "gap-0.5" : "gap-1";
  return (
    <div data-testid="phase-steps" className="min-w-0 space-y-1.5 [grid-area:plan]">
      <ol aria-label="Steps of this exercise" className={`flex h-3 items-center ${gap}`}>
        {phases.map((phase, i) => {
          const state = current === null || i > current ? "next" : i < current ? "past" : "current";
          const grow = phase.kind === "work" ? "flex-[3_1_0%]" : "flex-[1_1_0%]";
          const look =
            state === "current"
              ? `h-3 ring-1 ring-inset ${TRACK[phase.kind]}`
              : state === "past"
                ? `h-2 ${FILL[phase.kind]}`
                : "h-2 bg-muted-foreground/25";
          return (
            <li
              key={`${i}-${phase.label}`}
              aria-current={state === "current" ? "step" : undefined}
              data-state={state}
              data-kind={phase.kind}
              className={`relative min-w-0 overflow-hidden rounded-full ${grow} ${look}`}
            >
              {state === "current" && (
                <span
                  aria-hidden="true"
                  className={`absolute inset-y-0 left-0 rounded-full motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear ${FILL[phase.kind]}`}
                  style={{ width: `${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%` }}
                />
              )}
              <span className="sr-only">
                {stepName(phase)}
                {state === "past" ? " (done)" : ""}
              </span>
            </li>
          );
        })}
      </ol>
      <p data-testid="step-line" className="flex min-w-0 items-baseline justify-between gap-3 text-sm">
        <span className="shrink-0 font-medium">{step}</span>
        {next && (
          <span className="min-w-0 truncate text-muted-foreground">
            <span className="sr-only">, </span>
            {next}
          </span>
        )}
      </p>
    </div>
  );
}
