import { ALWAYS_SAFE_SEATED, EXERCISES } from "./exercises";
import { parsePreferences } from "./preferences";
import type {
  BodyArea,
  BreakDuration,
  Exercise,
  Intensity,
  ParsedPreferences,
  SuggestedExercise,
  Suggestion,
} from "./types";

export type SelectExercisesInput = {
  /** the user's free-text preferences */
  prefs: string;
  intensity: Intensity;
  durationMinutes: BreakDuration;
  /** e.g. `${userId}:${localDate}:${slot}`: same seed, same suggestion */
  seed: string;
};

const EXERCISE_COUNT: Record<BreakDuration, number> = { 5: 1, 10: 2, 15: 3 };

const ADJACENT: Record<Intensity, Intensity[]> = {
  low: ["medium"],
  medium: ["low", "high"],
  high: ["medium"],
};

// ------------------------------------------------------------------ deterministic randomness

/** xmur3 string hash -> 32-bit seed. */
function hashSeed(str: string): number {
  let h = 1779033703 ^ str.length;
  for (let i = 0; i < str.length; i++) {
    h = Math.imul(h ^ str.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^= h >>> 16) >>> 0;
}

/** mulberry32 PRNG: uniform floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ------------------------------------------------------------------ filtering

/**
 * Hard constraints, never relaxed: limitations, seated-only, no "high" with any limitation.
 */
export function isSafeFor(exercise: Exercise, prefs: ParsedPreferences): boolean {
  if (exercise.avoidFor.some((l) => prefs.limitations.has(l))) return false;
  if (prefs.seatedOnly && !exercise.seated) return false;
  if (prefs.limitations.size > 0 && exercise.intensity === "high") return false;
  return true;
}

/**
 * Equipment: chair and desk are assumed present; band and wall only when the user said they have
 * them (and did not say they have no equipment).
 */
export function hasEquipmentFor(exercise: Exercise, prefs: ParsedPreferences): boolean {
  return exercise.equipment.every((item) => {
    if (item === "none" || item === "chair" || item === "desk") return true;
    return !prefs.noEquipment && prefs.equipment.has(item);
  });
}

/** Everything the user may be offered: hard constraints plus equipment. */
export function isAllowedFor(exercise: Exercise, prefs: ParsedPreferences): boolean {
  return isSafeFor(exercise, prefs) && hasEquipmentFor(exercise, prefs);
}

type Predicate = (exercise: Exercise) => boolean;

function intensityIn(levels: Intensity[]): Predicate {
  const set = new Set(levels);
  return (e) => set.has(e.intensity);
}

// ------------------------------------------------------------------ minutes

/** Scales nominal minutes so they add up to `total` (largest-remainder rounding, each >= 1). */
export function distributeMinutes(nominal: number[], total: number): number[] {
  if (nominal.length === 0) return [];
  const sum = nominal.reduce((a, b) => a + b, 0);
  const raw = nominal.map((m) => (m * total) / sum);
  const out = raw.map((r) => Math.max(1, Math.floor(r)));
  let diff = total - out.reduce((a, b) => a + b, 0);
  const byRemainder = raw
    .map((r, i) => ({ i, rem: r - Math.floor(r) }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i)
    .map((x) => x.i);
  for (let k = 0; diff > 0; k++, diff--) {
    const i = byRemainder[k % byRemainder.length]!;
    out[i] = out[i]! + 1;
  }
  while (diff < 0) {
    let largest = 0;
    for (let i = 1; i < out.length; i++) if (out[i]! > out[largest]!) largest = i;
    if (out[largest]! <= 1) break;
    out[largest] = out[largest]! - 1;
    diff++;
  }
  return out;
}

// ------------------------------------------------------------------ selection

/**
 * Picks exercises for one break from already-parsed preferences. Pure and deterministic for a
 * given (prefs, intensity, duration, seed).
 */
export function selectWithPreferences(
  prefs: ParsedPreferences,
  options: { intensity: Intensity; durationMinutes: BreakDuration; seed: string },
): Suggestion {
  const { intensity, durationMinutes, seed } = options;
  const count = EXERCISE_COUNT[durationMinutes];
  if (count === undefined) throw new RangeError(`Unsupported break duration: ${String(durationMinutes)}`);
  if (!(intensity in ADJACENT)) throw new RangeError(`Unknown intensity: ${String(intensity)}`);

  const rng = mulberry32(hashSeed(`${seed}|${intensity}|${durationMinutes}`));
  const pool = EXERCISES.filter((e) => isAllowedFor(e, prefs));
  // Intensity: "high" is never offered with a limitation (isSafeFor enforces it as well).
  const allowed = (levels: Intensity[]) =>
    levels.filter((l) => !(l === "high" && prefs.limitations.size > 0));
  const exact = intensityIn(allowed([intensity]));
  const adjacent = intensityIn(allowed([intensity, ...ADJACENT[intensity]]));
  const anyIntensity: Predicate = () => true;

  const focus = prefs.focusAreas;
  const inFocus: Predicate = (e) => e.areas.some((a) => focus.has(a));
  const both =
    (a: Predicate, b: Predicate): Predicate =>
    (e) =>
      a(e) && b(e);

  // Tiers, strictest first. Relaxation order: intensity, then focus; equipment is never relaxed
  // (a band the user lacks is useless) and the always-safe seated set is the final fallback.
  // The first slot relaxes intensity fully before giving up on focus, so a focus area the user
  // named is represented whenever possible; later slots keep the intensity closer instead.
  const firstSlot: Predicate[] =
    focus.size > 0
      ? [both(exact, inFocus), both(adjacent, inFocus), inFocus, exact, adjacent, anyIntensity]
      : [exact, adjacent, anyIntensity];
  const laterSlots: Predicate[] =
    focus.size > 0
      ? [both(exact, inFocus), both(adjacent, inFocus), exact, adjacent, inFocus, anyIntensity]
      : [exact, adjacent, anyIntensity];

  const picked: Exercise[] = [];
  const coveredAreas = new Set<BodyArea>();

  const choose = (candidates: readonly Exercise[]): Exercise | undefined => {
    const fresh = candidates.filter((e) => !picked.includes(e));
    if (fresh.length === 0) return undefined;
    // Variety: prefer exercises that reach a not-yet-covered focus area, then the fewest
    // already-covered body areas; pick uniformly among the best.
    const score = (e: Exercise) => {
      const newFocus = e.areas.some((a) => focus.has(a) && !coveredAreas.has(a)) ? 100 : 0;
      const overlap = e.areas.filter((a) => coveredAreas.has(a)).length;
      return newFocus - overlap;
    };
    let best = -Infinity;
    for (const e of fresh) best = Math.max(best, score(e));
    const top = fresh.filter((e) => score(e) === best);
    return top[Math.floor(rng() * top.length)];
  };

  for (let slot = 0; slot < count; slot++) {
    const tiers = slot === 0 ? firstSlot : laterSlots;
    let choice: Exercise | undefined;
    for (const tier of tiers) {
      choice = choose(pool.filter(tier));
      if (choice) break;
    }
    choice ??= choose(ALWAYS_SAFE_SEATED);
    if (!choice) break; // unreachable: the safe set is far larger than 3
    picked.push(choice);
    for (const area of choice.areas) coveredAreas.add(area);
  }

  const minutes = distributeMinutes(
    picked.map((e) => e.minutes),
    durationMinutes,
  );
  const exercises: SuggestedExercise[] = picked.map((e, i) => ({
    name: e.name,
    minutes: minutes[i]!,
    steps: [...e.steps],
  }));
  return { source: "library", exercises };
}

/** Built-in library suggestion for one break, tailored to the user's free-text preferences. */
export function selectExercises(input: SelectExercisesInput): Suggestion {
  return selectWithPreferences(parsePreferences(input.prefs), input);
}
