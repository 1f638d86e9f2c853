"use client";

// "Try your first break now": set by the setup screen as it hands over to the dashboard, read by
// the Now card. Per tab (sessionStorage): the offer belongs to the moment onboarding ends.
import { useSyncExternalStore } from "react";

const KEY = "limber:first-break";

export function offerFirstBreak() {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // storage disabled: the Now card shows its usual words
  }
}

function read(): boolean {
  try {
    return sessionStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

const subscribe = () => () => {};

/** True in the tab that has just finished setup (false on the server and before hydration). */
export function useFirstBreakOffer(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
