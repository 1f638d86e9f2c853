// The exercise library's promise to the guided break's timer: every exercise's steps fit the
// minutes a plan gives it. Checked over the library itself and over plans for every intensity ×
// duration × body area (with and without equipment and limitations): a plan's time is the break's
// length, no exercise gets more than it stays worthwhile for, and no step names a length that
// contradicts the exercise's own (minutes named must be its minutes; seconds × repetitions named
// must fit in it).
import { describe, expect, it } from "vitest";
import {
  BODY_AREAS,
  EXERCISES,
  INTENSITIES,
  MIN_EXERCISE_MINUTES,
  planExercise,
  roundsFor,
  selectExercises,
  type BodyArea,
  type BreakDuration,
  type Exercise,
  type SuggestedExercise,
} from "@/lib/exercises/library";

const BY_NAME = new Map(EXERCISES.map((e) => [e.name, e]));
const DURATIONS: BreakDuration[] = [5, 10, 15];

/** Words that make the preferences name each body area. */
const AREA_TEXT: Record<BodyArea, string> = {
  neck: "stiff neck",
  shoulders: "tight shoulders",
  "upper-back": "bad posture",
  "lower-back": "my lower back feels stiff",
  wrists: "wrists ache from typing",
  hips: "tight hips",
  legs: "poor circulation in my legs",
  "full-body": "I want a full body workout",
  eyes: "my eyes get tired",
  breathing: "so stressed",
};

/** Lengths a step names: minutes (as "N minutes" / "N min" / "N-M minutes") and seconds × repetitions. */
function named(step: string): { minutes: number[]; seconds: number } {
  const minutes = [...step.matchAll(/\b(\d+)(?:\s*-\s*(\d+))?\s*(?:minutes?|mins?)\b/gi)].map((m) =>
    Number(m[2] ?? m[1]),
  );
  const seconds = [...step.matchAll(/\b(\d+)(?:\s*-\s*(\d+))?\s*(?:seconds?|secs?|s)\b/gi)].reduce(
    (a, m) => a + Number(m[2] ?? m[1]),
    0,
  );
  const reps = [
    ...step.matchAll(
      /\b(?:do|repeat)\s+(\d+)\b|\b(\d+)\s+(?:times|holds|squeezes|tucks|turns|reaches|breaths|blinks|yawns)\b/gi,
    ),
  ].map((m) => Number(m[1] ?? m[2]));
  return { minutes, seconds: seconds * Math.max(1, ...reps) };
}

/** What one plan's exercise promises, checked against its minutes. */
function expectConsistent(planned: SuggestedExercise) {
  const e = BY_NAME.get(planned.name)!;
  expect(e, planned.name).toBeDefined();
  const seconds = planned.minutes * 60;
  expect(Number.isInteger(planned.minutes)).toBe(true);
  expect(planned.minutes).toBeGreaterThanOrEqual(MIN_EXERCISE_MINUTES);
  expect(planned.minutes, `${e.name} is worth at most ${e.maxMinutes} minutes`).toBeLessThanOrEqual(e.maxMinutes);
  expect(planned.steps.length).toBeLessThanOrEqual(4);
  for (const step of planned.steps) {
    expect(step, "a placeholder left in").not.toMatch(/[{}]/);
    expect(step.length).toBeLessThanOrEqual(120);
    const n = named(step);
    for (const m of n.minutes) expect(m, `"${step}" in a ${planned.minutes}-minute exercise`).toBe(planned.minutes);
    expect(n.seconds, `"${step}" asks for more than ${seconds} s`).toBeLessThanOrEqual(seconds);
  }
  const rounds = roundsFor(e, planned.minutes);
  if (rounds === null) {
    // Continuous: it says its own length, once.
    expect(planned.steps.join(" ")).toContain(`${planned.minutes} minute`);
  } else {
    // Rounds fill the time: they fit, and less than one more round is left over.
    expect(rounds * e.roundSeconds!).toBeLessThanOrEqual(seconds);
    expect(seconds - rounds * e.roundSeconds!).toBeLessThan(e.roundSeconds!);
    if (rounds > 1)
      expect(planned.steps.at(-1)).toMatch(
        new RegExp(`\\b(${rounds} rounds|${rounds} sets|${rounds} times|${rounds === 2 ? "twice" : "-"})\\b`),
      );
  }
}

