// The guided break's phases: how one exercise is coached, derived from its own words. A library
// exercise's plan writes its dose into the steps ("Do 3 sets in all, resting 20 seconds between
// them.", "Do 2 rounds of this, with a few easy breaths between them.", "twice in all"); an AI
// exercise has only its minutes and steps ("4 sets × 12, rest 20 s"). Either way the steps are read
// for sets or rounds, reps, rests, holds and sides; with none of those the exercise is one
// continuous stretch of work. Each exercise starts with a short get-ready countdown that is not
// exercise time: the timer runs READY_MS + the exercise's length, and the finish screen leaves the
// get-ready seconds out (see `leadMs` in lib/breaks/timer.ts).
// Client-safe: no imports.

/** The get-ready countdown before each exercise (ms). */
export const READY_MS = 5_000;

export type PhaseKind = "ready" | "work" | "rest";

export interface Phase {
  kind: PhaseKind;
  /** Length, ms (whole seconds). */
  ms: number;
  /** What the screen shows big: "Get ready", "Set 2 of 4", "Round 1 of 3", "Side 1 of 2", "Go", "Rest · 20 s". */
  label: string;
  /** A smaller line under it: "12 reps", "Side 2 of 2", "Hold 20 s", or during a rest what comes next. */
  detail: string | null;
  /** The reps to do in this work phase (the timer only bounds them), else null. */
  reps: number | null;
}

