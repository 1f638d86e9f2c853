"use client";

// The exercise figure loaded when first drawn (the dashboard's rows open on demand): its movement
// data stays out of the page's first JavaScript. A plain disc holds its place meanwhile.
import { lazy, Suspense } from "react";

const Figure = lazy(() => import("./exercise-figure").then((m) => ({ default: m.ExerciseFigure })));

export function LazyExerciseFigure({
  name,
  className = "",
  loops,
  plays,
}: {
  name: string;
  className?: string;
  loops?: number;
  plays?: number;
}) {
  return (
    <Suspense
      fallback={<span aria-hidden="true" className={`block shrink-0 rounded-full bg-secondary ${className}`} />}
    >
      <Figure name={name} className={className} loops={loops} plays={plays} />
    </Suspense>
  );
}
