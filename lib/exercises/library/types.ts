/**
 * Types for the built-in exercise library (the fallback when the AI is unavailable
 * or its answer is rejected). Pure data types: no runtime dependencies.
 */

export const INTENSITIES = ["low", "medium", "high"] as const;
export type Intensity = (typeof INTENSITIES)[number];

/** Equipment an exercise needs. "chair" and "desk" are assumed present for desk workers. */
export const EQUIPMENT = ["none", "chair", "desk", "band", "wall"] as const;
export type Equipment = (typeof EQUIPMENT)[number];

export const BODY_AREAS = [
  "neck",
  "shoulders",
  "upper-back",
  "lower-back",
  "wrists",
  "hips",
  "legs",
  "full-body",
  "eyes",
  "breathing",
] as const;
export type BodyArea = (typeof BODY_AREAS)[number];

/** Physical limitations a user can mention; exercises list the ones they are unsuitable for. */
export const LIMITATIONS = ["knees", "back", "wrists", "shoulders"] as const;
export type Limitation = (typeof LIMITATIONS)[number];

export type Exercise = {
  /** kebab-case, unique within the library */
  id: string;
  name: string;
  /** nominal length, integer 2-5: how the break's minutes are shared between its exercises */
  minutes: number;
  /** the most minutes it stays worthwhile for: a plan never gives it more (eye moves tire fast) */
  maxMinutes: number;
  /**
   * One round, rests included, in seconds: the steps describe one round and the plan repeats it
   * to fill the minutes the exercise is given. Absent: a continuous exercise (marching, breathing)
   * whose steps say "for {minutes}".
   */
  roundSeconds?: number;
  /**
   * How a plan says the number of rounds, with "{rounds}" ("3 rounds"), "{sets}" ("3 sets") or
   * "{times}" ("3 times", "twice"). Default: "Do {rounds} of this, with a few easy breaths between them." Left out when
   * one round fills the time.
   */
  dose?: string;
  intensity: Intensity;
  /** what it needs; [] = nothing at all */
  equipment: Equipment[];
  areas: BodyArea[];
  /** contraindications: never suggest to a user with any of these limitations */
  avoidFor: Limitation[];
  /** can be done entirely seated */
  seated: boolean;
  /** can be done standing */
  standing: boolean;
  /**
   * Moves a large part of the body (legs, hips, trunk, arms and shoulders): false for breathing,
   * eye exercises, holds and moves of only the fingers, wrists, feet, jaw or neck. Every break
   * spends at least MIN_MOVING_SHARE of its minutes on moving exercises (select.ts).
   */
  moving: boolean;
  /**
   * 2-4 short imperative steps, each at most 120 characters (2-3 when a dose step is added). A
   * continuous exercise names its length only as "{minutes}", filled in with its planned minutes.
   */
  steps: string[];
};

export type SuggestedExercise = { name: string; minutes: number; steps: string[] };

/** The suggestion shape shared by the AI path and the built-in library. */
export type Suggestion = {
  source: "ai" | "library";
  exercises: SuggestedExercise[];
  /** How many of its exercises the user swapped today (the dashboard's Swap; absent: none). */
  swaps?: number;
};

/** What `parsePreferences` reads out of the user's free-text preferences. */
export type ParsedPreferences = {
  limitations: Set<Limitation>;
  /** user cannot (or will not) stand: only fully seated exercises */
  seatedOnly: boolean;
  standingDesk: boolean;
  /** equipment the user says they HAVE */
  equipment: Set<Equipment>;
  /** user says they have no equipment */
  noEquipment: boolean;
  focusAreas: Set<BodyArea>;
};

export type BreakDuration = 5 | 10 | 15;
