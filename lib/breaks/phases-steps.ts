// The guided break as one run of steps: every exercise's phases (lib/breaks/phases.ts) end to end,
// for the player's one progress bar, its "Exercise 1 of 2" and "Next: ..." lines, and Previous Step /
// Next Step.
//
// Previous Step and Next Step move the timer (lib/breaks/timer.ts) to the start of a step. Within an
// exercise that moves its position without the time passing, so the player keeps `ahead`: how far the
// exercise's position is ahead of the time really spent on it in this visit (Next Step: more;
// Previous Step: less, or below zero). When the exercise is left (its time ran out, a step across
// exercises, End Break Now) the time the timer banked for it is corrected by `ahead`, so the finish
// screen still judges the break by the time really spent, and a break stepped through is never taken
// for one whose timer ran to the end (which counts on its own).
// Client-safe: pure, no browser APIs.
import { stepName, type Phase } from "./phases";
import { exerciseElapsed, parseTimer, timerReducer, type TimerAction, type TimerState } from "./timer";

const SEC = 1000;

/** One step of the whole break. */
export interface BreakStep {
  /** Which exercise it belongs to. */
  exercise: number;
  /** Its phase within that exercise. */
  phase: number;
  /** Where it starts in the exercise's timer (get ready included), ms. */
  start: number;
  ms: number;
  kind: Phase["kind"];
}

/** Every exercise's phases, end to end. */
export function breakSteps(phases: readonly (readonly Phase[])[]): BreakStep[] {
  const steps: BreakStep[] = [];
  phases.forEach((list, exercise) => {
    let start = 0;
    list.forEach((p, phase) => {
      steps.push({ exercise, phase, start, ms: p.ms, kind: p.kind });
      start += p.ms;
    });
  });
  return steps;
}

/**
 * How long the break has left (ms) at `elapsed` ms into step `current` (an index among all the
 * break's steps): that step's rest and every later step's time, for the line under the progress bar.
 * Before the start (`current` null), the whole break.
 */
export function breakTimeLeft(phases: readonly (readonly Phase[])[], current: number | null, elapsed: number): number {
  const steps = breakSteps(phases);
  if (current === null) return steps.reduce((a, s) => a + s.ms, 0);
  let left = 0;
  for (let i = Math.max(0, current); i < steps.length; i++) left += steps[i]!.ms;
  const now = steps[current];
  return now ? Math.max(0, left - Math.min(now.ms, Math.max(0, elapsed))) : 0;
}

/**
 * The line under the progress bar, in whole minutes (to the nearest: the get-ready seconds make a
 * 15-minute break 15 min 15 s) so it reads apart from the step's own mm:ss countdown: "15 min in
 * all" before the start, then "About 9 min left in this break", and "Under a minute left" at the end.
 */
export function breakLeftLabel(ms: number, started: boolean): string {
  const minutes = Math.max(1, Math.round(Math.max(0, ms) / 60_000));
  if (!started) return `${minutes} min in all`;
  return ms < 60_000 ? "Under a minute left" : `About ${minutes} min left in this break`;
}

/** The index among all the break's steps of phase `phase` of exercise `exercise`. */
export function stepIndex(phases: readonly (readonly Phase[])[], exercise: number, phase: number): number {
  let before = 0;
  for (let i = 0; i < exercise && i < phases.length; i++) before += phases[i]!.length;
  return before + phase;
}

/** Where phase `phase` starts in its exercise's timer (ms). */
function startOf(list: readonly Phase[], phase: number): number {
  let start = 0;
  for (let i = 0; i < phase && i < list.length; i++) start += list[i]!.ms;
  return start;
}

/** The phase index at `elapsed` ms into an exercise (the last one once its time is spent). */
function phaseIndexAt(list: readonly Phase[], elapsed: number): number {
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    start += list[i]!.ms;
    if (elapsed < start) return i;
  }
  return Math.max(0, list.length - 1);
}

/**
 * Which exercise of how many, over the exercise's name ("Exercise 1 of 2"); null on a break of one
 * exercise, where it would say nothing.
 */
export function exerciseOfLabel(index: number, count: number): string | null {
  return count > 1 ? `Exercise ${index + 1} of ${count}` : null;
}

/**
 * The step after `index` in a few words, for the player's small "Next" line: "Next: Rest, 10 s",
 * "Next: Round 2 · Side 1", the next exercise by its name where one exercise ends, and "Last step"
 * at the end of the break.
 */
export function nextStepLine(phases: readonly (readonly Phase[])[], names: readonly string[], index: number): string {
  const steps = breakSteps(phases);
  const here = steps[index];
  const next = steps[index + 1];
  if (!here || !next) return "Last step";
  if (next.exercise !== here.exercise) return `Next: ${names[next.exercise] ?? "the next exercise"}`;
  const phase = phases[next.exercise]![next.phase]!;
  return `Next: ${phase.kind === "rest" ? `Rest, ${phase.ms / SEC} s` : stepName(phase)}`;
}

/**
 * What the player shows for a step: its name, the reps to do (the big number, when the step is a
 * set with reps; else the time left is), and a note ("Hold 20 s").
 */
