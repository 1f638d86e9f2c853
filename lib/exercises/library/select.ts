import { ALWAYS_SAFE_SEATED, EXERCISES } from "@/lib/exercises/library/exercises";
import { parsePreferences } from "@/lib/exercises/library/preferences";
import type {
  BodyArea,
  BreakDuration,
  Equipment,
  Exercise,
  Intensity,
  ParsedPreferences,
  SuggestedExercise,
  Suggestion,
} from "@/lib/exercises/library/types";

/**
 * What the user told us about single exercises (lib/exercises/feedback.ts): names marked "not for
 * me" are never offered; liked ones are picked more often. Names in lower case.
 */
export type ExerciseFeedbackSets = {
  avoid?: ReadonlySet<string>;
  favour?: ReadonlySet<string>;
};

export type SelectExercisesInput = {
  /** the user's free-text preferences */
  prefs: string;
  intensity: Intensity;
  durationMinutes: BreakDuration;
  /** e.g. `${userId}:${localDate}:${slot}`: same seed, same suggestion */
  seed: string;
  feedback?: ExerciseFeedbackSets;
};

/**
 * Every break spends at least this share of its minutes on exercises that move a large part of
 * the body (Exercise.moving): breathing, eye, neck-only and finger moves fill the rest at most.
 */
export const MIN_MOVING_SHARE = 0.6;

/** The most minutes a break of `total` minutes may give to exercises that are not moving. */
export function stillBudget(total: number): number {
  return Math.floor(total * (1 - MIN_MOVING_SHARE) + 1e-9);
}

/** How often a liked exercise is drawn compared with any other equally good one. */
export const FAVOUR_WEIGHT = 3;

const lower = (name: string) => name.trim().toLowerCase();

/**
 * Whether an exercise (the library's, or one a model named) moves a large part of the body. A
 * library name answers from the library; any other name is judged by its words.
 */
export function isMovingExercise(exercise: Pick<SuggestedExercise, "name"> & { steps?: string[] }): boolean {
  const known = BY_NAME.get(lower(exercise.name));
  if (known) return known.moving;
  return !STILL_WORDS.test(exercise.name);
}

const BY_NAME = new Map(EXERCISES.map((e) => [lower(e.name), e]));
/** Names that say the move is breathing, the eyes, or only the hands, jaw, neck or feet. */
const STILL_WORDS =
  /breath|\beyes?\b|blink|gaze|palming|focus|\bjaw\b|\bface\b|finger|\bwrists?\b|\bhands?\b|\bneck\b|\bchin\b|\bankles?\b|\btoes?\b|meditat|mindful|relax|visuali|\bholds?\b|\bsqueeze/i;

/** The minutes of a planned break given to moving exercises, as a share of all its minutes. */
export function movingShare(exercises: readonly SuggestedExercise[]): number {
  const total = exercises.reduce((a, e) => a + e.minutes, 0);
  if (total === 0) return 0;
  return exercises.filter((e) => isMovingExercise(e)).reduce((a, e) => a + e.minutes, 0) / total;
}

/** The most minutes a plan may give this exercise in a break of `total` minutes. */
function capFor(exercise: Exercise, total: number): number {
  return exercise.moving ? exercise.maxMinutes : Math.min(exercise.maxMinutes, stillBudget(total));
}

/** The always-safe set's moving exercises: the last resort of every slot. */
const SAFE_MOVING: readonly Exercise[] = ALWAYS_SAFE_SEATED.filter((e) => e.moving);

/** Uniform pick, with liked exercises FAVOUR_WEIGHT times as likely. */
function weightedPick<T extends Exercise>(items: readonly T[], rng: () => number, favour?: ReadonlySet<string>) {
  const weights = items.map((e) => (favour?.has(lower(e.name)) ? FAVOUR_WEIGHT : 1));
  let r = rng() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i];
  }
  return items[items.length - 1];
}

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

/** Real-valued shares of `total` in proportion to `nominal`, none above its cap (water-filling). */
function cappedShares(nominal: number[], total: number, caps: number[]): number[] {
  const share = nominal.map(() => 0);
  let free = nominal.map((_, i) => i);
  let left = total;
  while (free.length > 0) {
    const sum = free.reduce((a, i) => a + nominal[i]!, 0);
    const over = free.filter((i) => (nominal[i]! * left) / sum > caps[i]!);
    if (over.length === 0) {
      for (const i of free) share[i] = (nominal[i]! * left) / sum;
      break;
    }
    for (const i of over) {
      share[i] = caps[i]!;
      left -= caps[i]!;
    }
    free = free.filter((i) => !over.includes(i));
  }
  return share;
}

