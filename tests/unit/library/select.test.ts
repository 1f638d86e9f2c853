import { describe, expect, it } from "vitest";
import {
  ALWAYS_SAFE_SEATED,
  EXERCISES,
  INTENSITIES,
  LIMITATIONS,
  distributeMinutes,
  parsePreferences,
  selectExercises,
  selectWithPreferences,
  type BreakDuration,
  type Exercise,
  type Intensity,
  type Limitation,
  type Suggestion,
} from "@/lib/exercises/library";

const BY_NAME = new Map(EXERCISES.map((e) => [e.name, e]));
const DURATIONS: BreakDuration[] = [5, 10, 15];
const seeds = (n: number, prefix = "user-1") =>
  Array.from({ length: n }, (_, i) => `${prefix}:2026-03-${String((i % 28) + 1).padStart(2, "0")}:${i}`);

function picked(s: Suggestion): Exercise[] {
  return s.exercises.map((x) => {
    const e = BY_NAME.get(x.name);
    if (!e) throw new Error(`unknown exercise ${x.name}`);
    return e;
  });
}

const LIMITATION_TEXT: Record<Limitation, string> = {
  knees: "I have bad knees",
  back: "lower back pain",
  wrists: "carpal tunnel in both hands",
  shoulders: "frozen shoulder",
};

describe("selectExercises: shape", () => {
  it.each(DURATIONS.flatMap((d) => INTENSITIES.map((i) => [d, i] as const)))(
    "%i min at %s: right count, minutes sum to the duration, no duplicates",
    (durationMinutes, intensity) => {
      const expectedCount = { 5: 1, 10: 2, 15: 3 }[durationMinutes];
      for (const seed of seeds(200)) {
        const s = selectExercises({ prefs: "", intensity, durationMinutes, seed });
        expect(s.source).toBe("library");
        expect(s.exercises).toHaveLength(expectedCount);
        expect(s.exercises.reduce((a, e) => a + e.minutes, 0)).toBe(durationMinutes);
        for (const e of s.exercises) {
          expect(Number.isInteger(e.minutes)).toBe(true);
          expect(e.minutes).toBeGreaterThanOrEqual(1);
          expect(e.steps.length).toBeGreaterThanOrEqual(2);
        }
        expect(new Set(s.exercises.map((e) => e.name)).size).toBe(expectedCount);
      }
    },
  );

  it("returns copies, not the frozen library arrays", () => {
    const s = selectExercises({ prefs: "", intensity: "low", durationMinutes: 5, seed: "x" });
    const first = s.exercises[0]!;
    first.steps.push("mutated");
    expect(BY_NAME.get(first.name)!.steps).not.toContain("mutated");
  });

  it("rejects unsupported durations at runtime", () => {
    expect(() =>
      selectExercises({ prefs: "", intensity: "low", durationMinutes: 7 as BreakDuration, seed: "x" }),
    ).toThrow(RangeError);
  });
});

describe("selectExercises: safety", () => {
  it.each(LIMITATIONS.map((l) => [l] as const))(
    "never suggests an exercise contraindicated for %s, nor anything high (500 seeds x 3 intensities)",
    (limitation) => {
      const prefs = LIMITATION_TEXT[limitation];
      expect([...parsePreferences(prefs).limitations]).toEqual([limitation]);
      for (const intensity of INTENSITIES) {
        for (const seed of seeds(500, limitation)) {
          const s = selectExercises({ prefs, intensity, durationMinutes: 15, seed });
          expect(s.exercises).toHaveLength(3);
          for (const e of picked(s)) {
            expect(e.avoidFor).not.toContain(limitation);
            expect(e.intensity).not.toBe("high");
          }
        }
      }
    },
  );

  it("respects all limitations at once plus seated-only (falls back to the always-safe set)", () => {
    const prefs = "wheelchair user; bad knees, herniated disc, carpal tunnel, rotator cuff tear";
    const p = parsePreferences(prefs);
    expect(p.limitations.size).toBe(4);
    expect(p.seatedOnly).toBe(true);
    for (const intensity of INTENSITIES) {
      for (const seed of seeds(300, "all")) {
        const s = selectExercises({ prefs, intensity, durationMinutes: 15, seed });
        expect(s.exercises).toHaveLength(3);
        for (const e of picked(s)) {
          expect(ALWAYS_SAFE_SEATED).toContain(e);
        }
      }
    }
  });

  it("still respects limitations with a focus area that only risky exercises train", () => {
    // shoulders focus cannot be requested directly, but wrists/hips etc. can be overridden by limitations
    const prefs = "tight hips, bad knees and a bad back";
    for (const intensity of INTENSITIES) {
      for (const seed of seeds(300, "hips")) {
        for (const e of picked(selectExercises({ prefs, intensity, durationMinutes: 15, seed }))) {
          expect(e.avoidFor).not.toContain("knees");
          expect(e.avoidFor).not.toContain("back");
          expect(e.intensity).not.toBe("high");
        }
      }
    }
  });

  it("seatedOnly: only seated exercises, for every intensity and duration", () => {
    for (const prefs of ["I use a wheelchair", "seated only", "I can't stand for long, I have a band and a wall"]) {
      for (const intensity of INTENSITIES) {
        for (const durationMinutes of DURATIONS) {
          for (const seed of seeds(150, prefs)) {
            for (const e of picked(selectExercises({ prefs, intensity, durationMinutes, seed }))) {
              expect(e.seated).toBe(true);
            }
          }
        }
      }
    }
  });

  it("high intensity for a seated-only user without limitations stays seated", () => {
    const names = new Set<string>();
    for (const seed of seeds(200, "wheel")) {
      for (const e of picked(selectExercises({ prefs: "wheelchair", intensity: "high", durationMinutes: 15, seed }))) {
        expect(e.seated).toBe(true);
        names.add(e.name);
      }
    }
    expect(names.size).toBeGreaterThan(3);
  });
});

