"use client";

// The small client-side data hooks of the pages that do not ship TanStack Query: a refetch on open,
// on an interval and/or when the page is shown again, and a one-shot action with its busy state.
import { useCallback, useEffect, useRef, useState } from "react";

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

export type ActionState<T> =
  | { status: "idle"; data?: undefined; error?: undefined }
  | { status: "pending"; data?: undefined; error?: undefined }
  | { status: "success"; data: T; error?: undefined }
  | { status: "error"; data?: undefined; error: unknown };

/**
 * A request the user starts (a button): its state, and `run`, which ignores a second call while
 * one is under way. Resolves with the answer (undefined after an error, already in the state).
 */
export function useAction<A extends unknown[], T>(fn: (...args: A) => Promise<T>) {
  const [state, setState] = useState<ActionState<T>>({ status: "idle" });
  const busy = useRef(false);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const run = useCallback(async (...args: A): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    setState({ status: "pending" });
    try {
      const data = await latest.current(...args);
      setState({ status: "success", data });
      return data;
    } catch (error) {
      setState({ status: "error", error });
      return undefined;
    } finally {
      busy.current = false;
    }
  }, []);
  return { ...state, run, isPending: state.status === "pending", isSuccess: state.status === "success", isError: state.status === "error" };
}
