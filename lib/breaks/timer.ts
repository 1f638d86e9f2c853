// The guided break's timer: a pure reducer over wall-clock timestamps. Every action carries the
// time it happened (`now`, ms since the epoch); the time spent is always recomputed from when the
// running stretch started, never counted from ticks, so a throttled background tab, a sleeping
// phone or a reload (the state is plain JSON, kept in sessionStorage) all show the right time.
// Client-safe: no imports.

export type TimerStatus = "ready" | "running" | "paused" | "finished";

export interface TimerState {
  /** Format version of the stored state (2: with `done`). */
  v: 2;
  /** Length of each exercise, ms. */
  durations: number[];
  /**
   * Time actually spent on each exercise in this run (ms, at most its length), banked when the
   * exercise is left (its time ran out, skip, back, end): what the finish screen judges the break by.
   */
  done: number[];
  status: TimerStatus;
  /** The current exercise. */
  index: number;
  /** Time spent on the current exercise before the running stretch began (ms). */
  elapsed: number;
  /** When the running stretch on the current exercise began; null unless running. */
  startedAt: number | null;
  /** When it was paused; null unless paused. */
  pausedAt: number | null;
  /** When the last exercise ended (or the break was ended early); null until finished. */
  finishedAt: number | null;
  /** The latest time any action brought: the view derives the countdown from it. */
  now: number;
}

export type TimerAction =
  | { type: "start"; now: number }
  | { type: "tick"; now: number }
  | { type: "pause"; now: number }
  | { type: "resume"; now: number }
  | { type: "skip"; now: number }
  | { type: "back"; now: number }
  | { type: "finish"; now: number }
  | { type: "restart"; now: number }
  /** Replaces the state with a stored one (validated against this break's exercises), then catches up to `now`. */
  | { type: "restore"; saved: unknown; now: number };

const MINUTE_MS = 60_000;

/**
 * Exercise lengths in ms: an exercise's own `seconds` (the length its steps need) when it has one,
 * else its minutes; at least one second each, so a bad value cannot stall or loop.
 */
export function durationsOf(exercises: readonly { minutes: number; seconds?: number | null }[]): number[] {
  return exercises.map((e) => {
    const ms =
      typeof e.seconds === "number" && Number.isFinite(e.seconds) && e.seconds > 0
        ? e.seconds * 1000
        : (Number.isFinite(e.minutes) ? e.minutes : 0) * MINUTE_MS;
    return Math.max(1000, Math.round(ms));
  });
}

export function createTimer(durations: readonly number[], now = 0): TimerState {
  return {
    v: 2,
    durations: [...durations],
    done: durations.map(() => 0),
    status: "ready",
    index: 0,
    elapsed: 0,
    startedAt: null,
    pausedAt: null,
    finishedAt: null,
    now,
  };
}

/** Time spent on the current exercise at the state's `now`. */
export function exerciseElapsed(s: TimerState): number {
  if (s.status === "finished") return s.durations[s.index] ?? 0;
  const running = s.status === "running" && s.startedAt !== null ? Math.max(0, s.now - s.startedAt) : 0;
  return Math.min(s.elapsed + running, s.durations[s.index] ?? 0);
}

/** Time left on the current exercise (ms). */
export function remainingMs(s: TimerState): number {
  return Math.max(0, (s.durations[s.index] ?? 0) - exerciseElapsed(s));
}

/**
 * The break's length (ms). `leadMs` is a lead-in at the start of every exercise that is not exercise
 * time (the guided break's get-ready countdown, lib/breaks/phases.ts): left out of it.
 */
export function totalMs(s: Pick<TimerState, "durations">, leadMs = 0): number {
  return s.durations.reduce((a, b) => a + Math.max(0, b - leadMs), 0);
}

/** Exercise time in `ms` spent from an exercise's start: the lead-in does not count. */
const past = (ms: number, leadMs: number) => Math.max(0, ms - leadMs);

/** Share of the whole break done, 0-1 (exercises skipped count as done: it is where the user is). */
export function overallProgress(s: TimerState, leadMs = 0): number {
  if (s.status === "finished") return 1;
  const total = totalMs(s, leadMs);
  if (total === 0) return 0;
  const before = s.durations.slice(0, s.index).reduce((a, b) => a + past(b, leadMs), 0);
  return Math.min(1, (before + past(exerciseElapsed(s), leadMs)) / total);
}