/**
 * Shares `total` whole minutes in proportion to `nominal` (largest-remainder rounding), each at
 * least `floor` and at most its cap when `caps` are given; only a total beyond every cap goes over
 * one (the largest).
 */
export function distributeMinutes(nominal: number[], total: number, caps?: number[], floor = 1): number[] {
  if (nominal.length === 0) return [];
  const cap = caps ?? nominal.map(() => Infinity);
  const target = cappedShares(nominal, total, cap);
  const out = target.map((t, i) => Math.min(cap[i]!, Math.max(floor, Math.floor(t))));
  let diff = total - out.reduce((a, b) => a + b, 0);
  while (diff > 0) {
    // The one furthest below its share (the lower index on a tie) that still has room.
    let best = -1;
    for (let i = 0; i < out.length; i++) {
      if (out[i]! >= cap[i]!) continue;
      if (best < 0 || target[i]! - out[i]! > target[best]! - out[best]!) best = i;
    }
    if (best < 0) best = cap.indexOf(Math.max(...cap)); // every cap reached: the roomiest goes over
    out[best] = out[best]! + 1;
    diff--;
  }
  while (diff < 0) {
    let largest = 0;
    for (let i = 1; i < out.length; i++) if (out[i]! > out[largest]!) largest = i;
    if (out[largest]! <= floor) break;
    out[largest] = out[largest]! - 1;
    diff++;
  }
  return out;
}

/** Every library exercise gets at least this long (one round of any of them fits). */
export const MIN_EXERCISE_MINUTES = 2;

/** How many rounds fill `minutes` of a round-based exercise (null for a continuous one). */
export function roundsFor(exercise: Pick<Exercise, "roundSeconds">, minutes: number): number | null {
  if (!exercise.roundSeconds) return null;
  return Math.max(1, Math.floor((minutes * 60) / exercise.roundSeconds));
}

const DEFAULT_DOSE = "Do {rounds} of this, with a few easy breaths between them.";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const timesWord = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);

/**
 * The exercise as a plan gives it for `minutes`: its steps with the length filled in (a continuous
 * one) or the number of rounds that fill the time (a round-based one), so the steps and the timer
 * always agree.
 */
export function planExercise(exercise: Exercise, minutes: number): SuggestedExercise {
  const rounds = roundsFor(exercise, minutes) ?? 0;
  const fill = (text: string) =>
    text
      .replaceAll("{minutes}", plural(minutes, "minute", "minutes"))
      .replaceAll("{rounds}", plural(rounds, "round", "rounds"))
      .replaceAll("{sets}", plural(rounds, "set", "sets"))
      .replaceAll("{times}", timesWord(rounds));
  const steps = exercise.steps.map(fill);
  if (exercise.roundSeconds && rounds > 1) steps.push(fill(exercise.dose ?? DEFAULT_DOSE));
  return { name: exercise.name, minutes, steps };
}

// ------------------------------------------------------------------ selection

/**
 * Picks exercises for one break from already-parsed preferences. Pure and deterministic for a
 * given (prefs, intensity, duration, seed).
 */
