"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PhasePosition } from "@/lib/breaks/phases";
import { breakOutcome, spokenCountdown, type TimerState } from "@/lib/breaks/timer";
import type { BreakExercise } from "@/lib/breaks/types";
import type { Cue } from "./use-break-cues";

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

/** What the announcer says when the break ends, by how it went (the finish screen shows the same). */
const FINISH_MESSAGES = {
  complete: "Break complete. Well done! Choose Mark as Done to count it.",
  partial: "Break ended early. Choose Mark as Done to count it.",
  skipped: "You skipped this break. It is not counted.",
} as const;

/** What is said when a phase begins: "Set 2 of 4. 12 reps.", "Rest, 20 seconds. Next: Set 3 of 4." */
export function phaseMessage(pos: PhasePosition): string {
  const { phase } = pos;
  if (phase.kind === "ready") return "Get ready.";
  if (phase.kind === "rest") return `Rest, ${spokenCountdown(phase.ms)}.${phase.detail ? ` ${phase.detail}.` : ""}`;
  return `${phase.label}.${phase.detail ? ` ${phase.detail}.` : ""}`;
}

/**
 * The guided break's announcements and what goes with them: the words for the polite live region,
 * a pulse and a sound (`cue`, which follows the sound setting) at each change, and where focus goes.
 * `primary` is the Start / Pause button, `onFinishHeading` the finish screen's heading; `announce`
 * lets the finish screen speak through the same region. `durations` are the exercises' own lengths
 * (without the get-ready countdown), `pos` where the current exercise is in its phases.
 */
export function useBreakAnnouncer(
  state: TimerState,
  exercises: BreakExercise[],
  durations: number[],
  pos: PhasePosition,
  cue: (cue: Cue) => void,
  leadMs = 0,
  /** The break ran out and counts on its own: the finish screen then says it is counted. */
  counting = false,
) {
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
  const previous = useRef<{ status: TimerState["status"]; index: number; phase: number } | null>(null);
  const count = exercises.length;
  const outcome = breakOutcome(state, leadMs);
  const phaseIndex = pos.index;
  // The whole seconds left of the get-ready countdown while it runs (3, 2, 1 tick), else 0.
  const readySecond = state.status === "running" && pos.phase.kind === "ready" ? Math.ceil(pos.remaining / 1000) : 0;
  const posRef = useRef(pos);
  posRef.current = pos;

  // One announcement per change of exercise, phase, pause or finish (never the seconds), a pulse
  // and a sound at each new exercise or phase and at the end, and focus kept somewhere sensible
  // when the controls go away.
  useEffect(() => {
    const before = previous.current;
    previous.current = { status: state.status, index: state.index, phase: phaseIndex };
    if (!before) return;
    const about = (i: number) => {
      const ex = exercises[i];
      return ex ? `Exercise ${i + 1} of ${count}: ${ex.name}, ${spokenCountdown(durations[i] ?? 0)}.` : "";
    };
    let message = "";
    if (state.status === "finished" && before.status !== "finished") {
      message = counting ? "Break complete. Well done! Counting it." : FINISH_MESSAGES[outcome];
      buzz([120, 80, 120]);
      cue("finish");
      if (finishHeading.current) finishHeading.current.focus();
      else focusFinish.current = true;
    } else if (state.status === "ready" && before.status !== "ready") {
      message = "Ready to start again.";
      focusFinish.current = false;
      primary.current?.focus();
    } else if (state.status === "running" && before.status === "ready") {
      message = `Started. ${about(state.index)}`;
    } else if (state.index !== before.index) {
      // Back to an exercise's last step (Previous Step), the step too.
      const step = phaseIndex > 0 ? ` ${phaseMessage(posRef.current)}` : "";
      message = about(state.index) + step + (state.status === "paused" ? " Paused." : "");
      buzz(150);
      cue("tick");
    } else if (phaseIndex !== before.phase && state.status !== "ready") {
      const now = posRef.current;
      message = phaseMessage(now) + (state.status === "paused" ? " Paused." : "");
      buzz(150);
      cue(now.phase.kind === "rest" ? "rest" : now.phase.kind === "work" ? "work" : "tick");
    } else if (state.status === "paused" && before.status === "running") {
      message = "Paused.";
    } else if (state.status === "running" && before.status === "paused") {
      message = "Resumed.";
    }
    // The same words twice in a row would not be read again: vary them invisibly.
    if (message) setAnnouncement((old) => (old === message ? `${message}\u00a0` : message));
    // Re-running for the same exercise and status announces nothing (every branch needs a change).
  }, [state.status, state.index, phaseIndex, outcome, counting, exercises, count, durations, cue]);

  // The get-ready countdown ticks its last three seconds (sound only).
  useEffect(() => {
    if (readySecond >= 1 && readySecond <= 3) cue("tick");
  }, [readySecond, cue]);

  return { announcement, announce: setAnnouncement, primary, onFinishHeading };
}
