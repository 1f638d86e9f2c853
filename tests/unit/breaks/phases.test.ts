import { describe, expect, it } from "vitest";
import { EXERCISES } from "@/lib/exercises/library/exercises";
import { planExercise } from "@/lib/exercises/library/select";
import {
  doseOf,
  phaseAt,
  phasesOf,
  READY_MS,
  stepName,
  summaryOf,
  timerDurations,
  type Phase,
} from "@/lib/breaks/phases";
import { breakOutcome, createTimer, doneMs, exerciseElapsed, timerReducer, totalMs } from "@/lib/breaks/timer";

const S = 1000;
const MIN = 60 * S;
const sum = (phases: readonly Phase[]) => phases.reduce((a, p) => a + p.ms, 0);
const shape = (phases: readonly Phase[]) => phases.map((p) => `${p.label}:${p.ms / S}`);

describe("doseOf", () => {
  it("reads sets, reps and rest from an AI exercise's shorthand", () => {
    expect(doseOf(["Squats: 4 sets × 12, rest 20 s."])).toEqual({
      sets: 4,
      unit: "Set",
      restSeconds: 20,
      reps: 12,
      holdSeconds: null,
      sides: false,
    });
  });

  it("reads the library's dose sentences", () => {
    expect(
      doseOf(["Drive through your heels to stand tall. Do 12.", "Do 3 sets in all, resting 30 seconds between them."]),
    ).toMatchObject({ sets: 3, unit: "Set", restSeconds: 30, reps: 12 });
    expect(doseOf(["Look away.", "Pick a different distant object each time, 4 times in all."])).toMatchObject({
      sets: 4,
      unit: "Round",
      restSeconds: 0,
    });
    expect(doseOf(["Do that twice in all."])).toMatchObject({ sets: 2 });
    expect(doseOf(["Do 2 rounds of this, with a few easy breaths between them."])).toMatchObject({
      sets: 2,
      unit: "Round",
      restSeconds: 10,
    });
    expect(doseOf(["Breathe normally for half a minute between rounds, and do 3 rounds in all."])).toMatchObject({
      sets: 3,
      restSeconds: 30,
    });
  });

  it("reads holds, sides and reps written in words, and counts 'Repeat 15 times' as reps, not rounds", () => {
    expect(doseOf(["Hold for 20 seconds, breathing slowly, then switch sides."])).toMatchObject({
      sets: 1,
      holdSeconds: 20,
      sides: true,
    });
    expect(doseOf(["Do three sets of ten reps each side."])).toMatchObject({ sets: 3, reps: 10, sides: true });
    expect(doseOf(["Lift your toes, then lower. Repeat 15 times."])).toMatchObject({ sets: 1, reps: 15 });
  });

  it("finds nothing in a continuous exercise", () => {
    expect(doseOf(["March on the spot for 2 minutes.", "Swing your arms."])).toEqual({
      sets: 1,
      unit: "Round",
      restSeconds: 0,
      reps: null,
      holdSeconds: null,
      sides: false,
    });
  });
});

