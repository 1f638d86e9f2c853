"use client";

// Refetching without TanStack Query (the dashboard, the shell's session check): on open, on an
// interval and/or whenever the page is shown again.
import { useEffect, useRef } from "react";

export interface PollingOptions {
  /** Run once on mount (the spec's "refetch on open"). */
  onMount?: boolean;
  /** Run every this many ms while mounted. */
  intervalMs?: number;
  /** Run whenever the page becomes visible again (TanStack's "refetch on window focus"). */
  onFocus?: boolean;
}

/** Calls `run` on mount / every `intervalMs` / on focus. `run` may change between renders. */
export function usePolling(run: () => void, { onMount = false, intervalMs, onFocus = false }: PollingOptions) {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const tick = () => latest.current();
    if (onMount) tick();
    const id = intervalMs ? setInterval(tick, intervalMs) : undefined;
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    if (onFocus) document.addEventListener("visibilitychange", onVisible);
    return () => {
      if (id) clearInterval(id);
      if (onFocus) document.removeEventListener("visibilitychange", onVisible);
    };
  }, [onMount, intervalMs, onFocus]);
}
