"use client";

// The guided break: one exercise at a time with its steps and a large countdown, pause / resume /
// skip / back (buttons and keys), overall progress, the next exercise, the screen kept on while it
// runs, a short vibration and one polite announcement at each change, then "I did it".
import { ArrowLeft, Pause, Play, SkipBack, SkipForward } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  durationsOf,
  exerciseElapsed,
  formatCountdown,
  overallProgress,
  remainingMs,
  spokenCountdown,
  type TimerState,
} from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";
import { cn } from "@/lib/utils";
import { BreakFinish, type BreakCompletion } from "./break-finish";
import { useBreakTimer } from "./use-break-timer";
import { useWakeLock } from "./use-wake-lock";

export interface GuidedBreakProps {
  /** sessionStorage key of this break's run (its local date and slot). */
  storageKey: string;
  /** The break's length in minutes (the user's duration). */
  minutes: number;
  timeDisplay: string | null;
  exercises: BreakExercise[];
  alreadyDone: boolean;
  completion: BreakCompletion;
  /** Signed in (the app's shell is around): link back to the dashboard. */
  signedIn: boolean;
}

/** A short pulse where the device can vibrate (Chrome refuses, noisily, before any user gesture). */
function buzz(pattern: number | number[]) {
  if (typeof navigator === "undefined" || typeof navigator.vibrate !== "function") return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    navigator.vibrate(pattern);
  } catch {
    // unsupported here
  }
}

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && !!target.closest("input, textarea, select, [contenteditable='true']");
}

function isControl(target: EventTarget | null) {
  return target instanceof HTMLElement && !!target.closest("button, a, summary, [role='button'], [role='link']");
}

const RING_R = 52;
const RING_C = 2 * Math.PI * RING_R;

function Countdown({ state }: { state: TimerState }) {
  const duration = state.durations[state.index] ?? 0;
  const left = remainingMs(state);
  const done = duration > 0 ? exerciseElapsed(state) / duration : 0;
  return (
    <div className="relative size-56 shrink-0 sm:size-72">
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
          className={cn(
            "motion-safe:transition-[stroke-dashoffset] motion-safe:duration-300 motion-safe:ease-linear",
            state.status === "paused" ? "stroke-primary/45" : "stroke-primary",
          )}
          strokeDasharray={RING_C}
          strokeDashoffset={RING_C * done}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1">
        <span role="timer" aria-label={`Time left in this exercise: ${spokenCountdown(left)}`} className="text-[3.25rem] leading-none font-bold tracking-tight tabular-nums sm:text-6xl">
          {formatCountdown(left)}
        </span>
        <span className="text-sm font-medium text-muted-foreground">
          {state.status === "paused" ? "Paused" : state.status === "ready" ? "Ready when you are" : "left"}
        </span>
      </div>
    </div>
  );
}

