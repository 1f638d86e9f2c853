"use client";

import { Volume2, VolumeX, Wind } from "lucide-react";
import { Fragment, type Ref } from "react";
import { ExerciseFigure } from "@/components/figures/exercise-figure";
import { headlineOf, READY_MS, summaryOf, type Phase, type PhasePosition } from "@/lib/breaks/phases";
import { overallProgress, spokenCountdown, type TimerState } from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";
import { BreakControls, CONTROL_BAR_ROOM, KeysAndEnd } from "./break-controls";
import { Countdown } from "./break-countdown";
import { BreakProgress, UpNext } from "./break-progress";
import { PhaseSteps } from "./phase-steps";
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
  /** The current exercise's phases. */
  phases: readonly Phase[];
  run: (command: Command) => void;
  /** Start / Pause / Resume, which takes the focus when the break starts again. */
  primaryRef: Ref<HTMLButtonElement>;
  soundOn: boolean;
  onToggleSound: () => void;
}

/** The phase's name by kind: get ready in amber, rests in sky blue, work in the text colour. */
const LABEL = {
  ready: "text-amber-700 dark:text-amber-300",
  work: "text-foreground",
  rest: "text-sky-700 dark:text-sky-300",
} as const;

/**
 * Sound on or off: a toggle button (aria-pressed) whose words and icon say the state, remembered on
 * this device. The pressed state and the words always agree ("Sound on", pressed).
 */
function SoundToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const Icon = on ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-pressed:border-primary/40 aria-pressed:text-foreground"
    >
      <Icon aria-hidden="true" className="size-4" />
      {on ? "Sound on" : "Sound off"}
    </button>
  );
}

/**
 * What to do now, large, and what goes with it: a set's reps over the set and side, a rest and
 * what is next, or the phase's name (headlineOf).
 */
function PhaseLabel({
  state,
  pos,
  exercise,
  phases,
}: {
  state: TimerState;
  pos: PhasePosition;
  exercise: BreakExercise;
  phases: readonly Phase[];
}) {
  const before = state.status === "ready";
  const { phase } = pos;
  const { title: label, detail } = before
    ? { title: "Ready when you are", detail: summaryOf(exercise, phases) }
    : headlineOf(phase);
  return (
    <div className="min-w-0 space-y-1">
      <p
        data-testid="phase-label"
        data-phase={before ? "before" : phase.kind}
        className={`text-2xl leading-tight font-bold tracking-tight md:text-[1.75rem] ${before ? "text-foreground" : LABEL[phase.kind]}`}
      >
        {label}
      </p>
      {detail && (
        <p data-testid="phase-detail" className="text-base font-medium text-muted-foreground">
          {/* Wrapped only between its parts ("Round 1 of 3 ·" over "Side 1 of 2"), never inside one. */}
          {detail.split(" · ").map((part, i) => (
            <Fragment key={i}>
              {i > 0 && "\u00a0· "}
              <span className="whitespace-nowrap">{part}</span>
            </Fragment>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * A rest between sets in place of the exercise's figure: nothing to copy, a calm circle and what
 * comes next (the phase label beside the countdown says the same to assistive technology).
 */
function RestVisual({ next }: { next: string | null }) {
  return (
    <div
      data-testid="rest-visual"
      aria-hidden="true"
      className="flex w-full flex-col items-center justify-center gap-2 justify-self-center rounded-2xl bg-sky-50 px-6 py-5 text-center [grid-area:figure] md:aspect-square md:gap-3 md:self-start md:p-6 dark:bg-sky-950/40"
    >
      <span className="relative flex size-20 items-center justify-center md:size-28">
        <span className="absolute inset-0 rounded-full bg-sky-200/70 motion-safe:animate-pulse dark:bg-sky-800/50" />
        <Wind className="relative size-10 text-sky-700 md:size-12 dark:text-sky-300" />
      </span>
      <span className="text-2xl font-bold tracking-tight text-sky-900 md:text-3xl dark:text-sky-100">Rest</span>
      <span className="text-base text-muted-foreground">Breathe out slowly, let your arms hang loose.</span>
      {next && <span className="text-lg font-semibold text-foreground">{next}</span>}
    </div>
  );
}

/** The running break: progress, the exercise (figure, phase, countdown, steps), its controls and what comes next. */
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
  const length = (i: number) => durations[i] ?? 0;
  const resting = active && pos.phase.kind === "rest";

  return (
    <section
      aria-labelledby="exercise-name"
      // While it runs or is paused, End Break Now below is the page's one way out (FocusFrame hides Close).
      data-break-active={active || undefined}
      className={`space-y-4 rounded-2xl border bg-card p-4 shadow-sm md:space-y-5 md:p-6 ${CONTROL_BAR_ROOM}`}
    >
      <BreakProgress index={state.index} count={count} pct={pct} />

      {/* Phone (narrower than 768 px): the name, the phase beside its countdown, the step progress
          (a bar and a line), and the figure (at most 40 % of the screen's height; during a rest, the
          rest) on the first screen, the instructions under them, and the controls pinned to the
          bottom of the screen. From md: the figure left; phase and countdown, steps, controls and
          instructions right. Only the controls take focus, so the reading order holds either way. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 [grid-template-areas:'name'_'phase'_'plan'_'figure'_'steps'] md:grid-cols-[18rem_minmax(0,1fr)] md:grid-rows-[auto_auto_auto_auto_1fr] md:gap-x-6 md:gap-y-5 md:[grid-template-areas:'name_name'_'figure_phase'_'figure_plan'_'figure_controls'_'figure_steps']">
        <div className="flex items-start justify-between gap-3 [grid-area:name]">
          <div className="min-w-0">
            <h2 id="exercise-name" className="text-xl font-semibold tracking-tight md:text-2xl">
              {exercise.name}
            </h2>
            <p className="text-sm text-muted-foreground">{spokenCountdown(length(state.index))}</p>
          </div>
          <SoundToggle on={soundOn} onToggle={onToggleSound} />
        </div>
        <div data-testid="phase" className="flex items-center gap-4 [grid-area:phase] md:gap-5">
          <Countdown status={state.status} pos={pos} exerciseMs={length(state.index)} />
          <PhaseLabel state={state} pos={pos} exercise={exercise} phases={phases} />
        </div>
        <PhaseSteps
          phases={phases}
          current={active ? pos.index : null}
          fraction={pos.phase.ms > 0 ? pos.elapsed / pos.phase.ms : 0}
        />
        {resting ? (
          <RestVisual next={pos.phase.detail} />
        ) : (
          <ExerciseFigure
            name={exercise.name}
            moving={state.status === "running"}
            className="aspect-square h-auto w-[min(40dvh,100%,22.5rem)] justify-self-center [grid-area:figure] md:w-full md:self-start"
          />
        )}
        <ol className="list-decimal space-y-1.5 pl-6 text-base leading-relaxed [grid-area:steps] marker:font-semibold marker:text-primary md:space-y-2">
          {exercise.steps.map((step, i) => (
            <li key={`${i}-${step}`}>{step}</li>
          ))}
        </ol>
        <BreakControls status={state.status} run={run} primaryRef={primaryRef} />
      </div>

      {/* A one-exercise break has no "next" and no "last exercise" to speak of. */}
      {count > 1 && <UpNext next={exercises[state.index + 1]} nextMs={length(state.index + 1)} />}

      <KeysAndEnd active={active} onEnd={() => run("finish")} />
    </section>
  );
}
