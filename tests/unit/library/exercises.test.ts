import { describe, expect, it } from "vitest";
import {
  ALWAYS_SAFE_SEATED,
  BODY_AREAS,
  EQUIPMENT,
  EXERCISES,
  INTENSITIES,
  LIMITATIONS,
  getExercise,
  isAlwaysSafe,
} from "@/lib/exercises/library";

describe("built-in exercise library", () => {
  it("has at least 48 exercises with unique kebab-case ids and unique names", () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(48);
    const ids = EXERCISES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const names = EXERCISES.map((e) => e.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(EXERCISES.map((e) => [e.id, e] as const))("%s is well-formed", (_id, e) => {
    expect(e.name.trim()).toBe(e.name);
    expect(e.name.length).toBeGreaterThan(2);
    expect(Number.isInteger(e.minutes)).toBe(true);
    expect(e.minutes).toBeGreaterThanOrEqual(2);
    expect(e.minutes).toBeLessThanOrEqual(5);
    expect(INTENSITIES).toContain(e.intensity);
    expect(e.steps.length).toBeGreaterThanOrEqual(2);
    expect(e.steps.length).toBeLessThanOrEqual(4);
    for (const step of e.steps) {
      expect(step.length).toBeGreaterThan(0);
      expect(step.length).toBeLessThanOrEqual(120);
      expect(step).toMatch(/^[A-Z0-9]/);
      expect(step).toMatch(/[.!]$/);
    }
    expect(e.areas.length).toBeGreaterThan(0);
    for (const a of e.areas) expect(BODY_AREAS).toContain(a);
    for (const q of e.equipment) {
      expect(EQUIPMENT).toContain(q);
      expect(q).not.toBe("none"); // "needs nothing" is spelled []
    }
    for (const l of e.avoidFor) expect(LIMITATIONS).toContain(l);
    expect(new Set(e.areas).size).toBe(e.areas.length);
    expect(new Set(e.avoidFor).size).toBe(e.avoidFor.length);
    expect(e.seated || e.standing || e.equipment.length > 0).toBe(true);
  });

  it("spreads over intensities (at least 12 each)", () => {
    for (const level of INTENSITIES) {
      expect(EXERCISES.filter((e) => e.intensity === level).length).toBeGreaterThanOrEqual(12);
    }
  });

  it("uses every kind of equipment, with most exercises needing none", () => {
    for (const item of ["chair", "desk", "band", "wall"] as const) {
      expect(EXERCISES.filter((e) => e.equipment.includes(item)).length).toBeGreaterThanOrEqual(4);
    }
    const none = EXERCISES.filter((e) => e.equipment.length === 0).length;
    expect(none).toBeGreaterThan(EXERCISES.length / 2);
  });

  it("covers every body area and lists contraindications for every limitation", () => {
    for (const area of BODY_AREAS) expect(EXERCISES.some((e) => e.areas.includes(area))).toBe(true);
    for (const l of LIMITATIONS) {
      expect(EXERCISES.filter((e) => e.avoidFor.includes(l)).length).toBeGreaterThanOrEqual(5);
    }
  });

  it("has at least 15 exercises that are seated and safe for every limitation", () => {
    const seatedSafe = EXERCISES.filter((e) => e.seated && e.avoidFor.length === 0);
    expect(seatedSafe.length).toBeGreaterThanOrEqual(15);
    expect(ALWAYS_SAFE_SEATED.length).toBeGreaterThanOrEqual(15);
    for (const e of ALWAYS_SAFE_SEATED) {
      expect(isAlwaysSafe(e)).toBe(true);
      expect(e.seated).toBe(true);
      expect(e.avoidFor).toEqual([]);
      expect(e.equipment).toEqual([]);
      expect(e.intensity).not.toBe("high");
    }
    // the safe set alone can fill a 15-minute break at a non-low intensity too
    expect(ALWAYS_SAFE_SEATED.filter((e) => e.intensity === "medium").length).toBeGreaterThanOrEqual(3);
  });

  it("marks the honest contraindications", () => {
    const avoid = (id: string) => getExercise(id)?.avoidFor ?? ["missing" as never];
    for (const id of ["bodyweight-squats", "reverse-lunges", "lateral-lunges", "wall-sit", "chair-squats"]) {
      expect(avoid(id)).toContain("knees");
    }
    for (const id of ["wrist-circles", "desk-push-ups", "wall-push-ups"]) expect(avoid(id)).toContain("wrists");
    for (const id of ["seated-spinal-twist", "seated-forward-fold", "standing-torso-twists"]) {
      expect(avoid(id)).toContain("back");
    }
    for (const id of ["arm-circles", "wall-angels", "step-jacks"]) expect(avoid(id)).toContain("shoulders");
  });

  it("is frozen so callers cannot corrupt it", () => {
    const first = EXERCISES[0]!;
    expect(Object.isFrozen(EXERCISES)).toBe(true);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.steps)).toBe(true);
    expect(getExercise(first.id)).toBe(first);
    expect(getExercise("no-such-exercise")).toBeUndefined();
  });
});
