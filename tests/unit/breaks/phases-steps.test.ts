import { describe, expect, it } from "vitest";
import { phaseAt, phasesOf, READY_MS, timerDurations } from "@/lib/breaks/phases";
import {
  breakSteps,
  breakLeftLabel,
  breakTimeLeft,
  createPlayer,
  exerciseOfLabel,
  hasPreviousStep,
  nextStepLine,
  playerReducer,
  stepDisplay,
  stepIndex,
  type PlayerAction,
  type PlayerState,
} from "@/lib/breaks/phases-steps";
import { breakOutcome, createTimer, doneMs, exerciseElapsed, ranOut, timerReducer } from "@/lib/breaks/timer";

const S = 1000;
const MIN = 60 * S;
const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);

// Get ready 5 s, Set 1 of 4 30 s, Rest 20 s, Set 2 30 s, Rest, Set 3, Rest, Set 4 (3 min); then
// get ready 5 s and one continuous 2 minutes.
const exercises = [
  { name: "Squats", steps: ["4 sets × 12, rest 20 s"], ms: 3 * MIN },
  { name: "March", steps: ["March on the spot."], ms: 2 * MIN },
];
const phases = exercises.map((e) => phasesOf(e, e.ms));
const durations = timerDurations(exercises.map((e) => e.ms));
const names = exercises.map((e) => e.name);
const reduce = playerReducer(phases);

/** Applies the actions in turn, each at T0 + its `at` (ms). */
function play(...actions: [PlayerAction["type"], number][]): PlayerState {
  return actions.reduce<PlayerState>(
    (s, [type, at]) => reduce(s, { type, now: T0 + at } as PlayerAction),
    createPlayer(createTimer(durations, T0)),
  );
}

/** Where the player is: "exercise:label", and the time left in that step (ms). */
function where(s: PlayerState) {
  const pos = phaseAt(phases[s.index]!, exerciseElapsed(s));
  return { at: `${s.index}:${pos.phase.label}`, left: pos.remaining };
}

describe("breakSteps and stepIndex (the one progress bar's segments)", () => {
  it("lays every exercise's steps end to end, each with where it starts in its exercise", () => {
    const steps = breakSteps(phases);
    expect(steps).toHaveLength(10);
    expect(steps.map((s) => `${s.exercise}.${s.phase}:${s.kind}:${s.start / S}+${s.ms / S}`)).toEqual([
      "0.0:ready:0+5",
      "0.1:work:5+30",
      "0.2:rest:35+20",
      "0.3:work:55+30",
      "0.4:rest:85+20",
      "0.5:work:105+30",
      "0.6:rest:135+20",
      "0.7:work:155+30",
      "1.0:ready:0+5",
      "1.1:work:5+120",
    ]);
    expect(stepIndex(phases, 0, 0)).toBe(0);
    expect(stepIndex(phases, 0, 7)).toBe(7);
    expect(stepIndex(phases, 1, 1)).toBe(9);
  });
});

describe("breakTimeLeft (the bar's 'left' line)", () => {
  it("is the whole break before the start, then the current step's rest and every later step", () => {
    expect(breakTimeLeft(phases, null, 0)).toBe(310 * S);
    expect(breakTimeLeft(phases, 0, 0)).toBe(310 * S);
    expect(breakTimeLeft(phases, 0, 2 * S)).toBe(308 * S);
    // Ten seconds into the first rest (it starts 35 s into the break).
    expect(breakTimeLeft(phases, 2, 10 * S)).toBe(265 * S);
    // The next exercise's get ready: only its steps are left.
    expect(breakTimeLeft(phases, 8, 0)).toBe(125 * S);
  });
  it("never counts more of a step than it lasts, nor goes below zero", () => {
    expect(breakTimeLeft(phases, 0, 99 * S)).toBe(305 * S);
    expect(breakTimeLeft(phases, 9, 120 * S)).toBe(0);
    expect(breakTimeLeft(phases, 9, 500 * S)).toBe(0);
    expect(breakTimeLeft(phases, 0, -5 * S)).toBe(310 * S);
  });
});

describe("breakLeftLabel (the line under the bar)", () => {
  it("says the whole break before the start, then the minutes left, to the nearest", () => {
    // Three exercises' get ready (5 s each) do not make a 15-minute break "16 min".
    expect(breakLeftLabel(15 * MIN + 15 * S, false)).toBe("15 min in all");
    expect(breakLeftLabel(15 * MIN, true)).toBe("About 15 min left in this break");
    expect(breakLeftLabel(8 * MIN + 20 * S, true)).toBe("About 8 min left in this break");
    expect(breakLeftLabel(8 * MIN + 31 * S, true)).toBe("About 9 min left in this break");
    expect(breakLeftLabel(MIN + 29 * S, true)).toBe("About 1 min left in this break");
    expect(breakLeftLabel(MIN, true)).toBe("About 1 min left in this break");
    expect(breakLeftLabel(59 * S, true)).toBe("Under a minute left");
    expect(breakLeftLabel(0, true)).toBe("Under a minute left");
  });
});