/** `done` with `ms` more on exercise `index`, capped at its length. */
function bank(done: readonly number[], durations: readonly number[], index: number, ms: number): number[] {
  if (index < 0 || index >= durations.length || ms <= 0) return [...done];
  const next = [...done];
  next[index] = Math.min(durations[index]!, (next[index] ?? 0) + ms);
  return next;
}

/** The state with the current exercise's time so far banked (before leaving it early). */
function leave(s: TimerState): TimerState {
  return { ...s, done: bank(s.done, s.durations, s.index, exerciseElapsed(s)) };
}

function finished(s: TimerState, at: number, now: number): TimerState {
  return {
    ...s,
    status: "finished",
    index: Math.max(0, s.durations.length - 1),
    elapsed: 0,
    startedAt: null,
    pausedAt: null,
    finishedAt: at,
    now,
  };
}

/**
 * Brings a running timer up to `now`: crosses as many exercise boundaries as the time passed
 * (time beyond a boundary carries into the next exercise), finishing after the last one.
 */
function catchUp(s: TimerState, now: number): TimerState {
  if (s.status !== "running" || s.startedAt === null) return { ...s, now };
  let index = s.index;
  let spent = s.elapsed + Math.max(0, now - s.startedAt);
  if (spent < s.durations[index]!) return { ...s, now };
  let done = s.done;
  while (index < s.durations.length && spent >= s.durations[index]!) {
    // An exercise whose time ran out was done in full.
    done = bank(done, s.durations, index, s.durations[index]!);
    spent -= s.durations[index]!;
    index += 1;
  }
  if (index >= s.durations.length) return finished({ ...s, done }, now - spent, now);
  // The new exercise's running stretch began when the previous one ended.
  return { ...s, done, index, elapsed: 0, startedAt: now - spent, now };
}

/** Moves to exercise `index` from its start, keeping running or paused. */
function goTo(s: TimerState, index: number, now: number): TimerState {
  return { ...s, index, elapsed: 0, startedAt: s.status === "running" ? now : null, now };
}

export function timerReducer(state: TimerState, action: TimerAction): TimerState {
  const { now } = action;
  switch (action.type) {
    case "start":
      if (state.status !== "ready") return catchUp(state, now);
      if (state.durations.length === 0) return finished(state, now, now);
      return {
        ...state,
        status: "running",
        index: 0,
        elapsed: 0,
        startedAt: now,
        pausedAt: null,
        finishedAt: null,
        now,
      };
    case "tick":
      return catchUp(state, now);
    case "pause": {
      const s = catchUp(state, now);
      if (s.status !== "running" || s.startedAt === null) return s;
      return {
        ...s,
        status: "paused",
        elapsed: s.elapsed + Math.max(0, now - s.startedAt),
        startedAt: null,
        pausedAt: now,
      };
    }
    case "resume":
      if (state.status !== "paused") return catchUp(state, now);
      return { ...state, status: "running", startedAt: now, pausedAt: null, now };
    case "skip": {
      const s = catchUp(state, now);
      if (s.status !== "running" && s.status !== "paused") return s;
      if (s.index + 1 >= s.durations.length) return finished(leave(s), now, now);
      return goTo(leave(s), s.index + 1, now);
    }
    case "back": {
      const s = catchUp(state, now);
      if (s.status !== "running" && s.status !== "paused") return s;
      // At the first exercise, back starts it over.
      return goTo(leave(s), Math.max(0, s.index - 1), now);
    }
    case "finish": {
      if (state.status === "finished") return { ...state, now };
      const s = catchUp(state, now);
      if (s.status === "finished") return s;
      // Ended before it started: nothing was done.
      return finished(s.status === "ready" ? s : leave(s), now, now);
    }
    case "restart":
      return createTimer(state.durations, now);
    case "restore": {
      const saved = parseTimer(action.saved, state.durations);
      return saved ? catchUp(saved, now) : { ...state, now };
    }
  }
}

const isTime = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x >= 0;
const isTimeOrNull = (x: unknown): x is number | null => x === null || isTime(x);

/**
 * A stored state, if it is well formed and for exercises of these lengths (the day's plan can be
 * remade when settings change: then the stored run no longer applies and the break starts fresh).
 */
