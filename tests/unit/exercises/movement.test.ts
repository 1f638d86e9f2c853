// Issue 33: movement in every break. Every intensity, length and typical preference text gives a
// break whose minutes are mostly (MIN_MOVING_SHARE or more) spent on exercises that move a large
// part of the body, for many seeds (days and slots), and with feedback filtering the pool.
import { describe, expect, it } from "vitest";
import {
  EXERCISES,
  getExercise,
  INTENSITIES,
  isMovingExercise,
  MIN_MOVING_SHARE,
  movingShare,
  parsePreferences,
  selectExercises,
  stillBudget,
  type BreakDuration,
} from "@/lib/exercises/library";
import { isAllowedFor } from "@/lib/exercises/library/select";

const PREFS = ["", "seated only", "bad knees", "no equipment", "standing desk", "wrists hurt"];
const DURATIONS: BreakDuration[] = [5, 10, 15];
const SEEDS = Array.from(
  { length: 40 },
  (_, i) => `user-${i}:2026-11-${String((i % 28) + 1).padStart(2, "0")}:${i % 2}`,
);
const byName = new Map(EXERCISES.map((e) => [e.name, e]));

describe("movement in every break", () => {
  it("the still budget leaves at least 60 % of every length to moving exercises", () => {
    expect(MIN_MOVING_SHARE).toBe(0.6);
    expect([5, 10, 15].map(stillBudget)).toEqual([2, 4, 6]);
  });

  it("classifies the library: breathing, eyes, fingers and the jaw are not moving; marching is", () => {
    for (const id of ["box-breathing", "eye-palming", "finger-fans", "jaw-release", "slow-blinks"])
      expect(getExercise(id)!.moving, id).toBe(false);
    for (const id of ["seated-march", "easy-seated-march", "seated-arm-swings", "marching-in-place", "chair-squats"])
      expect(getExercise(id)!.moving, id).toBe(true);
    for (const e of EXERCISES) {
      if (e.areas.every((a) => a === "eyes" || a === "breathing")) expect(e.moving, e.id).toBe(false);
    }
  });

  it("judges a model's exercise by its name", () => {
    expect(isMovingExercise({ name: "Deep Breathing" })).toBe(false);
    expect(isMovingExercise({ name: "Eye Rolls" })).toBe(false);
    expect(isMovingExercise({ name: "Finger Stretches" })).toBe(false);
    expect(isMovingExercise({ name: "Desk Squats" })).toBe(true);
    expect(isMovingExercise({ name: "Seated Marching" })).toBe(true);
  });

  for (const prefs of PREFS)
    for (const intensity of INTENSITIES)
      for (const durationMinutes of DURATIONS)
        it(`${JSON.stringify(prefs)} ${intensity} ${durationMinutes} min: at least 60 % moving`, () => {
          const parsed = parsePreferences(prefs);
          for (const seed of SEEDS) {
            const { exercises } = selectExercises({ prefs, intensity, durationMinutes, seed });
            expect(exercises.reduce((a, e) => a + e.minutes, 0)).toBe(durationMinutes);
            const moving = exercises.filter((e) => byName.get(e.name)!.moving).reduce((a, e) => a + e.minutes, 0);
            expect(
              moving / durationMinutes,
              `${seed}: ${exercises.map((e) => `${e.name} ${e.minutes}`).join(", ")}`,
            ).toBeGreaterThanOrEqual(MIN_MOVING_SHARE);
            expect(movingShare(exercises)).toBe(moving / durationMinutes);
            for (const e of exercises) {
              const x = byName.get(e.name)!;
              expect(isAllowedFor(x, parsed), e.name).toBe(true);
              expect(e.minutes, e.name).toBeLessThanOrEqual(x.maxMinutes);
            }
          }
        });

  it("a low-intensity seated 15-minute break is filled by seated moving exercises", () => {
    for (const seed of SEEDS) {
      const { exercises } = selectExercises({ prefs: "seated only", intensity: "low", durationMinutes: 15, seed });
      expect(exercises).toHaveLength(3);
      for (const e of exercises) expect(byName.get(e.name)!.seated).toBe(true);
      expect(movingShare(exercises)).toBeGreaterThanOrEqual(MIN_MOVING_SHARE);
    }
  });
});
