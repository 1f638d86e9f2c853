import type { ReactNode } from "react";
import { LazyExerciseFigure } from "@/components/figures/lazy-exercise-figure";
import type { BreakExercise } from "@/lib/breaks/types";

/**
 * A break's exercises with their minutes and steps (the dashboard row, the e-mail's page); the
 * dashboard adds each exercise's controls (Swap, I like this, Not for me) with `actionsFor`.
 */
export function ExerciseList({
  exercises,
  actionsFor,
}: {
  exercises: BreakExercise[];
  actionsFor?: (exercise: BreakExercise, index: number) => ReactNode;
}) {
  return (
    <ol className="space-y-4">
      {exercises.map((ex, i) => (
        <li key={`${ex.name}-${i}`} className="flow-root">
          <LazyExerciseFigure name={ex.name} className="float-right ml-3 size-16 sm:size-20" />
          <p className="font-semibold">
            {/* No-break spaces: "· 5 min" stays with the name's last word, never a dot dangling at a line's end. */}
            {ex.name}
            {"\u00a0"}
            <span className="font-normal text-muted-foreground">{`·\u00a0${ex.minutes}\u00a0min`}</span>
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            {ex.steps.map((s, j) => (
              <li key={`${j}-${s}`}>{s}</li>
            ))}
          </ul>
          {actionsFor?.(ex, i)}
        </li>
      ))}
    </ol>
  );
}
