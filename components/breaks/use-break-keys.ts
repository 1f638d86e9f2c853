"use client";

import { useEffect } from "react";
import type { TimerState } from "@/lib/breaks/timer";
import { toggleCommand, type Command } from "./use-break-timer";

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && !!target.closest("input, textarea, select, [contenteditable='true']");
}

function isControl(target: EventTarget | null) {
  return target instanceof HTMLElement && !!target.closest("button, a, summary, [role='button'], [role='link']");
}

/** Space pauses or resumes, → and ← go to the next and the previous step; a focused control keeps its own keys. */
export function useBreakKeys(status: TimerState["status"], run: (command: Command) => void) {
  useEffect(() => {
    if (status === "finished") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || isTyping(e.target)) return;
      if (e.key === " " && !isControl(e.target)) {
        e.preventDefault();
        run(toggleCommand(status));
      } else if (e.key === "ArrowRight" && status !== "ready") {
        e.preventDefault();
        run("nextStep");
      } else if (e.key === "ArrowLeft" && status !== "ready") {
        e.preventDefault();
        run("previousStep");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [status, run]);
}