describe("selectExercises: equipment", () => {
  const usesAny = (prefs: string, item: "band" | "wall") => {
    let count = 0;
    for (const intensity of INTENSITIES) {
      for (const durationMinutes of DURATIONS) {
        for (const seed of seeds(200, `${prefs}:${item}`)) {
          for (const e of picked(selectExercises({ prefs, intensity, durationMinutes, seed }))) {
            if (e.equipment.includes(item)) count++;
          }
        }
      }
    }
    return count;
  };

  it("never uses a band or a wall unless the user mentioned having one", () => {
    for (const prefs of [
      "",
      "stiff neck",
      "I have a chair and a desk",
      "no band, no wall",
      "I don't have a resistance band",
    ]) {
      expect(usesAny(prefs, "band")).toBe(0);
      expect(usesAny(prefs, "wall")).toBe(0);
    }
  });

  it("uses a band or a wall once the user has one", () => {
    expect(usesAny("I have a resistance band", "band")).toBeGreaterThan(0);
    expect(usesAny("I have a resistance band", "wall")).toBe(0);
    expect(usesAny("there is a wall next to my desk", "wall")).toBeGreaterThan(0);
    expect(usesAny("there is a wall next to my desk", "band")).toBe(0);
  });

  it("noEquipment: only exercises needing nothing, a chair or a desk", () => {
    for (const prefs of [
      "no equipment",
      "I have nothing",
      "no equipment at all (there's a wall and a band somewhere)",
    ]) {
      expect(parsePreferences(prefs).noEquipment).toBe(true);
      for (const intensity of INTENSITIES) {
        for (const seed of seeds(200, prefs)) {
          for (const e of picked(selectExercises({ prefs, intensity, durationMinutes: 15, seed }))) {
            expect(e.equipment.every((q) => q === "chair" || q === "desk")).toBe(true);
          }
        }
      }
    }
  });
});

