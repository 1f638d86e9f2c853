"use client";

// A request the user starts with a button, without TanStack Query's useMutation: its state and a
// `run` that ignores a second call while one is under way.
import { useCallback, useEffect, useRef, useState } from "react";

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
  return {
    ...state,
    run,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
  };
}
