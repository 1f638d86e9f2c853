"use client";

// The guided break, coached: one exercise at a time with its large figure (moving only while the
// break runs) and steps, split into phases read from the exercise itself (lib/breaks/phases.ts):
// a get-ready countdown, then sets or rounds with rests between them, each step with its big number
// (the reps, or the time left). Previous Step / Pause / Next Step (buttons and keys; on a phone
// pinned to the bottom of the screen, lib/breaks/phases-steps.ts), one progress bar for the whole
// break, the next step named, the screen kept on while it runs; at each change a short beep (if
// sound is on), a vibration and one polite announcement; then the finish screen, which judges the break by the time really spent on its
// exercises, get-ready seconds left out (lib/breaks/timer.ts), and counts it on its own when the
// timer ran out on every exercise.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { phaseAt, phasesOf, READY_MS, timerDurations } from "@/lib/breaks/phases";
import { breakOutcome, doneMs, durationsOf, exerciseElapsed, ranOut, totalMs } from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";
import type { BreakCompletion } from "./break-finish";
import { ExerciseView } from "./exercise-view";
import { useBreakAnnouncer } from "./use-break-announcer";
import { playCue, primeAudio, useSoundSetting, type Cue } from "./use-break-cues";
import { useBreakKeys } from "./use-break-keys";
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

// The finish screen (its celebration, its styles and the actions that record the break) is needed
// only once the break ends: fetched when the break starts, out of the page's first JavaScript.
const loadFinish = () => import("./break-finish");
const BreakFinish = lazy(() => loadFinish().then((m) => ({ default: m.BreakFinish })));

export function GuidedBreak({
  storageKey,
  minutes,
  localDate,
  timeDisplay,
  exercises,
  alreadyDone,
  completion,
  signedIn,
}: GuidedBreakProps) {
  // Each exercise's own length (its planned minutes), and the timer's: get ready on top.
  const [durations] = useState(() => durationsOf(exercises));
  const [timed] = useState(() => timerDurations(durations));
  const phases = useMemo(() => exercises.map((e, i) => phasesOf(e, durations[i] ?? 0)), [exercises, durations]);
  const [state, dispatch] = useBreakTimer(timed, storageKey, phases);
  const count = exercises.length;
  const exercise = exercises[state.index];
  const pos = phaseAt(phases[state.index] ?? [], exerciseElapsed(state));

  const [soundOn, toggleSound] = useSoundSetting();
  const cue = useCallback(
    (c: Cue) => {
      if (soundOn) playCue(c);
    },
    [soundOn],
  );
  // Every command comes from a click or a key: the moment browsers let audio start.
  const run = useCallback<typeof dispatch>(
    (command) => {
      if (soundOn) primeAudio();
      dispatch(command);
    },
    [dispatch, soundOn],
  );

  useWakeLock(state.status === "running");
  useEffect(() => {
    if (state.status !== "ready") void loadFinish();
  }, [state.status]);
  // The timer ran out on the whole break (nothing skipped): it counts on its own, once per run.
  const autoKey =
    ranOut(state) && !alreadyDone && state.finishedAt !== null ? `${storageKey}:${state.finishedAt}` : undefined;
  const { announcement, announce, primary, onFinishHeading } = useBreakAnnouncer(
    state,
    exercises,
    durations,
    pos,
    cue,
    READY_MS,
    !!autoKey,
  );
  useBreakKeys(state.status, run);
  const active = state.status === "running" || state.status === "paused";

  return (
    <div className="mx-auto max-w-3xl space-y-3 md:space-y-5">
      {/* On a phone the running break has the screen to itself: the page's title is for screen readers then. */}
      <div className={active ? "max-md:sr-only" : undefined}>
        <h1 className="text-lg font-bold tracking-tight md:text-2xl">Your {minutes}-Minute Movement Break</h1>
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
            outcome={breakOutcome(state, READY_MS)}
            doneMs={doneMs(state, READY_MS)}
            totalMs={totalMs(state, READY_MS)}
            localDate={localDate}
            onRestart={count > 0 ? () => run("restart") : undefined}
            onAnnounce={announce}
            autoKey={autoKey}
          />
        </Suspense>
      ) : (
        <ExerciseView
          state={state}
          exercise={exercise}
          exercises={exercises}
          durations={durations}
          pos={pos}
          phases={phases}
          run={run}
          primaryRef={primary}
          soundOn={soundOn}
          onToggleSound={toggleSound}
        />
      )}

      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="break-announcer">
        {announcement}
      </div>
    </div>
  );
}
