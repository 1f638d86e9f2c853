"use client";

import { shortLength } from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";

/** Which exercise of how many, and how much of the whole break is done. */
export function BreakProgress({ index, count, pct }: { index: number; count: number; pct: number }) {
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2 text-sm font-medium">
        <span>
          Exercise {index + 1} of {count}
        </span>
        <span className="text-muted-foreground">{pct}% done</span>
      </div>
      <div
        role="progressbar"
        aria-label="Break progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`Exercise ${index + 1} of ${count}, ${pct}% of the break done`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear"
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}

/** The next exercise and its length, or that this one is the last. */
export function UpNext({ next, nextMs }: { next: BreakExercise | undefined; nextMs: number }) {
  return (
    <p className="rounded-lg bg-muted px-4 py-3 text-sm">
      {next ? (
        <>
          <span className="font-semibold">Up next:</span> {next.name} · {shortLength(nextMs)}
        </>
      ) : (
        <>
          <span className="font-semibold">Last exercise.</span> Then you&apos;re done.
        </>
      )}
    </p>
  );
}
