"use client";

import { useEffect } from "react";

/**
 * Keeps the screen on while `active` (the guided break is running), where the browser has the
 * Screen Wake Lock API. The browser drops the lock whenever the page is hidden, so it is asked for
 * again when the page is shown; it is released as soon as `active` turns false or on unmount.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof navigator === "undefined" || !("wakeLock" in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let done = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request("screen");
        // Paused (or left) while the request was pending.
        if (done) void lock.release().catch(() => {});
        else sentinel = lock;
      } catch {
        // Refused (battery saver, a hidden page, policy): the break works without it.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void acquire();
    };
    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      done = true;
      document.removeEventListener("visibilitychange", onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
      sentinel = null;
    };
  }, [active]);
}
