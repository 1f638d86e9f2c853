"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False while the server renders and during hydration, true afterwards: for what only the browser
 * knows (its time zone and locale) and for what differs once scripts run. Only the component that
 * calls it renders again when it turns true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