export function stepDisplay(phase: Phase): { name: string; reps: number | null; note: string | null } {
  if (phase.kind === "ready") return { name: "Get ready", reps: null, note: null };
  if (phase.kind === "rest") return { name: "Rest", reps: null, note: null };
  const parts = (phase.detail ?? "").split(" · ").filter(Boolean);
  const reps = phase.reps;
  const others = parts.filter((p) => p !== `${reps} reps`);
  if (reps !== null) {
    const where = phase.label === "Go" ? others : [phase.label, ...others];
    return { name: where.join(" · ") || "Go", reps, note: null };
  }
  return { name: phase.label, reps: null, note: others.join(" · ") || null };
}

// ---- the player's state: the timer with Previous Step and Next Step ------------------------------

/** The timer's state and how far ahead of the time really spent the current exercise's position is. */
export interface PlayerState extends TimerState {
  /** ms: Next Step adds the time it skips, Previous Step takes off the time it repeats. */
  ahead: number;
}

export type StepCommand = "previousStep" | "nextStep";
export type PlayerAction = TimerAction | { type: StepCommand; now: number };

export function createPlayer(timer: TimerState): PlayerState {
  return { ...timer, ahead: 0 };
}

const active = (s: TimerState) => s.status === "running" || s.status === "paused";

/**
 * `next`, reached from `prev` by the timer: if it left `prev`'s exercise (`leaves`: the action
 * always does, when the timer runs or is paused), the time banked for it is
 * the time really spent on it (the position it was left at, less `ahead`), and `ahead` starts over.
 */
function settle(prev: PlayerState, next: TimerState, now: number, leaves = false): PlayerState {
  if (next.status === "ready") return { ...next, ahead: 0 };
  // Skip and Back always leave the exercise (Back on the first starts it over).
  const left = active(prev) && (leaves || next.index !== prev.index || next.status === "finished");
  if (!left) return { ...next, ahead: active(next) ? prev.ahead : 0 };
  const i = prev.index;
  const length = prev.durations[i] ?? 0;
  const at = exerciseElapsed({ ...prev, now: Math.max(prev.now, now) });
  const done = [...next.done];
  done[i] = Math.min(length, Math.max(0, (prev.done[i] ?? 0) + at - prev.ahead));
  return { ...next, done, ahead: 0 };
}

/** The current exercise at `to` ms into its timer, keeping running or paused. */
function seek(s: PlayerState, to: number, now: number): PlayerState {
  const at = exerciseElapsed(s);
  return { ...s, elapsed: to, startedAt: s.status === "running" ? now : null, now, ahead: s.ahead + (to - at) };
}

/** Whether there is a step before the current one (none on the break's first, nor before it starts). */
export function hasPreviousStep(phases: readonly (readonly Phase[])[], s: TimerState): boolean {
  if (!active(s)) return false;
  return s.index > 0 || phaseIndexAt(phases[s.index] ?? [], exerciseElapsed(s)) > 0;
}

/**
 * The timer's reducer with Previous Step and Next Step, for these exercises' phases. Next Step goes
 * to the start of the next step (from an exercise's last step, the next exercise's get ready; from the
 * break's last, the finish). Previous Step goes to the start of the step before, its time in full
 * again (from an exercise's get ready, the previous exercise's last step); on the first step it does
 * nothing. Both keep the timer running or paused.
 */
export function playerReducer(phases: readonly (readonly Phase[])[]) {
  return function reduce(state: PlayerState, action: PlayerAction): PlayerState {
    const { now } = action;
    switch (action.type) {
      case "restore": {
        const saved = parseTimer(action.saved, state.durations);
        if (!saved) return { ...state, now };
        const raw = typeof action.saved === "string" ? safeParse(action.saved) : action.saved;
        const ahead = readAhead(raw);
        const restored: PlayerState = { ...saved, ahead: active(saved) ? ahead : 0 };
        return settle(restored, timerReducer(restored, { type: "tick", now }), now);
      }
      case "nextStep":
      case "previousStep": {
        const s = settle(state, timerReducer(state, { type: "tick", now }), now);
        if (!active(s)) return s;
        const list = phases[s.index] ?? [];
        const current = phaseIndexAt(list, exerciseElapsed(s));
        if (action.type === "nextStep") {
          if (current + 1 < list.length) return seek(s, startOf(list, current + 1), now);
          return settle(s, timerReducer(s, { type: "skip", now }), now, true);
        }
        if (current > 0) return seek(s, startOf(list, current - 1), now);
        if (s.index === 0) return s;
        const back = settle(s, timerReducer(s, { type: "back", now }), now, true);
        const previous = phases[back.index] ?? [];
        return seek(back, startOf(previous, Math.max(0, previous.length - 1)), now);
      }
      default:
        return settle(state, timerReducer(state, action), now, action.type === "skip" || action.type === "back");
    }
  };
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A stored `ahead` (0 when there is none, as in a run stored before Previous Step and Next Step). */
function readAhead(raw: unknown): number {
  const a = raw && typeof raw === "object" ? (raw as { ahead?: unknown }).ahead : undefined;
  return typeof a === "number" && Number.isFinite(a) ? a : 0;
}
