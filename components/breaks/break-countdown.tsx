"use client";

import type { PhasePosition } from "@/lib/breaks/phases";
import { formatCountdown, spokenCountdown, type TimerState } from "@/lib/breaks/timer";

const RING_R = 52;
const RING_C = 2 * Math.PI * RING_R;

/** The ring's colour by phase: work in the brand colour, get ready in amber, rests in sky blue. */
const RING = { ready: "stroke-amber-500", work: "stroke-primary", rest: "stroke-sky-500" } as const;

/**
 * The current phase's time left, large, in a ring that empties as it runs, in one format for every
 * phase (mm:ss: the get-ready "00:05" as a set's "00:36"). Before the break starts, the exercise's
 * whole length. In a set with reps the reps are what to do (the heading beside it says them): the
 * time is said to be for them, not a count to wait out.
 */
export function Countdown({
  status,
  pos,
  exerciseMs,
}: {
  status: TimerState["status"];
  pos: PhasePosition;
  /** The exercise's own length (shown before the break starts). */
  exerciseMs: number;
}) {
  const before = status === "ready";
  const { phase } = pos;
  const left = before ? exerciseMs : pos.remaining;
  const done = before || phase.ms <= 0 ? 0 : pos.elapsed / phase.ms;
  return (
    <div className="relative size-32 shrink-0 md:size-40">
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={RING_R} fill="none" strokeWidth="8" className="stroke-muted" />
        <circle
          data-ring="progress"
          cx="60"
          cy="60"
          r={RING_R}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          // Smooth between ticks, unless the user asked for less motion.
          className={`motion-safe:transition-[stroke-dashoffset] motion-safe:duration-300 motion-safe:ease-linear ${before ? "stroke-primary" : RING[phase.kind]} ${status === "paused" ? "opacity-45" : ""}`}
          strokeDasharray={RING_C}
          strokeDashoffset={RING_C * done}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1">
        <span
          role="timer"
          aria-label={
            before
              ? `Length of this exercise: ${spokenCountdown(left)}`
              : `Time left in this ${phase.kind === "ready" ? "countdown" : phase.kind === "rest" ? "rest" : "set"}: ${spokenCountdown(left)}`
          }
          className="text-[1.75rem] leading-none font-bold tracking-tight tabular-nums md:text-[2.125rem]"
        >
          {formatCountdown(left)}
        </span>
        <span className="text-xs font-medium text-muted-foreground md:text-sm">
          {status === "paused"
            ? "Paused"
            : before
              ? "in all"
              : phase.kind === "work" && phase.reps !== null
                ? "for the reps"
                : "left"}
        </span>
      </div>
    </div>
  );
}
