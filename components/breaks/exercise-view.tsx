"use client";

import { HeartPulse, Volume2, VolumeX, Wind } from "lucide-react";
import type { Ref } from "react";
import { ExerciseFigure } from "@/components/figures/exercise-figure";
import { READY_MS, stepName, summaryOf, type Phase, type PhasePosition } from "@/lib/breaks/phases";
import {
  breakLeftLabel,
  breakTimeLeft,
  exerciseOfLabel,
  hasPreviousStep,
  nextStepLine,
  stepIndex,
} from "@/lib/breaks/phases-steps";
import { overallProgress, type TimerState } from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";
import { BreakControls, CONTROL_BAR_ROOM, EndBreak, KeyHint } from "./break-controls";
import { StepNow } from "./break-countdown";
import { BreakProgress } from "./break-progress";
import type { Command } from "./use-break-timer";

export interface ExerciseViewProps {
  state: TimerState;
  /** The exercise at `state.index`. */
  exercise: BreakExercise;
  exercises: BreakExercise[];
  /** Each exercise's own length in ms (get ready left out). */
  durations: number[];
  /** Where the current exercise is in its phases. */
  pos: PhasePosition;
  /** Every exercise's phases. */
  phases: readonly (readonly Phase[])[];
  run: (command: Command) => void;
  /** Start / Pause / Resume, which takes the focus when the break starts again. */
  primaryRef: Ref<HTMLButtonElement>;
  soundOn: boolean;
  onToggleSound: () => void;
}

/**
 * Sound on or off: a toggle button (aria-pressed) whose words and icon say the state, remembered on
 * this device. The pressed state and the words always agree ("Sound On", pressed); on a phone the
 * icon alone shows, the words are for assistive technology.
 */
function SoundToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const Icon = on ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className="inline-flex size-11 shrink-0 items-center justify-center gap-1.5 rounded-full border text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-pressed:border-primary/40 aria-pressed:text-foreground md:w-auto md:px-3.5"
    >
      <Icon aria-hidden="true" className="size-5 md:size-4" />
      <span className="max-md:sr-only">{on ? "Sound On" : "Sound Off"}</span>
    </button>
  );
}

/**
 * The figure's size: the phone's width, or less where the screen is short, so all of the running
 * break fits on it (before the start, the page's title above it too). While it runs the header row
 * also holds End Break Now, so a name of some 20 letters takes two lines there, under "Exercise 1 of
 * 2": room for that is kept (at 375×812 the figure is as wide as the screen either way; at 320×568
 * it is 8rem).
 */
const STAGE = {
  active:
    "aspect-square h-auto w-[min(100%,max(8rem,calc(100dvh-27rem)))] justify-self-center [grid-area:figure] md:w-full md:self-start",
  before:
    "aspect-square h-auto w-[min(100%,max(10rem,calc(100dvh-29rem)))] justify-self-center [grid-area:figure] md:w-full md:self-start",
};

/**
 * A rest between sets in place of the exercise's figure, as large: nothing to copy, a calm circle
 * and how to rest (the step's name under it says "Rest", and to assistive technology too).
 */
function RestVisual() {
  return (
    <div
      data-testid="rest-visual"
      aria-hidden="true"
      className={`flex flex-col items-center justify-center gap-3 rounded-full bg-sky-50 p-8 text-center dark:bg-sky-950/40 ${STAGE.active}`}
    >
      <span className="relative flex size-20 items-center justify-center md:size-24">
        <span className="absolute inset-0 rounded-full bg-sky-200/70 motion-safe:animate-pulse dark:bg-sky-800/50" />
        <Wind className="relative size-10 text-sky-700 md:size-12 dark:text-sky-300" />
      </span>
      <span className="max-w-[14rem] text-lg text-sky-900 dark:text-sky-100">
        Breathe out slowly, let your arms hang loose.
      </span>
    </div>
  );
}

/**
 * The player: its header row (which exercise of how many over the exercise's name, on a break of
 * more than one; the sound switch; while it runs or is paused, End Break Now), the break's one
 * progress bar, the figure (during a rest, the rest), the step and its big number with the next step
 * small, the controls, and how to do the exercise. Phone (narrower than 768 px): all but the
 * instructions on the first screen, the figure as large as it fits, the controls pinned to the
 * bottom under the thumb. From md: the figure left; the step, its number, the controls and the
 * instructions right. Only the header's two buttons and the controls take focus, in that order (top
 * to bottom), so the reading order holds either way.
 */