describe("every library exercise's steps describe what its timer runs", () => {
  it.each(EXERCISES.map((e) => [e.id, e] as const))("%s", (_id, e: Exercise) => {
    expect(Number.isInteger(e.maxMinutes)).toBe(true);
    expect(e.maxMinutes).toBeGreaterThanOrEqual(MIN_EXERCISE_MINUTES);
    const text = e.steps.join(" ");
    // No step names a length in minutes of its own: only a continuous one's "{minutes}".
    expect(named(text.replaceAll("{minutes}", "")).minutes).toEqual([]);
    if (e.roundSeconds === undefined) {
      expect(text.split("{minutes}")).toHaveLength(2);
      expect(e.dose).toBeUndefined();
      return;
    }
    // One round fits the shortest time a plan gives, and what a round names fits in the round.
    expect(e.roundSeconds).toBeGreaterThan(0);
    expect(e.roundSeconds).toBeLessThanOrEqual(MIN_EXERCISE_MINUTES * 60);
    expect(text).not.toContain("{minutes}");
    const perRound = e.steps.reduce((a, s) => a + named(s).seconds, 0);
    expect(perRound, `${e.name}: its steps name ${perRound} s in a ${e.roundSeconds} s round`).toBeLessThanOrEqual(
      e.roundSeconds,
    );
    // Planned for any length it may get, it stays consistent.
    for (let m = MIN_EXERCISE_MINUTES; m <= e.maxMinutes; m++) expectConsistent(planExercise(e, m));
  });

  it("the brief's examples: a 10-second hold done 6 times and a 1-2 minute march no longer both get 5:00 of the same text", () => {
    const brace = planExercise(
      EXERCISES.find((e) => e.id === "seated-core-brace")!,
      5,
    );
    expect(brace.steps.at(-1)).toBe("Do 3 rounds of this, with a few easy breaths between them.");
    const march = planExercise(
      EXERCISES.find((e) => e.id === "seated-march")!,
      5,
    );
    expect(march.steps.join(" ")).toContain("for 5 minutes");
    expect(march.steps.join(" ")).not.toMatch(/1-2 minutes/);
    const blinks = EXERCISES.find((e) => e.id === "slow-blinks")!;
    expect(blinks.maxMinutes).toBeLessThan(5);
  });
});

describe("plans over every intensity × duration × body area", () => {
  const variants = (area: BodyArea) => [
    AREA_TEXT[area],
    `${AREA_TEXT[area]}, I have a resistance band`,
    `${AREA_TEXT[area]}, bad knees, seated only`,
  ];
  const cases = INTENSITIES.flatMap((intensity) =>
    DURATIONS.flatMap((d) => BODY_AREAS.map((area) => [intensity, d, area] as const)),
  );

  it.each(cases)("%s, %i minutes, %s", (intensity, durationMinutes, area) => {
    for (const prefs of variants(area)) {
      for (let i = 0; i < 12; i++) {
        const s = selectExercises({ prefs, intensity, durationMinutes, seed: `q:${prefs}:${i}` });
        expect(s.exercises).toHaveLength({ 5: 1, 10: 2, 15: 3 }[durationMinutes]);
        // The plan's time is the break's length.
        expect(s.exercises.reduce((a, e) => a + e.minutes, 0)).toBe(durationMinutes);
        for (const e of s.exercises) expectConsistent(e);
      }
    }
  });
});

describe("equipment named in the preferences is used", () => {
  it.each(INTENSITIES.flatMap((i) => DURATIONS.map((d) => [i, d] as const)))(
    "%s, %i minutes: every break uses the band or the wall the user has",
    (intensity, durationMinutes) => {
      for (const [prefs, item] of [
        ["I have a resistance band", "band"],
        ["there is a wall next to my desk", "wall"],
        ["stiff neck; I keep a resistance band at my desk", "band"],
      ] as const) {
        for (let i = 0; i < 40; i++) {
          const s = selectExercises({ prefs, intensity, durationMinutes, seed: `eq:${i}` });
          const uses = s.exercises.filter((e) => BY_NAME.get(e.name)!.equipment.includes(item));
          expect(
            uses.length,
            `${prefs} at ${intensity}, ${durationMinutes} min: ${s.exercises.map((e) => e.name).join(", ")}`,
          ).toBeGreaterThanOrEqual(1);
        }
      }
    },
  );

  it("but never against a limitation: only the band moves that are safe for it", () => {
    for (let i = 0; i < 40; i++) {
      const s = selectExercises({
        prefs: "I have a band; bad knees, frozen shoulder",
        intensity: "medium",
        durationMinutes: 10,
        seed: `lim:${i}`,
      });
      const picked = s.exercises.map((e) => BY_NAME.get(e.name)!);
      for (const e of picked) expect(e.avoidFor.filter((l) => l === "knees" || l === "shoulders")).toEqual([]);
      expect(picked.some((e) => e.equipment.includes("band"))).toBe(true); // the rows are safe for both
    }
  });
});
