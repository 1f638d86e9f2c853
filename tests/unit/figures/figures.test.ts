import { describe, expect, it } from "vitest";
import { EXERCISES } from "@/lib/exercises/library";
import { figureKey, figurePatternFor, LIBRARY_FIGURES } from "@/lib/figures/map";
import { FIGURE_PATTERNS, PATTERNS, samplePattern } from "@/lib/figures/patterns";
import { reach, SEGMENT, solve, VIEW, type Point } from "@/lib/figures/rig";

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);

describe("every exercise has a figure", () => {
  it("every library exercise is listed by name with its own pattern (not a keyword guess)", () => {
    const missing = EXERCISES.filter((e) => !LIBRARY_FIGURES[figureKey(e.name)]).map((e) => e.name);
    expect(missing).toEqual([]);
    for (const e of EXERCISES) expect(FIGURE_PATTERNS, e.name).toContain(figurePatternFor(e.name));
  });

  it("the table lists only library exercises and known patterns", () => {
    const names = new Set(EXERCISES.map((e) => figureKey(e.name)));
    for (const [key, pattern] of Object.entries(LIBRARY_FIGURES)) {
      expect(names.has(key), key).toBe(true);
      expect(FIGURE_PATTERNS, key).toContain(pattern);
    }
  });

  it("matches library names whatever their case and punctuation", () => {
    expect(figurePatternFor("SIT TO STAND")).toBe("sit-to-stand");
    expect(figurePatternFor("  wall push-ups ")).toBe("wall-pushup");
    expect(figurePatternFor("4–7–8 Breathing")).toBe("breathing");
  });

  it("unknown (AI) exercises fall back by keywords", () => {
    const cases: [string, string][] = [
      ["Doorway Chest Stretch", "chest-opener"],
      ["Gentle Neck Rolls", "neck-stretch"],
      ["Standing Calf Raises", "calf-raise"],
      ["Seated Knee Lifts", "seated-march"],
      ["Walking Lunges", "lunge"],
      ["Deep Squats", "squat"],
      ["Stair Climb", "walk"],
      ["Kitchen Counter Push-Ups", "wall-pushup"],
      ["Push-Ups", "desk-pushup"],
      ["Wrist Rolls", "wrist-stretch"],
      ["Palming for Tired Eyes", "eyes"],
      ["Mindful Breathing", "breathing"],
      ["Shoulder Shrugs", "shoulder-roll"],
      ["Torso Rotations", "torso-twist"],
      ["Toe Touches", "forward-fold"],
      ["Jumping Jacks", "jacks"],
    ];
    for (const [name, pattern] of cases) expect(figurePatternFor(name), name).toBe(pattern);
  });

  it("whole words only: 'warm-up' is not an arm move, 'crunch' not a run, 'throw' not a row", () => {
    expect(figurePatternFor("Warm-up Sway")).toBe("stretch");
    expect(figurePatternFor("Crunch")).toBe("stretch");
    expect(figurePatternFor("Throw")).toBe("stretch");
  });

  it("anything unrecognised shows the generic stretch", () => {
    expect(figurePatternFor("Something new")).toBe("stretch");
    expect(figurePatternFor("")).toBe("stretch");
  });
});

describe("the figures' drawing", () => {
  it("keeps every limb its length in every frame (no stretching or shrinking)", () => {
    for (const pattern of FIGURE_PATTERNS) {
      if (pattern === "eyes") continue;
      const s = samplePattern(PATTERNS[pattern]);
      const scale = s.headR / SEGMENT.head;
      for (const f of [...s.frames, s.still]) {
        expect(dist(f.spine[0]!, f.spine[1]!), pattern).toBeCloseTo(SEGMENT.torso * scale, 3);
        for (const leg of [f.la, f.lb]) {
          expect(dist(leg[0]!, leg[1]!), pattern).toBeCloseTo(SEGMENT.thigh * scale, 3);
          expect(dist(leg[1]!, leg[2]!), pattern).toBeCloseTo(SEGMENT.shin * scale, 3);
        }
        for (const arm of [f.a, f.b]) expect(dist(arm[0]!, arm[1]!), pattern).toBeCloseTo(SEGMENT.upper * scale, 3);
      }
    }
  });

  it("stays inside its disc, loops seamlessly, and has a still frame", () => {
    for (const pattern of FIGURE_PATTERNS) {
      if (pattern === "eyes") continue;
      const spec = PATTERNS[pattern];
      const s = samplePattern(spec);
      expect(s.frames.length, pattern).toBeGreaterThanOrEqual(3);
      expect(s.frames.at(-1), pattern).toEqual(s.frames[0]);
      expect(s.times[0]).toBe(0);
      expect(s.times.at(-1)).toBe(1);
      expect([...s.times].sort((a, b) => a - b)).toEqual(s.times);
      const legs = spec.base !== "desk";
      for (const f of s.frames) {
        const pts = [...f.spine, ...f.a, ...f.b, ...(legs ? [...f.la, ...f.lb] : []), f.head];
        for (const p of pts) expect(dist(p, [VIEW / 2, VIEW / 2]), pattern).toBeLessThan(VIEW / 2);
      }
    }
  });

  it("a hand placed on a wall, desk or chair stays on it in every frame (within reach)", () => {
    const hand = reach([50, 50], [70, 55], 1).at(-1)!;
    expect(hand[0]).toBeCloseTo(70);
    expect(hand[1]).toBeCloseTo(55);
    for (const pattern of FIGURE_PATTERNS) {
      const spec = PATTERNS[pattern];
      for (const arm of ["a", "b"] as const) {
        const targets = spec.keys.map((k) => (arm === "a" ? k.reachA : k.reachB));
        if (!targets[0] || !targets.every((t) => t && t[0] === targets[0]![0] && t[1] === targets[0]![1])) continue;
        const s = samplePattern(spec);
        const ends = s.frames.map((f) => f[arm].at(-1)!);
        for (const e of ends) expect(dist(e, ends[0]!), `${pattern} ${arm}`).toBeLessThan(0.01);
      }
    }
  });

  it("poses solve as drawn: standing upright puts the head above the hip", () => {
    const f = solve({
      hip: [60, 68],
      torso: 0,
      head: 0,
      shrug: 0,
      a: [0, 0],
      b: [0, 0],
      la: [0, 0],
      lb: [0, 0],
      pulse: 0,
    });
    expect(f.head[0]).toBeCloseTo(60);
    expect(f.head[1]).toBeCloseTo(68 - SEGMENT.torso - SEGMENT.neck - SEGMENT.head);
    expect(f.la[2]![1]).toBeCloseTo(68 + SEGMENT.thigh + SEGMENT.shin);
  });
});
