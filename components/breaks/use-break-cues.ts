"use client";

// The guided break's sounds: short beeps made with the Web Audio API (an OscillatorNode through a
// gain envelope, no audio files) at each phase change, ticks at the get-ready 3-2-1 and a rising
// chime at the end; and the sound on/off setting, remembered in localStorage (default on).
import { useCallback, useSyncExternalStore } from "react";

export const SOUND_KEY = "limber:break-sound";

const listeners = new Set<() => void>();

function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== "off";
  } catch {
    return true; // storage disabled: the default
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SOUND_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Whether the break plays its sounds, and a way to switch them (remembered on this device). */
export function useSoundSetting(): [boolean, () => void] {
  const on = useSyncExternalStore(subscribe, readSound, () => true);
  const toggle = useCallback(() => {
    try {
      localStorage.setItem(SOUND_KEY, readSound() ? "off" : "on");
    } catch {
      // disabled: nothing to remember it in
    }
    for (const l of listeners) l();
  }, []);
  return [on, toggle];
}

export type Cue = "tick" | "work" | "rest" | "finish";

/** Each cue's notes: [frequency Hz, start s, length s]. */
const NOTES: Record<Cue, [number, number, number][]> = {
  tick: [[660, 0, 0.08]],
  work: [[880, 0, 0.18]],
  rest: [[523, 0, 0.22]],
  finish: [
    [660, 0, 0.16],
    [880, 0.18, 0.16],
    [1175, 0.36, 0.4],
  ],
};

let context: AudioContext | null = null;

/**
 * The page's one AudioContext, made (or woken) only after the user has interacted with the page:
 * browsers keep audio off until then and warn about a context made too early.
 */
function audio(): AudioContext | null {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return null;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return null;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume().catch(() => {});
    return context;
  } catch {
    return null;
  }
}

/** Readies audio inside a click or key press (Start), so later cues may sound. */
export function primeAudio() {
  audio();
}

/** Plays a cue: short sine notes with a quick fade in and out (no click). */
export function playCue(cue: Cue) {
  const ctx = audio();
  if (!ctx) return;
  try {
    const t0 = ctx.currentTime + 0.01;
    for (const [frequency, start, length] of NOTES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const t = t0 + start;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.3, t + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
    }
  } catch {
    // audio unavailable here: the announcement and the vibration still mark the change
  }
}