export function ExerciseView({
  state,
  exercise,
  exercises,
  durations,
  pos,
  phases,
  run,
  primaryRef,
  soundOn,
  onToggleSound,
}: ExerciseViewProps) {
  const count = exercises.length;
  const pct = Math.round(overallProgress(state, READY_MS) * 100);
  const active = state.status === "running" || state.status === "paused";
  const resting = active && pos.phase.kind === "rest";
  const mine = phases[state.index] ?? [];
  const current = stepIndex(phases, state.index, pos.index);
  const total = phases.reduce((a, p) => a + p.length, 0);
  const names = exercises.map((e) => e.name);
  const which = exerciseOfLabel(state.index, count);
  const leftMs = breakTimeLeft(phases, active ? current : null, pos.elapsed);
  const valueText = active
    ? `Step ${current + 1} of ${total}: ${stepName(pos.phase)}, ${exercise.name}${count > 1 ? ` (exercise ${state.index + 1} of ${count})` : ""}. ${pct}% of the break done. ${breakLeftLabel(leftMs, true)}.`
    : `${total} steps, ${pct}% of the break done.`;

  return (
    <section
      aria-labelledby="exercise-name"
      // While it runs or is paused, the header row's End Break Now is the one way out (FocusFrame hides Close).
      data-break-active={active || undefined}
      className={`space-y-4 md:space-y-5 md:rounded-2xl md:border md:bg-card md:p-6 md:shadow-sm ${CONTROL_BAR_ROOM}`}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 [grid-template-areas:'name'_'bar'_'figure'_'now'_'keys'_'steps'] md:grid-cols-[18rem_minmax(0,1fr)] md:grid-rows-[auto_auto_auto_auto_auto_1fr] md:gap-x-8 md:gap-y-4 md:[grid-template-areas:'name_name'_'bar_bar'_'figure_now'_'figure_controls'_'figure_keys'_'figure_steps']">
        <div className="flex items-center gap-2 [grid-area:name] md:gap-3">
          <div className="min-w-0 flex-1">
            {which && (
              <p data-testid="exercise-of" className="text-xs font-semibold text-muted-foreground md:text-sm">
                {which}
              </p>
            )}
            <h2 id="exercise-name" className="text-xl font-semibold tracking-tight md:text-2xl">
              {exercise.name}
            </h2>
          </div>
          <SoundToggle on={soundOn} onToggle={onToggleSound} />
          {active && <EndBreak onEnd={() => run("finish")} />}
        </div>
        <BreakProgress
          phases={phases}
          current={active ? current : null}
          fraction={pos.phase.ms > 0 ? pos.elapsed / pos.phase.ms : 0}
          pct={pct}
          valueText={valueText}
          leftMs={leftMs}
        />
        {resting ? (
          <RestVisual />
        ) : (
          <ExerciseFigure
            name={exercise.name}
            moving={state.status === "running"}
            className={active ? STAGE.active : STAGE.before}
          />
        )}
        <StepNow
          status={state.status}
          pos={pos}
          exerciseMs={durations[state.index] ?? 0}
          summary={summaryOf(exercise, mine)}
          next={nextStepLine(phases, names, current)}
        />
        <BreakControls
          status={state.status}
          run={run}
          canGoBack={hasPreviousStep(phases, state)}
          primaryRef={primaryRef}
        />
        <KeyHint />
        <div className="space-y-2 [grid-area:steps] max-md:pt-4">
          <h3 className="text-base font-semibold">How to Do It</h3>
          <ol className="list-decimal space-y-1.5 pl-6 text-base leading-relaxed marker:font-semibold marker:text-primary md:space-y-2">
            {exercise.steps.map((step, i) => (
              <li key={`${i}-${step}`}>{step}</li>
            ))}
          </ol>
          {/* Where the user moves, not only on the privacy page (the disclaimer's first rule, short). */}
          <p className="flex items-center gap-1.5 pt-1 text-sm text-muted-foreground">
            <HeartPulse className="size-4 shrink-0" aria-hidden="true" />
            Stop if anything hurts or feels wrong.
          </p>
        </div>
      </div>
    </section>
  );
}