export function parseTimer(raw: unknown, durations: readonly number[]): TimerState | null {
  let x: unknown = raw;
  if (typeof raw === "string") {
    try {
      x = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!x || typeof x !== "object") return null;
  const s = x as Record<string, unknown>;
  if (s.v !== 2 || !Array.isArray(s.durations) || s.durations.length !== durations.length) return null;
  if (!s.durations.every((d, i) => d === durations[i])) return null;
  if (!Array.isArray(s.done) || s.done.length !== durations.length) return null;
  if (!s.done.every((d, i) => isTime(d) && d <= durations[i]!)) return null;
  if (s.status !== "ready" && s.status !== "running" && s.status !== "paused" && s.status !== "finished") return null;
  if (!Number.isInteger(s.index) || (s.index as number) < 0 || (s.index as number) >= Math.max(1, durations.length))
    return null;
  if (
    !isTime(s.elapsed) ||
    !isTime(s.now) ||
    !isTimeOrNull(s.startedAt) ||
    !isTimeOrNull(s.pausedAt) ||
    !isTimeOrNull(s.finishedAt)
  )
    return null;
  if (s.status === "running" && s.startedAt === null) return null;
  if (s.status === "finished" && s.finishedAt === null) return null;
  return {
    v: 2,
    durations: [...durations],
    done: [...(s.done as number[])],
    status: s.status,
    index: s.index as number,
    elapsed: s.elapsed,
    startedAt: s.status === "running" ? s.startedAt : null,
    pausedAt: s.status === "paused" ? s.pausedAt : null,
    finishedAt: s.status === "finished" ? s.finishedAt : null,
    now: s.now,
  };
}

// ---- how the break went ---------------------------------------------------------------------------

/** Share of the break's time that makes it complete (the last seconds may be skipped). */
export const COMPLETE_SHARE = 0.8;
/** Below this share the break was skipped through, not done. */
export const SKIPPED_SHARE = 0.25;

export type BreakOutcome = "complete" | "partial" | "skipped";

/**
 * Time actually spent on the break's exercises (ms): banked time plus the current exercise's
 * (without each exercise's `leadMs` lead-in, see totalMs).
 */
export function doneMs(s: TimerState, leadMs = 0): number {
  const banked = s.done.reduce((a, b) => a + past(b, leadMs), 0);
  return s.status === "finished" ? banked : Math.min(totalMs(s, leadMs), banked + past(exerciseElapsed(s), leadMs));
}

/**
 * How a finished break went, by the time really spent on it, never by where the timer ended up:
 * Skip moves on without doing an exercise, so a break skipped through is "skipped" (the finish
 * screen does not call it complete, and nothing counts it on its own); one ended early after a
 * real effort is "partial"; "complete" from COMPLETE_SHARE of its time.
 */
export function breakOutcome(s: TimerState, leadMs = 0): BreakOutcome {
  const total = totalMs(s, leadMs);
  if (total === 0) return "skipped";
  const share = doneMs(s, leadMs) / total;
  if (share >= COMPLETE_SHARE) return "complete";
  return share < SKIPPED_SHARE ? "skipped" : "partial";
}

/**
 * Whether the break's timer ran out on every exercise (each one's whole time spent on it, none cut
 * short by Skip, Back or End break now): such a break counts on its own, with no "I did it".
 */
export function ranOut(s: TimerState): boolean {
  return s.status === "finished" && s.durations.length > 0 && s.durations.every((d, i) => (s.done[i] ?? 0) >= d);
}

/** A length in short form for lists ("2 min", "45 s", "1 min 30 s"). */
export function shortLength(ms: number): string {
  const total = Math.round(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  if (m === 0) return `${sec} s`;
  return sec === 0 ? `${m} min` : `${m} min ${sec} s`;
}

/** "mm:ss", rounding up so the display reads 0:00 only when the time is over. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return `${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
}

/** The countdown in words, for its accessible label ("2 minutes 5 seconds"). */
export function spokenCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  const parts: string[] = [];
  if (m > 0) parts.push(`${m} ${m === 1 ? "minute" : "minutes"}`);
  if (sec > 0 || m === 0) parts.push(`${sec} ${sec === 1 ? "second" : "seconds"}`);
  return parts.join(" ");
}