export function selectWithPreferences(
  prefs: ParsedPreferences,
  options: { intensity: Intensity; durationMinutes: BreakDuration; seed: string; feedback?: ExerciseFeedbackSets },
): Suggestion {
  const { intensity, durationMinutes, seed } = options;
  const avoid = options.feedback?.avoid;
  const favour = options.feedback?.favour;
  const wanted = (e: Exercise) => !avoid?.has(lower(e.name));
  const count = EXERCISE_COUNT[durationMinutes];
  if (count === undefined) throw new RangeError(`Unsupported break duration: ${String(durationMinutes)}`);
  if (!(intensity in ADJACENT)) throw new RangeError(`Unknown intensity: ${String(intensity)}`);

  const rng = mulberry32(hashSeed(`${seed}|${intensity}|${durationMinutes}`));
  const pool = EXERCISES.filter((e) => isAllowedFor(e, prefs) && wanted(e));
  // Intensity: "high" is never offered with a limitation (isSafeFor enforces it as well).
  const allowed = (levels: Intensity[]) => levels.filter((l) => !(l === "high" && prefs.limitations.size > 0));
  const exact = intensityIn(allowed([intensity]));
  const adjacent = intensityIn(allowed([intensity, ...ADJACENT[intensity]]));
  const anyIntensity: Predicate = () => true;

  const focus = prefs.focusAreas;
  const inFocus: Predicate = (e) => e.areas.some((a) => focus.has(a));
  // Equipment the user named (a band, a wall: a chair and a desk are assumed anyway): each break
  // uses it in its first exercise whenever a safe one exists within one intensity step.
  const named = new Set<Equipment>(
    prefs.noEquipment ? [] : [...prefs.equipment].filter((q) => q === "band" || q === "wall"),
  );
  const usesNamed: Predicate = (e) => e.equipment.some((q) => named.has(q));
  const both =
    (a: Predicate, b: Predicate): Predicate =>
    (e) =>
      a(e) && b(e);

  // Tiers, strictest first. Relaxation order: intensity, then focus; equipment is never relaxed
  // (a band the user lacks is useless) and the always-safe seated set is the final fallback.
  // The first slot relaxes intensity fully before giving up on focus, so a focus area the user
  // named is represented whenever possible; later slots keep the intensity closer instead.
  const withNamed: Predicate[] =
    named.size === 0
      ? []
      : focus.size > 0
        ? [
            both(usesNamed, both(exact, inFocus)),
            both(usesNamed, both(adjacent, inFocus)),
            both(usesNamed, exact),
            both(usesNamed, adjacent),
          ]
        : [both(usesNamed, exact), both(usesNamed, adjacent)];
  const firstSlot: Predicate[] = [
    ...withNamed,
    ...(focus.size > 0
      ? [both(exact, inFocus), both(adjacent, inFocus), inFocus, exact, adjacent, anyIntensity]
      : [exact, adjacent, anyIntensity]),
  ];
  const laterSlots: Predicate[] =
    focus.size > 0
      ? [both(exact, inFocus), both(adjacent, inFocus), exact, adjacent, inFocus, anyIntensity]
      : [exact, adjacent, anyIntensity];

  const picked: Exercise[] = [];
  const coveredAreas = new Set<BodyArea>();

  // The picks must be able to fill the break without any going past its cap (maxMinutes, and the
  // still budget for one that is not moving): a pick leaves room for the slots after it to be
  // filled by the always-safe moving set (whose longest is always free).
  const safeWanted = SAFE_MOVING.filter(wanted);
  const safeLongest = Math.max(...(safeWanted.length > 0 ? safeWanted : SAFE_MOVING).map((e) => e.maxMinutes));
  const cap = (e: Exercise) => capFor(e, durationMinutes);
  const fits = (e: Exercise, slot: number) =>
    picked.reduce((a, p) => a + cap(p), 0) + cap(e) + (count - slot - 1) * safeLongest >= durationMinutes;
  // Movement in every break: at most one exercise that is not moving, never the only one, and it
  // gets at most the still budget (capFor), so moving ones fill MIN_MOVING_SHARE or more.
  const movementOk = (e: Exercise) => e.moving || (count > 1 && picked.every((p) => p.moving));

  const choose = (candidates: readonly Exercise[], slot: number): Exercise | undefined => {
    const fresh = candidates.filter((e) => !picked.includes(e) && movementOk(e) && fits(e, slot));
    if (fresh.length === 0) return undefined;
    // Variety: prefer exercises that reach a not-yet-covered focus area (and, with slots to come,
    // leave time for one that reaches another), then the fewest already-covered body areas; pick
    // uniformly among the best.
    const capSoFar = picked.reduce((a, p) => a + p.maxMinutes, 0);
    // For each focus area not yet covered, the longest a move that trains it could last.
    const longestFor = new Map<BodyArea, number>();
    if (focus.size > 1 && slot < count - 1) {
      for (const x of pool) {
        if (picked.includes(x)) continue;
        for (const a of x.areas)
          if (focus.has(a) && !coveredAreas.has(a)) longestFor.set(a, Math.max(longestFor.get(a) ?? 0, x.maxMinutes));
      }
    }
    const leavesRoomForFocus = (e: Exercise) => {
      const uncovered = [...longestFor.keys()].filter((a) => !e.areas.includes(a));
      if (uncovered.length === 0) return true;
      return uncovered.some(
        (a) => capSoFar + e.maxMinutes + longestFor.get(a)! + (count - slot - 2) * safeLongest >= durationMinutes,
      );
    };
    const score = (e: Exercise) => {
      const newFocus = e.areas.some((a) => focus.has(a) && !coveredAreas.has(a)) ? 100 : 0;
      const room = focus.size > 1 && leavesRoomForFocus(e) ? 50 : 0;
      const overlap = e.areas.filter((a) => coveredAreas.has(a)).length;
      // With two focus areas, a moving exercise goes first where it reaches one as well: the one
      // exercise that may be still (eyes, say) is then left for the other area.
      const still = focus.size > 1 && !e.moving ? 1 : 0;
      return newFocus + room - overlap - still;
    };
    const scores = fresh.map(score);
    const best = Math.max(...scores);
    const top = fresh.filter((_, i) => scores[i] === best);
    return weightedPick(top, rng, favour);
  };

  for (let slot = 0; slot < count; slot++) {
    const tiers = slot === 0 ? firstSlot : laterSlots;
    let choice: Exercise | undefined;
    for (const tier of tiers) {
      choice = choose(pool.filter(tier), slot);
      if (choice) break;
    }
    choice ??= choose(safeWanted, slot);
    choice ??= choose(SAFE_MOVING, slot); // every safe moving one marked "not for me": still safe
    if (!choice) break; // unreachable: the safe moving set is larger than 3
    picked.push(choice);
    for (const area of choice.areas) coveredAreas.add(area);
  }

  const minutes = distributeMinutes(
    picked.map((e) => e.minutes),
    durationMinutes,
    picked.map(cap),
    MIN_EXERCISE_MINUTES,
  );
  return { source: "library", exercises: picked.map((e, i) => planExercise(e, minutes[i]!)) };
}