export function GuidedBreak({ storageKey, minutes, timeDisplay, exercises, alreadyDone, completion, signedIn }: GuidedBreakProps) {
  const [durations] = useState(() => durationsOf(exercises));
  const [state, run] = useBreakTimer(durations, storageKey);
  const [announcement, setAnnouncement] = useState("");
  const primary = useRef<HTMLButtonElement>(null);
  const finishHeading = useRef<HTMLHeadingElement>(null);
  const previous = useRef<{ status: TimerState["status"]; index: number } | null>(null);
  const count = exercises.length;
  const exercise = exercises[state.index];
  const next = exercises[state.index + 1];
  const pct = Math.round(overallProgress(state) * 100);
  const active = state.status === "running" || state.status === "paused";

  useWakeLock(state.status === "running");

  // One announcement per change of exercise, pause or finish (never the seconds), a pulse at each
  // new exercise and at the end, and focus kept somewhere sensible when the controls go away.
  useEffect(() => {
    const before = previous.current;
    previous.current = { status: state.status, index: state.index };
    if (!before) return;
    const about = (i: number) => {
      const ex = exercises[i];
      return ex ? `Exercise ${i + 1} of ${count}: ${ex.name}, ${ex.minutes} ${ex.minutes === 1 ? "minute" : "minutes"}.` : "";
    };
    let message = "";
    if (state.status === "finished" && before.status !== "finished") {
      message = "Break complete. Well done! Choose I did it to count it.";
      buzz([120, 80, 120]);
      finishHeading.current?.focus();
    } else if (state.status === "ready" && before.status !== "ready") {
      message = "Ready to start again.";
      primary.current?.focus();
    } else if (state.status === "running" && before.status === "ready") {
      message = `Started. ${about(state.index)}`;
    } else if (state.index !== before.index) {
      message = about(state.index) + (state.status === "paused" ? " Paused." : "");
      buzz(150);
    } else if (state.status === "paused" && before.status === "running") {
      message = "Paused.";
    } else if (state.status === "running" && before.status === "paused") {
      message = "Resumed.";
    }
    // The same words twice in a row would not be read again: vary them invisibly.
    if (message) setAnnouncement((old) => (old === message ? `${message}\u00a0` : message));
  }, [state.status, state.index, exercises, count]);

  const toggle = () => run(state.status === "ready" ? "start" : state.status === "running" ? "pause" : "resume");

  // Space pauses or resumes, the arrows skip and go back; a focused control keeps its own keys.
  useEffect(() => {
    if (state.status === "finished") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || isTyping(e.target)) return;
      if (e.key === " " && !isControl(e.target)) {
        e.preventDefault();
        run(state.status === "ready" ? "start" : state.status === "running" ? "pause" : "resume");
      } else if (e.key === "ArrowRight" && state.status !== "ready") {
        e.preventDefault();
        run("skip");
      } else if (e.key === "ArrowLeft" && state.status !== "ready") {
        e.preventDefault();
        run("back");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [state.status, run]);

  return (
    <div className="mx-auto max-w-3xl space-y-4 sm:space-y-5">
      <div>
        {signedIn && (
          <Link
            href="/dashboard"
            className="mb-1 inline-flex min-h-11 items-center gap-1.5 rounded-md pr-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Today
          </Link>
        )}
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Your {minutes}-minute movement break</h1>
        <p className="text-muted-foreground">
          {timeDisplay ? `Scheduled for ${timeDisplay} · ` : ""}
          {count} {count === 1 ? "exercise" : "exercises"}
        </p>
      </div>

      {state.status === "finished" || !exercise ? (
        <BreakFinish
          ref={finishHeading}
          completion={completion}
          alreadyDone={alreadyDone}
          signedIn={signedIn}
          onRestart={count > 0 ? () => run("restart") : undefined}
        />
      ) : (
        <section aria-labelledby="exercise-name" className="space-y-6 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
          <div className="space-y-2">
            <div className="flex items-baseline justify-between gap-2 text-sm font-medium">
              <span>
                Exercise {state.index + 1} of {count}
              </span>
              <span className="text-muted-foreground">{pct}% done</span>
            </div>
            <div
              role="progressbar"
              aria-label="Break progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              aria-valuetext={`Exercise ${state.index + 1} of ${count}, ${pct}% of the break done`}
              className="h-2.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear"
                style={{ width: `${pct}%` }}
              />
            </div>
          </div>

          {/* Phone: name, countdown, controls, steps, in reading order. From md: countdown left,
              name and steps right, controls across (only the controls take focus, so the order holds). */}
          <div className="grid gap-5 md:grid-cols-[18rem_1fr] md:gap-x-8">
            <div className="text-center md:col-start-2 md:row-start-1 md:self-end md:text-left">
              <h2 id="exercise-name" className="text-2xl font-semibold tracking-tight">
                {exercise.name}
              </h2>
              <p className="text-sm text-muted-foreground">
                {exercise.minutes} {exercise.minutes === 1 ? "minute" : "minutes"}
              </p>
            </div>
            <div className="justify-self-center md:col-start-1 md:row-span-2 md:row-start-1 md:self-center">
              <Countdown state={state} />
            </div>
            <div className="grid grid-cols-[1fr_1.4fr_1fr] gap-3 md:col-span-2 md:row-start-3">
              <Button
                type="button"
                variant="outline"
                className="h-14 flex-col gap-0.5 text-sm sm:flex-row sm:gap-2"
                onClick={() => run("back")}
                disabled={!active}
                aria-keyshortcuts="ArrowLeft"
              >
                <SkipBack aria-hidden="true" />
                Back
              </Button>
              <Button ref={primary} type="button" className="h-14 text-base" onClick={toggle} aria-keyshortcuts="Space">
                {state.status === "running" ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                {state.status === "ready" ? "Start" : state.status === "running" ? "Pause" : "Resume"}
              </Button>
              <Button
                type="button"
                variant="outline"
                className="h-14 flex-col gap-0.5 text-sm sm:flex-row sm:gap-2"
                onClick={() => run("skip")}
                disabled={!active}
                aria-keyshortcuts="ArrowRight"
              >
                <SkipForward aria-hidden="true" />
                Skip
              </Button>
            </div>
            <ol className="list-decimal space-y-2 pl-6 text-base leading-relaxed marker:font-semibold marker:text-primary md:col-start-2 md:row-start-2">
              {exercise.steps.map((step, i) => (
                <li key={`${i}-${step}`}>{step}</li>
              ))}
            </ol>
          </div>

          <p className="rounded-lg bg-muted px-4 py-3 text-sm">
            {next ? (
              <>
                <span className="font-semibold">Up next:</span> {next.name} · {next.minutes} min
              </>
            ) : (
              <>
                <span className="font-semibold">Last exercise.</span> Then you&apos;re done.
              </>
            )}
          </p>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">
              Keys: <kbd className="rounded border px-1 font-mono">Space</kbd> pause or resume,{" "}
              <kbd className="rounded border px-1 font-mono">←</kbd> back, <kbd className="rounded border px-1 font-mono">→</kbd> skip
            </p>
            {active && (
              <Button type="button" variant="ghost" size="sm" className="h-11 text-muted-foreground" onClick={() => run("finish")}>
                End break now
              </Button>
            )}
          </div>
        </section>
      )}

      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="break-announcer">
        {announcement}
      </div>
    </div>
  );
}