describe("exerciseOfLabel (which exercise of how many, over its name)", () => {
  it("counts from 1 on a break of more than one exercise, and says nothing on a break of one", () => {
    expect(exerciseOfLabel(0, 2)).toBe("Exercise 1 of 2");
    expect(exerciseOfLabel(1, 2)).toBe("Exercise 2 of 2");
    expect(exerciseOfLabel(2, 3)).toBe("Exercise 3 of 3");
    expect(exerciseOfLabel(0, 1)).toBeNull();
  });
});

describe("nextStepLine (the small 'Next' line)", () => {
  it("names the next step, a rest with its length, the next exercise by name, and the end", () => {
    expect(nextStepLine(phases, names, 0)).toBe("Next: Set 1");
    expect(nextStepLine(phases, names, 1)).toBe("Next: Rest, 20 s");
    expect(nextStepLine(phases, names, 7)).toBe("Next: March");
    expect(nextStepLine(phases, names, 8)).toBe("Next: Go");
    expect(nextStepLine(phases, names, 9)).toBe("Last step");
  });
});

describe("stepDisplay (the step's name and its big number)", () => {
  it("leads a set with reps with the reps; other steps show the time left, a hold as a note", () => {
    expect(stepDisplay(phases[0]![0]!)).toEqual({ name: "Get ready", reps: null, note: null });
    expect(stepDisplay(phases[0]![1]!)).toEqual({ name: "Set 1 of 4", reps: 12, note: null });
    expect(stepDisplay(phases[0]![2]!)).toEqual({ name: "Rest", reps: null, note: null });
    expect(stepDisplay(phases[1]![1]!)).toEqual({ name: "Go", reps: null, note: null });
    const sides = phasesOf({ steps: ["Do 10 reps each side, 2 rounds, rest 10 s."] }, 2 * MIN);
    expect(stepDisplay(sides[2]!)).toEqual({ name: "Round 1 of 2 · Side 2 of 2", reps: 10, note: null });
    const hold = phasesOf({ steps: ["Hold for 20 seconds, then switch sides."] }, 1 * MIN);
    expect(stepDisplay(hold[1]!)).toEqual({ name: "Side 1 of 2", reps: null, note: "Hold 20 s" });
    // One set with reps and a hold: the hold is what to do with them (never a bare "Go").
    const one = phasesOf({ steps: ["Do 10 shoulder rolls, hold 5 seconds at the top."] }, MIN);
    expect(stepDisplay(one[1]!)).toEqual({ name: "Hold 5 s", reps: 10, note: null });
    expect(stepDisplay(phasesOf({ steps: ["Breathe."] }, MIN)[1]!)).toEqual({ name: "Go", reps: null, note: null });
  });
});

