"use client";

// The player's reducer (the timer of lib/breaks/timer.ts with Previous Step and Next Step,
// lib/breaks/phases-steps.ts) wired to the browser: the wall clock, a tick while running, and
// sessionStorage so a reload (or the phone dropping the tab) resumes where it was.
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import type { Phase } from "@/lib/breaks/phases";
import { createPlayer, playerReducer, type PlayerAction, type PlayerState } from "@/lib/breaks/phases-steps";
import { createTimer, type TimerState } from "@/lib/breaks/timer";

export type Command = Exclude<PlayerAction["type"], "restore" | "tick">;

/** What Start / Pause / Resume (and the Space key) does in this status. */
export function toggleCommand(status: TimerState["status"]): Command {
  return status === "ready" ? "start" : status === "running" ? "pause" : "resume";
}

const TICK_MS = 250;

function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage disabled: the break still runs, it just won't survive a reload
  }
}

export function useBreakTimer(
  durations: number[],
  storageKey: string,
  /** Each exercise's phases (their lengths add up to `durations`). */
  phases: readonly (readonly Phase[])[],
): [PlayerState, (command: Command) => void] {
  const reducer = useMemo(() => playerReducer(phases), [phases]);
  const [state, dispatch] = useReducer(reducer, durations, (d) => createPlayer(createTimer(d)));
  const saved = useRef<{ key: string; value: string | null } | null>(null);
  const restored = useRef(false);
  const written = useRef<string | null>(null);

  // Written before the restore below runs (effects run in order), so the first, server-rendered
  // "ready" state never overwrites what is stored. Ticks only move `now`: nothing new to store.
  useEffect(() => {
    if (!restored.current) return;
    const { now: _now, ...kept } = state;
    const key = `${storageKey}\n${JSON.stringify(kept)}`;
    if (written.current === key) return;
    written.current = key;
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // full or disabled: see readStorage
    }
  }, [storageKey, state]);

  // Restored after mount, not in the initializer: the server rendered the ready state, and the
  // first client render must match it. The stored value is read once (effects may run twice in dev).
  useEffect(() => {
    if (saved.current?.key !== storageKey) saved.current = { key: storageKey, value: readStorage(storageKey) };
    if (saved.current.value) dispatch({ type: "restore", saved: saved.current.value, now: Date.now() });
    restored.current = true;
  }, [storageKey]);

  // Time comes from timestamps; the tick only refreshes the display (and crosses boundaries).
  useEffect(() => {
    if (state.status !== "running") return;
    const tick = () => dispatch({ type: "tick", now: Date.now() });
    const id = setInterval(tick, TICK_MS);
    const onVisibility = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(id);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [state.status]);

  const run = useCallback((command: Command) => dispatch({ type: command, now: Date.now() }), []);
  return [state, run];
}
