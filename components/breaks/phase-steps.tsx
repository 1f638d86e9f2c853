"use client";

import { Check } from "lucide-react";
import { stepName, type Phase } from "@/lib/breaks/phases";

/** The current step by kind: get ready in amber, rests in sky blue, work in the brand colour. */
const CURRENT = {
  ready: "border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50",
  work: "border-primary bg-primary text-primary-foreground",
  rest: "border-sky-500 bg-sky-100 text-sky-950 dark:bg-sky-900/60 dark:text-sky-50",
} as const;

/**
 * The exercise step by step (get ready, each set, each rest), as small chips: the current one
 * filled and marked aria-current="step", the ones done muted with a tick. Before the break starts,
 * none is current.
 */
export function PhaseSteps({ phases, current }: { phases: readonly Phase[]; current: number | null }) {
  if (phases.length < 2) return null;
  return (
    <ol
      aria-label="Steps of this exercise"
      data-testid="phase-steps"
      className="flex flex-wrap gap-1.5 [grid-area:plan]"
    >
      {phases.map((phase, i) => {
        const state = current === null || i > current ? "next" : i < current ? "past" : "current";
        return (
          <li
            key={`${i}-${phase.label}`}
            aria-current={state === "current" ? "step" : undefined}
            data-state={state}
            className={`inline-flex h-8 shrink-0 items-center gap-1 rounded-full border px-3 text-sm whitespace-nowrap ${
              state === "current"
                ? `font-semibold shadow-sm ${CURRENT[phase.kind]}`
                : state === "past"
                  ? "border-transparent bg-muted/70 text-muted-foreground"
                  : "bg-background text-foreground"
            }`}
          >
            {state === "past" && <Check aria-hidden="true" className="size-3.5" />}
            {stepName(phase)}
            {state === "past" && <span className="sr-only"> (done)</span>}
          </li>
        );
      })}
    </ol>
  );
}