describe("selectExercises: intensity, focus and variety", () => {
  const share = (prefs: string, intensity: Intensity, test: (e: Exercise) => boolean, n = 300) => {
    let hits = 0;
    let total = 0;
    for (const seed of seeds(n, `${prefs}:${intensity}`)) {
      for (const e of picked(selectExercises({ prefs, intensity, durationMinutes: 15, seed }))) {
        total++;
        if (test(e)) hits++;
      }
    }
    return hits / total;
  };

  it("prefers the requested intensity when enough candidates exist", () => {
    for (const intensity of INTENSITIES) {
      expect(share("", intensity, (e) => e.intensity === intensity)).toBe(1);
    }
  });

  it("falls back to an adjacent intensity, never jumping low <-> high", () => {
    // seated-only + no limitation at high: few seated high exercises exist, so medium fills in
    for (const seed of seeds(300, "adj")) {
      for (const e of picked(selectExercises({ prefs: "seated only", intensity: "high", durationMinutes: 15, seed }))) {
        expect(e.intensity).not.toBe("low");
      }
    }
    // a limitation turns "high" into medium
    expect(share("bad knees", "high", (e) => e.intensity === "medium")).toBe(1);
  });

  it("prefers named focus areas", () => {
    // Most of a 15-minute break (three exercises that must fill it without going past their
    // maxMinutes) trains the neck; never none of it.
    expect(share("stiff neck", "low", (e) => e.areas.includes("neck"))).toBeGreaterThan(0.66);
    for (const seed of seeds(200, "neck")) {
      const ex = picked(selectExercises({ prefs: "stiff neck", intensity: "low", durationMinutes: 15, seed }));
      expect(ex.filter((e) => e.areas.includes("neck")).length).toBeGreaterThanOrEqual(2);
    }
    // Eye moves are not movement (issue 33): every break has one, never more than one, and
    // moving exercises fill the rest.
    const eyes = share("my eyes get tired", "low", (e) => e.areas.includes("eyes"));
    expect(eyes).toBeCloseTo(1 / 3, 5);
    for (const seed of seeds(200, "eyes")) {
      const ex = picked(selectExercises({ prefs: "my eyes get tired", intensity: "low", durationMinutes: 15, seed }));
      expect(ex.some((e) => e.areas.includes("eyes"))).toBe(true);
    }
    // at least one focus exercise per break even when the focus area has no exercise at that intensity
    for (const seed of seeds(200, "stress")) {
      const ex = picked(selectExercises({ prefs: "so stressed", intensity: "high", durationMinutes: 15, seed }));
      expect(ex.some((e) => e.areas.includes("breathing"))).toBe(true);
    }
    // with two focus areas a 15-minute break covers both (a 10-minute one has room for only one
    // exercise that is not movement, issue 33, and every eye move and most neck moves are not)
    for (const seed of seeds(200, "two")) {
      const ex = picked(
        selectExercises({ prefs: "stiff neck and tired eyes", intensity: "low", durationMinutes: 15, seed }),
      );
      expect(ex.some((e) => e.areas.includes("neck"))).toBe(true);
      expect(ex.some((e) => e.areas.includes("eyes"))).toBe(true);
    }
  });

  it("is deterministic per seed", () => {
    for (const seed of seeds(50, "det")) {
      for (const intensity of INTENSITIES) {
        const input = { prefs: "bad knees, I have a band, stiff neck", intensity, durationMinutes: 15 as const, seed };
        expect(selectExercises(input)).toEqual(selectExercises(input));
      }
    }
    const parsed = parsePreferences("tight hips");
    expect(selectWithPreferences(parsed, { intensity: "medium", durationMinutes: 10, seed: "a" })).toEqual(
      selectExercises({ prefs: "tight hips", intensity: "medium", durationMinutes: 10, seed: "a" }),
    );
  });

  it("varies across seeds (day to day)", () => {
    const firsts = new Set<string>();
    const combos = new Set<string>();
    let sameAsYesterday = 0;
    let yesterday = "";
    for (let day = 1; day <= 60; day++) {
      const seed = `user-42:2026-${day <= 31 ? "01" : "02"}-${String(((day - 1) % 31) + 1).padStart(2, "0")}:0`;
      const s = selectExercises({ prefs: "", intensity: "medium", durationMinutes: 15, seed });
      firsts.add(s.exercises[0]!.name);
      const combo = s.exercises.map((e) => e.name).join("|");
      if (combo === yesterday) sameAsYesterday++;
      yesterday = combo;
      combos.add(combo);
    }
    expect(firsts.size).toBeGreaterThanOrEqual(10);
    expect(combos.size).toBeGreaterThanOrEqual(40);
    expect(sameAsYesterday).toBeLessThanOrEqual(2);
    // slots on the same day differ too
    const slots = new Set(
      [0, 1, 2, 3].map((slot) =>
        selectExercises({ prefs: "", intensity: "low", durationMinutes: 10, seed: `u:2026-01-05:${slot}` })
          .exercises.map((e) => e.name)
          .join("|"),
      ),
    );
    expect(slots.size).toBeGreaterThan(1);
  });

  it("tries to cover different body areas", () => {
    let disjoint = 0;
    const runs = seeds(300, "areas");
    for (const seed of runs) {
      const [a, b] = picked(selectExercises({ prefs: "", intensity: "low", durationMinutes: 10, seed }));
      if (!a!.areas.some((x) => b!.areas.includes(x))) disjoint++;
    }
    // A short first move must pair with one that lasts long enough to fill the break, and with
    // movement in every break (issue 33) the long low-intensity moves are the seated marches: a
    // short leg or hip move then shares its area.
    expect(disjoint / runs.length).toBeGreaterThan(0.65);
  });
});

describe("distributeMinutes", () => {
  it.each([
    [[5], 5, [5]],
    [[2], 5, [5]],
    [[2, 3], 10, [4, 6]],
    [[3, 3], 10, [5, 5]],
    [[2, 2, 2], 15, [5, 5, 5]],
    [[2, 3, 5], 15, [3, 5, 7]],
    [[5, 5, 2], 15, [6, 6, 3]],
  ])("%j -> %i minutes", (nominal, total, expected) => {
    const out = distributeMinutes(nominal, total);
    expect(out).toEqual(expected);
    expect(out.reduce((a, b) => a + b, 0)).toBe(total);
  });
});
