"use client";

import { useEffect } from "react";

const MARGIN_PX = 8;

/**
 * Keeps the focused element clear of what is stuck to the screen's edges: the header
 * (`data-sticky="top"`), the bottom navigation and Settings' Save bar (`data-sticky="bottom"`).
 * Browsers scroll a focused element into view only when it is off screen, not when it is under a
 * sticky bar (scroll-padding is not consulted for that check), so a field reached with Tab on a
 * phone could sit hidden under the Save bar. Renders nothing.
 */
export function KeepFocusInView() {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement) || el.closest("[data-sticky]")) return;
      // After the browser's own scrolling for the focus, if any.
      requestAnimationFrame(() => {
        if (document.activeElement !== el) return;
        const r = el.getBoundingClientRect();
        let top = 0;
        let bottom = window.innerHeight;
        for (const bar of document.querySelectorAll<HTMLElement>("[data-sticky]")) {
          const b = bar.getBoundingClientRect();
          if (b.height === 0) continue;
          if (bar.dataset.sticky === "top") top = Math.max(top, b.bottom);
          // A fixed bar covers everything under it; a sticky one only what comes before it in the page.
          else if (
            getComputedStyle(bar).position === "fixed" ||
            el.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING
          )
            bottom = Math.min(bottom, b.top);
        }
        if (r.bottom > bottom - MARGIN_PX) window.scrollBy({ top: r.bottom - bottom + MARGIN_PX });
        else if (r.top < top + MARGIN_PX) window.scrollBy({ top: r.top - top - MARGIN_PX });
      });
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, []);
  return null;
}