describe("phasesOf", () => {
  it("turns '4 sets × 12, rest 20 s' into get ready, then set, rest, set ... and keeps the planned length", () => {
    const phases = phasesOf({ steps: ["Chair squats: 4 sets × 12, rest 20 s."] }, 3 * MIN);
    // 180 s: 3 rests of 20 s, 4 sets of 30 s.
    expect(shape(phases)).toEqual([
      "Get ready:5",
      "Set 1 of 4:30",
      "Rest · 20 s:20",
      "Set 2 of 4:30",
      "Rest · 20 s:20",
      "Set 3 of 4:30",
      "Rest · 20 s:20",
      "Set 4 of 4:30",
    ]);
    expect(phases.map((p) => p.kind)).toEqual(["ready", "work", "rest", "work", "rest", "work", "rest", "work"]);
    expect(phases[1]!.detail).toBe("12 reps");
    expect(phases[2]!.detail).toBe("Next: Set 2 of 4");
    expect(sum(phases)).toBe(READY_MS + 3 * MIN);
    expect(summaryOf({ steps: ["4 sets × 12, rest 20 s"] }, phases)).toBe("4 sets · 12 reps · 20 s rest");
  });

  it("gives the last set what whole seconds leave over, so the total is exact", () => {
    const phases = phasesOf({ steps: ["Do 3 rounds, resting 20 seconds between them."] }, 2 * MIN);
    // 120 - 40 = 80 s of work: 26, 26 and 28.
    expect(shape(phases)).toEqual([
      "Get ready:5",
      "Round 1 of 3:26",
      "Rest · 20 s:20",
      "Round 2 of 3:26",
      "Rest · 20 s:20",
      "Round 3 of 3:28",
    ]);
    expect(sum(phases) - READY_MS).toBe(2 * MIN);
  });

  it("is one continuous stretch of work when the steps name no sets", () => {
    const phases = phasesOf({ steps: ["March on the spot.", "Swing your arms."] }, 2 * MIN);
    expect(shape(phases)).toEqual(["Get ready:5", "Go:120"]);
    expect(summaryOf({ steps: ["March on the spot."] }, phases)).toBeNull();
  });

  it("splits a one-sided move into its two sides", () => {
    const phases = phasesOf({ steps: ["Hold for 20 seconds, then switch sides."] }, 1 * MIN);
    expect(shape(phases)).toEqual(["Get ready:5", "Side 1 of 2:30", "Side 2 of 2:30"]);
    expect(phases[1]!.detail).toBe("Hold 20 s");
    const sets = phasesOf({ steps: ["Do 2 sets of 8 each side, rest 10 s."] }, 2 * MIN);
    expect(shape(sets)).toEqual([
      "Get ready:5",
      "Set 1 of 2:27",
      "Set 1 of 2:28",
      "Rest · 10 s:10",
      "Set 2 of 2:27",
      "Set 2 of 2:28",
    ]);
    expect(sets[1]!.detail).toBe("Side 1 of 2 · 8 reps");
    expect(sum(sets) - READY_MS).toBe(2 * MIN);
  });

  it("shortens rests, then drops sets, when the time is too short for them", () => {
    // 10 sets with 30 s rests cannot fit in a minute: rests halve until each set has 10 s.
    const phases = phasesOf({ steps: ["10 sets, rest 30 s"] }, 1 * MIN);
    for (const p of phases.filter((x) => x.kind === "work")) expect(p.ms).toBeGreaterThanOrEqual(10 * S);
    expect(sum(phases) - READY_MS).toBe(1 * MIN);
    expect(phases.filter((x) => x.kind === "work").length).toBeLessThan(10);
  });

  it("keeps every library exercise, as a plan gives it, to exactly its planned minutes", () => {
    for (const e of EXERCISES) {
      for (let m = 2; m <= e.maxMinutes; m++) {
        const planned = planExercise(e, m);
        const phases = phasesOf(planned, m * MIN);
        expect(sum(phases) - READY_MS, `${e.id} at ${m} min`).toBe(m * MIN);
        expect(
          phases.every((p) => p.ms > 0 && p.ms % S === 0),
          `${e.id} at ${m} min`,
        ).toBe(true);
        const work = phases.filter((p) => p.kind === "work");
        expect(work.length).toBeGreaterThan(0);
      }
    }
  });

  it("numbers a library exercise's sets as its plan says", () => {
    const squats = EXERCISES.find((e) => e.id === "chair-squats")!;
    const planned = planExercise(squats, 4); // 240 / 80: 3 sets, 30 s rests
    expect(planned.steps.at(-1)).toBe("Do 3 sets in all, resting 30 seconds between them.");
    const phases = phasesOf(planned, 4 * MIN);
    expect(phases.map((p) => p.label)).toEqual([
      "Get ready",
      "Set 1 of 3",
      "Rest · 30 s",
      "Set 2 of 3",
      "Rest · 30 s",
      "Set 3 of 3",
    ]);
    expect(phases[1]!.detail).toBe("12 reps");
  });
});

describe("stepName (the step list of the coached break)", () => {
  it("names each phase in a word or two, sides kept apart", () => {
    const sets = phasesOf({ steps: ["Do 3 sets of 10 squats, resting 20 seconds between them."] }, 3 * 60_000);
    expect(sets.map(stepName)).toEqual(["Get ready", "Set 1", "Rest", "Set 2", "Rest", "Set 3"]);
    const sides = phasesOf({ steps: ["Do 2 rounds, each side, with a few easy breaths between them."] }, 3 * 60_000);
    expect(sides.map(stepName)).toEqual([
      "Get ready",
      "Round 1 · Side 1",
      "Round 1 · Side 2",
      "Rest",
      "Round 2 · Side 1",
      "Round 2 · Side 2",
    ]);
    expect(phasesOf({ steps: ["Stretch each side slowly."] }, 60_000).map(stepName)).toEqual([
      "Get ready",
      "Side 1",
      "Side 2",
    ]);
    expect(phasesOf({ steps: ["Breathe."] }, 60_000).map(stepName)).toEqual(["Get ready", "Go"]);
  });
});