describe("Previous Step and Next Step", () => {
  it("has no step before the first, nor before the break starts: Previous Step there does nothing", () => {
    const ready = play();
    expect(hasPreviousStep(phases, ready)).toBe(false);
    expect(reduce(ready, { type: "previousStep", now: T0 + S })).toMatchObject({ status: "ready", index: 0 });
    const started = play(["start", 0]);
    expect(hasPreviousStep(phases, started)).toBe(false);
    const same = reduce(started, { type: "previousStep", now: T0 + 2 * S });
    expect(where(same)).toEqual({ at: "0:Get ready", left: 3 * S }); // its clock not restarted either
    expect(same.status).toBe("running");
  });

  it("Next Step starts the next step with its whole time, and the clock runs on from there", () => {
    const s = play(["start", 0], ["tick", 2 * S], ["nextStep", 2 * S]);
    expect(where(s)).toEqual({ at: "0:Set 1 of 4", left: 30 * S });
    expect(s.status).toBe("running");
    expect(where(reduce(s, { type: "tick", now: T0 + 12 * S }))).toEqual({ at: "0:Set 1 of 4", left: 20 * S });
    expect(hasPreviousStep(phases, s)).toBe(true);
  });

  it("Previous Step goes back one step and restarts its timer, however far into the current step", () => {
    // 10 s into the first rest (5 + 30 + 10).
    let s = play(["start", 0], ["tick", 45 * S]);
    expect(where(s)).toEqual({ at: "0:Rest · 20 s", left: 10 * S });
    s = reduce(s, { type: "previousStep", now: T0 + 45 * S });
    expect(where(s)).toEqual({ at: "0:Set 1 of 4", left: 30 * S });
    // Its clock runs from its start again.
    s = reduce(s, { type: "tick", now: T0 + 50 * S });
    expect(where(s)).toEqual({ at: "0:Set 1 of 4", left: 25 * S });
    s = reduce(s, { type: "previousStep", now: T0 + 50 * S });
    expect(where(s)).toEqual({ at: "0:Get ready", left: 5 * S });
    expect(hasPreviousStep(phases, s)).toBe(false);
  });

  it("keeps a paused break paused, its time standing still, on the step it moved to", () => {
    let s = play(["start", 0], ["tick", 45 * S], ["pause", 45 * S], ["previousStep", 60 * S]);
    expect(s.status).toBe("paused");
    expect(where(s)).toEqual({ at: "0:Set 1 of 4", left: 30 * S });
    s = reduce(s, { type: "tick", now: T0 + 10 * MIN });
    expect(where(s)).toEqual({ at: "0:Set 1 of 4", left: 30 * S });
    s = reduce(s, { type: "nextStep", now: T0 + 10 * MIN });
    expect(where(s)).toEqual({ at: "0:Rest · 20 s", left: 20 * S });
    expect(s.status).toBe("paused");
  });

  it("crosses exercises: Next Step from an exercise's last step is the next one's get ready; Previous Step from there is that last step again, in full", () => {
    // Into the last set (155 s in), 10 s in.
    let s = play(["start", 0], ["tick", 165 * S]);
    expect(where(s)).toEqual({ at: "0:Set 4 of 4", left: 20 * S });
    s = reduce(s, { type: "nextStep", now: T0 + 165 * S });
    expect(s.index).toBe(1);
    expect(where(s)).toEqual({ at: "1:Get ready", left: 5 * S });
    s = reduce(s, { type: "previousStep", now: T0 + 167 * S });
    expect(s.index).toBe(0);
    expect(where(s)).toEqual({ at: "0:Set 4 of 4", left: 30 * S });
    expect(s.status).toBe("running");
  });

  it("Next Step on the break's last step finishes it", () => {
    const s = play(["start", 0], ["tick", 3 * S], ["skip", 3 * S], ["tick", 10 * S], ["nextStep", 10 * S]);
    expect(s.status).toBe("finished");
  });

  it("judges the break by the time really spent: stepped through, it is skipped and never counts on its own", () => {
    let s = play(["start", 0]);
    for (let i = 0; i < 10 && s.status !== "finished"; i++) s = reduce(s, { type: "nextStep", now: T0 + S });
    expect(s.status).toBe("finished");
    expect(doneMs(s, READY_MS)).toBe(0);
    expect(breakOutcome(s, READY_MS)).toBe("skipped");
    expect(ranOut(s)).toBe(false);

    // Next Step to the last set, then the clock runs both exercises out: only the time spent counts
    // for the first (the second ran in full), so it did not run to the end.
    let t = play(["start", 0], ["tick", 10 * S]);
    for (let i = 0; i < 6; i++) t = reduce(t, { type: "nextStep", now: T0 + 10 * S });
    expect(where(t).at).toBe("0:Set 4 of 4");
    t = reduce(t, { type: "tick", now: T0 + 10 * S + 30 * S + durations[1]! });
    expect(t.status).toBe("finished");
    expect(t.done[0]).toBe(40 * S); // 10 s, then the 30 s set
    expect(t.done[1]).toBe(durations[1]);
    expect(ranOut(t)).toBe(false);
    // The plain timer, for comparison, would bank the first in full.
    expect(timerReducer(t, { type: "tick", now: T0 + 20 * MIN }).done[0]).toBe(40 * S);
  });

  it("counts a step done twice once: gone back and run to the end, the break ran its course", () => {
    let s = play(["start", 0], ["tick", 45 * S], ["previousStep", 45 * S]);
    s = reduce(s, { type: "tick", now: T0 + 45 * S + durations[0]! - 5 * S + durations[1]! });
    expect(s.status).toBe("finished");
    expect(s.done).toEqual(durations);
    expect(ranOut(s)).toBe(true);
    expect(breakOutcome(s, READY_MS)).toBe("complete");
  });

  it("keeps what it skipped across a reload (sessionStorage), and restores a run stored before it had steps", () => {
    const s = play(["start", 0], ["tick", 2 * S], ["nextStep", 2 * S], ["nextStep", 2 * S]);
    expect(s.ahead).toBe(33 * S);
    const back = reduce(createPlayer(createTimer(durations, T0)), {
      type: "restore",
      saved: JSON.stringify(s),
      now: T0 + 4 * S,
    });
    expect(where(back)).toEqual({ at: "0:Rest · 20 s", left: 18 * S }); // 2 s into the step
    expect(back.ahead).toBe(33 * S);
    const finished = reduce(back, { type: "finish", now: T0 + 4 * S });
    expect(finished.done[0]).toBe(4 * S);

    const { ahead: _ahead, ...old } = s;
    const restored = reduce(createPlayer(createTimer(durations, T0)), { type: "restore", saved: old, now: T0 + 2 * S });
    expect(restored.ahead).toBe(0);
    expect(where(restored).at).toBe("0:Rest · 20 s");
    // A stored run for other exercises is not restored.
    const other = reduce(createPlayer(createTimer([MIN], T0)), { type: "restore", saved: s, now: T0 });
    expect(other).toMatchObject({ status: "ready", ahead: 0 });
  });

  it("starts over with nothing skipped", () => {
    const s = play(["start", 0], ["nextStep", S], ["restart", 2 * S]);
    expect(s).toMatchObject({ status: "ready", index: 0, ahead: 0 });
  });
});