/** What the steps say about how the exercise is done. */
export interface Dose {
  /** How many sets or rounds (1: one continuous stretch). */
  sets: number;
  /** How they are named on screen. */
  unit: "Set" | "Round";
  /** Rest between sets, seconds (0: none). */
  restSeconds: number;
  reps: number | null;
  holdSeconds: number | null;
  /** Done on one side, then the other. */
  sides: boolean;
}

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
const NUM = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)`;
const SECONDS = String.raw`(?:s|secs?|seconds?)\b`;

function num(token: string | undefined): number | null {
  if (!token) return null;
  const n = /^\d+$/.test(token) ? Number(token) : (WORDS[token.toLowerCase()] ?? NaN);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function first(text: string, patterns: RegExp[]): number | null {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) {
      const n = num(m[1]);
      if (n !== null) return n;
    }
  }
  return null;
}

/** Reads the dose out of an exercise's steps. */
export function doseOf(steps: readonly string[]): Dose {
  const text = steps.join(" ").replace(/\s+/g, " ");
  let unit: Dose["unit"] = "Round";
  let sets = 1;
  const setsMatch = new RegExp(String.raw`\b${NUM}\s+(sets?|rounds?)\b`, "i").exec(text);
  if (setsMatch) {
    sets = num(setsMatch[1]) ?? 1;
    unit = /^set/i.test(setsMatch[2]!) ? "Set" : "Round";
  } else {
    const times = first(text, [new RegExp(String.raw`\b${NUM}\s+times\s+in\s+all\b`, "i")]);
    if (times !== null) sets = times;
    else if (/\btwice in all\b/i.test(text)) sets = 2;
  }
  sets = Math.min(Math.max(1, Math.floor(sets)), 20);

  let restSeconds = 0;
  if (sets > 1) {
    const rest = first(text, [
      new RegExp(String.raw`\brest(?:ing)?\s+(?:for\s+)?(?:about\s+)?${NUM}\s*${SECONDS}`, "i"),
      new RegExp(String.raw`\b${NUM}\s*${SECONDS}\s+(?:of\s+)?rest\b`, "i"),
      new RegExp(String.raw`\b${NUM}\s*${SECONDS}\s+between\b`, "i"),
    ]);
    if (rest !== null) restSeconds = rest;
    else if (/\bhalf a minute\b[^.]*\bbetween\b/i.test(text)) restSeconds = 30;
    else if (/\b(?:a )?few (?:easy |slow |deep )?breaths between\b/i.test(text)) restSeconds = 10;
  }

  const reps = first(text, [
    new RegExp(String.raw`\b${NUM}\s+reps?\b`, "i"),
    new RegExp(String.raw`\b\d+\s+sets?\s*[×x]\s*${NUM}\b`, "i"),
    new RegExp(String.raw`\bsets?\s+of\s+${NUM}\b`, "i"),
    new RegExp(String.raw`\bdo\s+${NUM}\b(?!\s+(?:sets?|rounds?|times|seconds?|minutes?|s\b))`, "i"),
    new RegExp(String.raw`\brepeat\s+${NUM}\s+times\b`, "i"),
  ]);
  const holdSeconds = first(text, [
    new RegExp(
      String.raw`\bhold(?:ing)?(?:\s+(?:it|each|the stretch|this))?\s+(?:for\s+)?(?:about\s+)?${NUM}\s*${SECONDS}`,
      "i",
    ),
  ]);
  const sides = /\b(?:each side|switch sides|other side|both sides|each leg|each arm|switch legs|switch arms)\b/i.test(
    text,
  );
  return { sets, unit, restSeconds, reps, holdSeconds, sides };
}

const SEC = 1000;
/** A set, or one side of it, is never shorter than this: rests give way first, then sets. */
const MIN_WORK_MS = 10 * SEC;

const floorSec = (ms: number) => Math.floor(ms / SEC) * SEC;

/**
 * The exercise's phases: get ready, then work (per set, per side) with rests between sets. The
 * work and rest phases add up to exactly `exerciseMs` (the planned length); get ready is READY_MS
 * on top.
 */
export function phasesOf(exercise: { steps: readonly string[] }, exerciseMs: number): Phase[] {
  const total = Math.max(SEC, Math.round(exerciseMs));
  const dose = doseOf(exercise.steps);
  let { sets } = dose;
  let rest = dose.restSeconds * SEC;
  // Rests shrink, then go, then sets go, until each set has time enough.
  while (sets > 1 && (total - (sets - 1) * rest) / sets < MIN_WORK_MS) {
    if (rest > 0) rest = rest >= 2 * SEC ? floorSec(rest / 2) : 0;
    else sets -= 1;
  }
  if (sets <= 1) rest = 0;
  const work = sets > 1 ? floorSec((total - (sets - 1) * rest) / sets) : total;
  const lastWork = total - (sets - 1) * (work + rest);
  const split = dose.sides && work >= 2 * MIN_WORK_MS;

  const counted = sets > 1;
  const setLabel = (i: number) => `${dose.unit} ${i} of ${sets}`;
  const extra = [
    dose.reps !== null ? `${dose.reps} reps` : null,
    dose.holdSeconds ? `Hold ${dose.holdSeconds} s` : null,
  ]
    .filter(Boolean)
    .join(" · ");

  const phases: Phase[] = [{ kind: "ready", ms: READY_MS, label: "Get ready", detail: null, reps: null }];
  for (let i = 1; i <= sets; i++) {
    const ms = i === sets ? lastWork : work;
    if (split) {
      const firstHalf = floorSec(ms / 2);
      for (const [side, len] of [
        [1, firstHalf],
        [2, ms - firstHalf],
      ] as const) {
        phases.push({
          kind: "work",
          ms: len,
          label: counted ? setLabel(i) : `Side ${side} of 2`,
          detail: [counted ? `Side ${side} of 2` : null, extra || null].filter(Boolean).join(" · ") || null,
          reps: dose.reps,
        });
      }
    } else {
      phases.push({ kind: "work", ms, label: counted ? setLabel(i) : "Go", detail: extra || null, reps: dose.reps });
    }
    if (i < sets && rest > 0) {
      phases.push({
        kind: "rest",
        ms: rest,
        label: `Rest · ${rest / SEC} s`,
        detail: `Next: ${setLabel(i + 1)}`,
        reps: null,
      });
    }
  }
  return phases;
}

/** A phase in a word or two: "Get ready", "Set 2", "Round 1 · Side 2", "Rest", "Go". */
export function stepName(phase: Phase): string {
  if (phase.kind === "ready") return "Get ready";
  if (phase.kind === "rest") return "Rest";
  const name = phase.label.replace(/ of \d+$/, "");
  const side = /\bSide (\d) of 2\b/.exec(phase.detail ?? "");
  return side && !name.startsWith("Side") ? `${name} · Side ${side[1]}` : name;
}

/** The timer's length for each exercise: its get-ready countdown plus its own length. */
export function timerDurations(exerciseMs: readonly number[]): number[] {
  return exerciseMs.map((ms) => READY_MS + ms);
}

export interface PhasePosition {
  /** Index into the phases. */
  index: number;
  phase: Phase;
  /** Time left in this phase (ms). */
  remaining: number;
  /** Time spent in it (ms). */
  elapsed: number;
}

/** Where `elapsed` ms into the exercise (get ready included) falls; past the end, the last phase, spent. */
export function phaseAt(phases: readonly Phase[], elapsed: number): PhasePosition {
  let start = 0;
  for (let i = 0; i < phases.length; i++) {
    const p = phases[i]!;
    if (elapsed < start + p.ms)
      return { index: i, phase: p, remaining: start + p.ms - elapsed, elapsed: elapsed - start };
    start += p.ms;
  }
  const last = Math.max(0, phases.length - 1);
  const phase = phases[last] ?? { kind: "work" as const, ms: 0, label: "Go", detail: null, reps: null };
  return { index: last, phase, remaining: 0, elapsed: phase.ms };
}

/** The plan in a line, for before the break starts: "3 sets · 12 reps · 20 s rest", or null when continuous. */
export function summaryOf(exercise: { steps: readonly string[] }, phases: readonly Phase[]): string | null {
  const dose = doseOf(exercise.steps);
  const sets = new Set(phases.filter((p) => p.kind === "work").map((p) => p.label)).size;
  const rest = phases.find((p) => p.kind === "rest");
  const counted = phases.some((p) => p.kind === "work" && / of \d+$/.test(p.label) && !p.label.startsWith("Side"));
  const parts = [
    counted ? `${sets} ${dose.unit.toLowerCase()}s` : null,
    dose.reps !== null ? `${dose.reps} reps` : null,
    dose.sides ? "each side" : null,
    rest ? `${rest.ms / SEC} s rest` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}