/** Built-in library suggestion for one break, tailored to the user's free-text preferences. */
export function selectExercises(input: SelectExercisesInput): Suggestion {
  return selectWithPreferences(parsePreferences(input.prefs), input);
}

// ------------------------------------------------------------------ swap

export type ReplacementInput = {
  prefs: string;
  intensity: Intensity;
  /** the break as planned now */
  exercises: readonly SuggestedExercise[];
  /** which one to replace */
  index: number;
  seed: string;
  feedback?: ExerciseFeedbackSets;
};

/**
 * A different library exercise for `exercises[index]` (the dashboard's Swap): one that is allowed
 * for the user's preferences, not marked "not for me", not already in the break, fills the same
 * minutes (one round fits, and its cap allows them), and keeps the break's moving share at
 * MIN_MOVING_SHARE or more. The user's intensity first, then one step away, then any. Null when
 * nothing fits. Deterministic for a seed.
 */
export function pickReplacement(input: ReplacementInput): SuggestedExercise | null {
  const { exercises, index, intensity } = input;
  const current = exercises[index];
  if (!current) return null;
  const minutes = current.minutes;
  const total = exercises.reduce((a, e) => a + e.minutes, 0);
  const prefs = parsePreferences(input.prefs);
  const avoid = input.feedback?.avoid;
  const taken = new Set(exercises.map((e) => lower(e.name)));
  const othersMoving = exercises
    .filter((e, i) => i !== index && isMovingExercise(e))
    .reduce((a, e) => a + e.minutes, 0);
  const keepsMovement = (e: Exercise) =>
    total === 0 || (othersMoving + (e.moving ? minutes : 0)) / total >= MIN_MOVING_SHARE - 1e-9;
  const fitsMinutes = (e: Exercise) =>
    e.maxMinutes >= minutes && minutes >= MIN_EXERCISE_MINUTES && (e.roundSeconds ?? 0) <= minutes * 60;
  const candidates = EXERCISES.filter(
    (e) =>
      isAllowedFor(e, prefs) &&
      !avoid?.has(lower(e.name)) &&
      !taken.has(lower(e.name)) &&
      fitsMinutes(e) &&
      keepsMovement(e),
  );
  const allowed = (levels: Intensity[]) => levels.filter((l) => !(l === "high" && prefs.limitations.size > 0));
  const rng = mulberry32(hashSeed(`${input.seed}|swap|${index}`));
  for (const tier of [
    intensityIn(allowed([intensity])),
    intensityIn(allowed([intensity, ...ADJACENT[intensity]])),
    () => true,
  ] as Predicate[]) {
    const found = candidates.filter(tier);
    const choice = found.length > 0 ? weightedPick(found, rng, input.feedback?.favour) : undefined;
    if (choice) return planExercise(choice, minutes);
  }
  return null;
}
