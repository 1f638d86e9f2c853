"use client";

import { useEffect } from "react";

/**
 * Registers the service worker (public/sw.js) once the page has loaded, in idle time, so it never
 * competes with the page's own loading; and keeps the browser's install prompt, which may come
 * on any page, for Settings' "Install Limber" (INSTALL_PROMPT_KEY in ./use-install-prompt, not
 * imported: the shell stays this small). Production builds only: development chunks are not
 * content-hashed, and a worker caching them would serve stale code (one left over is removed).
 */
export function RegisterServiceWorker() {
  useEffect(() => {
    const keep = (e: Event) => void ((window as unknown as Record<string, Event>).__limberInstallPrompt = e);
    window.addEventListener("beforeinstallprompt", keep);
    if ("serviceWorker" in navigator) {
      if (process.env.NODE_ENV !== "production") {
        void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
      } else {
        // Then the worker keeps the build files this page loaded before it was there, so the
        // page also opens offline later.
        const register = () =>
          void navigator.serviceWorker
            .register("/sw.js", { scope: "/" })
            .then(() => navigator.serviceWorker.ready)
            .then((r) => r.active?.postMessage({ cache: performance.getEntriesByType("resource").map((e) => e.name) }))
            .catch(() => undefined);
        const idle = () =>
          "requestIdleCallback" in window
            ? requestIdleCallback(register, { timeout: 5000 })
            : setTimeout(register, 1000);
        if (document.readyState === "complete") idle();
        else window.addEventListener("load", idle, { once: true });
      }
    }
    return () => window.removeEventListener("beforeinstallprompt", keep);
  }, []);
  return null;
}
