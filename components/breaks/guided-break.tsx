"use client";

// The guided break: one exercise at a time with its figure (moving only while the break runs), steps
// and a large countdown, pause / resume / skip / back (buttons and keys), overall progress, the next
// exercise, the screen kept on while it runs, a short vibration and one polite announcement at each
// change, then the finish screen, which judges the break by the time really spent on it
// (lib/breaks/timer.ts).
import { Pause, Play, SkipBack, SkipForward, type LucideIcon } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { ExerciseFigure } from "@/components/figures/exercise-figure";
import {
  breakOutcome,
  doneMs,
  durationsOf,
  exerciseElapsed,
  formatCountdown,
  overallProgress,
  remainingMs,
  shortLength,
  spokenCountdown,
  totalMs,
  type TimerState,
} from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";
import { breakButton } from "./break-classes";
import type { BreakCompletion } from "./break-finish";
import { useBreakTimer } from "./use-break-timer";
import { useWakeLock } from "./use-wake-lock";

export interface GuidedBreakProps {
  /** sessionStorage key of this break's run (its local date and slot). */
  storageKey: string;
  /** The break's length in minutes (the user's duration). */
  minutes: number;
  /** The break's local date ("YYYY-MM-DD"): the finish screen's celebration is once a day. */
  localDate: string;
  timeDisplay: string | null;
  exercises: BreakExercise[];
  alreadyDone: boolean;
  completion: BreakCompletion;
  /** Signed in: the finish screen leads back to the dashboard. */
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

// The finish screen (its celebration, its styles and the actions that record the break) is needed
// only once the break ends: fetched when the break starts, out of the page's first JavaScript.
const loadFinish = () => import("./break-finish");
const BreakFinish = lazy(() => loadFinish().then((m) => ({ default: m.BreakFinish })));

/** What the announcer says when the break ends, by how it went (the finish screen shows the same). */
const FINISH_MESSAGES = {
  complete: "Break complete. Well done! Choose I did it to count it.",
  partial: "Break ended early. Choose I did it to count it.",
  skipped: "You skipped this break. It is not counted.",
} as const;

const RING_R = 52;
const RING_C = 2 * Math.PI * RING_R;

function Countdown({ state }: { state: TimerState }) {
  const duration = state.durations[state.index] ?? 0;
  const left = remainingMs(state);
  const done = duration > 0 ? exerciseElapsed(state) / duration : 0;
  return (
    <div className="relative size-40 shrink-0 md:size-64">
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
          className={`motion-safe:transition-[stroke-dashoffset] motion-safe:duration-300 motion-safe:ease-linear ${state.status === "paused" ? "stroke-primary/45" : "stroke-primary"}`}
          strokeDasharray={RING_C}
          strokeDashoffset={RING_C * done}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1">
        <span role="timer" aria-label={`Time left in this exercise: ${spokenCountdown(left)}`} className="text-[2.125rem] leading-none font-bold tracking-tight tabular-nums md:text-6xl">
          {formatCountdown(left)}
        </span>
        <span className="text-xs font-medium text-muted-foreground md:text-sm">
          {state.status === "paused" ? "Paused" : state.status === "ready" ? "Ready when you are" : "left"}
        </span>
      </div>
    </div>
  );
}

/** Back or Skip: an outline button on the break's fixed class string, with its key. */
function StepButton({ onClick, disabled, shortcut, Icon, label }: { onClick: () => void; disabled: boolean; shortcut: string; Icon: LucideIcon; label: string }) {
  return (
    <button type="button" data-slot="button" className={breakButton.step} onClick={onClick} disabled={disabled} aria-keyshortcuts={shortcut}>
      <Icon aria-hidden="true" />
      {label}
    </button>
  );
}

export function GuidedBreak({ storageKey, minutes, localDate, timeDisplay, exercises, alreadyDone, completion, signedIn }: GuidedBreakProps) {
  const [durations] = useState(() => durationsOf(exercises));
  const [state, run] = useBreakTimer(durations, storageKey);
  const [announcement, setAnnouncement] = useState("");
  const primary = useRef<HTMLButtonElement>(null);
  const finishHeading = useRef<HTMLHeadingElement | null>(null);
  // The finish screen may still be loading when the break ends: its heading takes the focus on arrival.
  const focusFinish = useRef(false);
  const onFinishHeading = useCallback((el: HTMLHeadingElement | null) => {
    finishHeading.current = el;
    if (el && focusFinish.current) {
      focusFinish.current = false;
      el.focus();
    }
  }, []);
  const previous = useRef<{ status: TimerState["status"]; index: number } | null>(null);
  const count = exercises.length;
  const exercise = exercises[state.index];
  const next = exercises[state.index + 1];
  const pct = Math.round(overallProgress(state) * 100);
  const active = state.status === "running" || state.status === "paused";
  const length = (i: number) => durations[i] ?? 0;
  const outcome = breakOutcome(state);

  useWakeLock(state.status === "running");
  useEffect(() => {
    if (state.status !== "ready") void loadFinish();
  }, [state.status]);

  // One announcement per change of exercise, pause or finish (never the seconds), a pulse at each
  // new exercise and at the end, and focus kept somewhere sensible when the controls go away.
  useEffect(() => {
    const before = previous.current;
    previous.current = { status: state.status, index: state.index };
    if (!before) return;
    const about = (i: number) => {
      const ex = exercises[i];
      return ex ? `Exercise ${i + 1} of ${count}: ${ex.name}, ${spokenCountdown(durations[i] ?? 0)}.` : "";
    };
    let message = "";
    if (state.status === "finished" && before.status !== "finished") {
      message = FINISH_MESSAGES[breakOutcome(state)];
      buzz([120, 80, 120]);
      if (finishHeading.current) finishHeading.current.focus();
      else focusFinish.current = true;
    } else if (state.status === "ready" && before.status !== "ready") {
      message = "Ready to start again.";
      focusFinish.current = false;
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
  }, [state.status, state.index, exercises, count, durations]);

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
    <div className="mx-auto max-w-3xl space-y-3 md:space-y-5">
      <div>
        <h1 className="text-lg font-bold tracking-tight md:text-2xl">Your {minutes}-minute movement break</h1>
        <p className="text-sm text-muted-foreground md:text-base">
          {timeDisplay ? `Scheduled for ${timeDisplay} · ` : ""}
          {count} {count === 1 ? "exercise" : "exercises"}
        </p>
      </div>

      {state.status === "finished" || !exercise ? (
        <Suspense fallback={null}>
          <BreakFinish
            ref={onFinishHeading}
            completion={completion}
            alreadyDone={alreadyDone}
            signedIn={signedIn}
            outcome={outcome}
            doneMs={doneMs(state)}
            totalMs={totalMs(state)}
            localDate={localDate}
            onRestart={count > 0 ? () => run("restart") : undefined}
            onAnnounce={setAnnouncement}
          />
        </Suspense>
      ) : (
        <section aria-labelledby="exercise-name" className="space-y-4 rounded-2xl border bg-card p-4 shadow-sm md:space-y-6 md:p-6">
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
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300 motion-safe:ease-linear"
                style={{ width: `${pct}%` }}
              />
            </div>
          </div>

          {/* Phone: the name, then the figure beside the countdown, the steps, and the controls (kept
              on screen at the bottom). From md: countdown and controls left; figure, name and steps
              right. Only the controls take focus, so the reading order holds either way. */}
          <div className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-4 [grid-template-areas:'name_name'_'figure_ring'_'steps_steps'_'controls_controls'] md:grid-cols-[16rem_1fr] md:grid-rows-[auto_auto_auto_1fr] md:items-start md:gap-x-8 md:gap-y-3 md:[grid-template-areas:'ring_figure'_'ring_name'_'ring_steps'_'controls_steps']">
            <div className="[grid-area:name] md:self-start">
              <h2 id="exercise-name" className="text-xl font-semibold tracking-tight md:text-2xl">
                {exercise.name}
              </h2>
              <p className="text-sm text-muted-foreground">{spokenCountdown(length(state.index))}</p>
            </div>
            <ExerciseFigure name={exercise.name} moving={state.status === "running"} className="size-32 [grid-area:figure] md:size-36" />
            <div className="justify-self-center [grid-area:ring] md:justify-self-start">
              <Countdown state={state} />
            </div>
            <ol className="list-decimal space-y-1.5 pl-6 text-base leading-relaxed [grid-area:steps] marker:font-semibold marker:text-primary md:space-y-2">
              {exercise.steps.map((step, i) => (
                <li key={`${i}-${step}`}>{step}</li>
              ))}
            </ol>
            <div
              data-testid="break-controls"
              className="sticky bottom-0 z-10 -mx-4 grid grid-cols-[1fr_1.4fr_1fr] gap-3 border-t bg-card/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur [grid-area:controls] md:static md:self-start md:mx-0 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none"
            >
              <StepButton onClick={() => run("back")} disabled={!active} shortcut="ArrowLeft" Icon={SkipBack} label="Back" />
              <button
                ref={primary}
                type="button"
                data-slot="button"
                data-variant="default"
                data-size="default"
                className={breakButton.primary}
                onClick={toggle}
                aria-keyshortcuts="Space"
              >
                {state.status === "running" ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                {state.status === "ready" ? "Start" : state.status === "running" ? "Pause" : "Resume"}
              </button>
              <StepButton onClick={() => run("skip")} disabled={!active} shortcut="ArrowRight" Icon={SkipForward} label="Skip" />
            </div>
          </div>

          <p className="rounded-lg bg-muted px-4 py-3 text-sm">
            {next ? (
              <>
                <span className="font-semibold">Up next:</span> {next.name} · {shortLength(length(state.index + 1))}
              </>
            ) : (
              <>
                <span className="font-semibold">Last exercise.</span> Then you&apos;re done.
              </>
            )}
          </p>

          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* Only where there is a keyboard to speak of: a fine pointer that can hover. */}
            <p data-testid="key-hint" className="hidden text-xs text-muted-foreground [@media(hover:hover)_and_(pointer:fine)]:block">
              Keys: <kbd className="rounded border px-1 font-mono">Space</kbd> pause or resume,{" "}
              <kbd className="rounded border px-1 font-mono">←</kbd> back, <kbd className="rounded border px-1 font-mono">→</kbd> skip
            </p>
            {active && (
              <button
                type="button"
                data-slot="button"
                data-variant="ghost"
                data-size="sm"
                className={breakButton.end}
                onClick={() => run("finish")}
              >
                End break now
              </button>
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