describe("phaseAt", () => {
  const phases = phasesOf({ steps: ["4 sets × 12, rest 20 s"] }, 3 * MIN);
  it("finds the phase and its time left from the exercise's elapsed time", () => {
    expect(phaseAt(phases, 0)).toMatchObject({ index: 0, remaining: 5 * S, elapsed: 0 });
    expect(phaseAt(phases, 4_999)).toMatchObject({ index: 0, remaining: 1 });
    expect(phaseAt(phases, 5 * S)).toMatchObject({ index: 1, remaining: 30 * S });
    expect(phaseAt(phases, 36 * S).phase.label).toBe("Rest · 20 s");
    expect(phaseAt(phases, 36 * S).remaining).toBe(19 * S);
    expect(phaseAt(phases, 55 * S).phase.label).toBe("Set 2 of 4");
    expect(phaseAt(phases, READY_MS + 3 * MIN + 1)).toMatchObject({ index: 7, remaining: 0 });
  });
});

describe("the timer with phases", () => {
  const exercises = [
    { steps: ["4 sets × 12, rest 20 s"], ms: 3 * MIN },
    { steps: ["March on the spot."], ms: 2 * MIN },
  ];
  const phases = exercises.map((e) => phasesOf(e, e.ms));
  const durations = timerDurations(exercises.map((e) => e.ms));
  const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);
  const where = (s: ReturnType<typeof createTimer>) =>
    `${s.index}:${phaseAt(phases[s.index]!, exerciseElapsed(s)).phase.label}`;

  it("runs ready → set 1 → rest → set 2 … → the next exercise's get ready, from elapsed wall-clock time", () => {
    let s = timerReducer(createTimer(durations, T0), { type: "start", now: T0 });
    const seen: string[] = [where(s)];
    for (let t = 1000; t <= durations[0]! + durations[1]! + 1000; t += 1000) {
      s = timerReducer(s, { type: "tick", now: T0 + t });
      if (s.status === "finished") break;
      if (seen.at(-1) !== where(s)) seen.push(where(s));
    }
    expect(seen).toEqual([
      "0:Get ready",
      "0:Set 1 of 4",
      "0:Rest · 20 s",
      "0:Set 2 of 4",
      "0:Rest · 20 s",
      "0:Set 3 of 4",
      "0:Rest · 20 s",
      "0:Set 4 of 4",
      "1:Get ready",
      "1:Go",
    ]);
    expect(s.status).toBe("finished");
  });

  it("survives a pause and a restore mid-rest, and judges the break by exercise time only", () => {
    let s = timerReducer(createTimer(durations, T0), { type: "start", now: T0 });
    s = timerReducer(s, { type: "pause", now: T0 + 40 * S }); // 5 s ready, 30 s set, 5 s into the rest
    expect(where(s)).toBe("0:Rest · 20 s");
    const stored = JSON.parse(JSON.stringify(s));
    let back = timerReducer(createTimer(durations, T0), { type: "restore", saved: stored, now: T0 + 10 * MIN });
    expect(where(back)).toBe("0:Rest · 20 s");
    expect(phaseAt(phases[0]!, exerciseElapsed(back)).remaining).toBe(15 * S);
    back = timerReducer(back, { type: "resume", now: T0 + 10 * MIN });
    back = timerReducer(back, { type: "tick", now: T0 + 10 * MIN + 15 * S });
    expect(where(back)).toBe("0:Set 2 of 4");

    // The break's length is the planned minutes; get ready is left out of the time done.
    expect(totalMs(back, READY_MS)).toBe(5 * MIN);
    expect(totalMs(back)).toBe(5 * MIN + 2 * READY_MS);
    expect(doneMs(back, READY_MS)).toBe(50 * S);
    // Skipping through both get-readys counts nothing: skipped.
    let skipped = timerReducer(createTimer(durations, T0), { type: "start", now: T0 });
    skipped = timerReducer(skipped, { type: "skip", now: T0 + 4 * S });
    skipped = timerReducer(skipped, { type: "skip", now: T0 + 8 * S });
    expect(skipped.status).toBe("finished");
    expect(doneMs(skipped, READY_MS)).toBe(0);
    expect(breakOutcome(skipped, READY_MS)).toBe("skipped");
    // Run out in full: complete, with exactly the planned minutes done.
    const full = timerReducer(timerReducer(createTimer(durations, T0), { type: "start", now: T0 }), {
      type: "tick",
      now: T0 + durations[0]! + durations[1]!,
    });
    expect(full.status).toBe("finished");
    expect(doneMs(full, READY_MS)).toBe(5 * MIN);
    expect(breakOutcome(full, READY_MS)).toBe("complete");
  });
});
