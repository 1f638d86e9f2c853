"use client";

// A guard before leaving a page with unsaved changes: closing or reloading the tab asks the
// browser's own question (beforeunload), and a click on an in-app link or on a control marked
// `data-leaves-page` (Logout) is held until the user confirms. The App Router has no navigation
// blocker, so clicks are caught in the capture phase on the document, before Next's <Link>.
import { useEffect, useRef, useState } from "react";

export interface PendingLeave {
  /** Leaves after all: follows the link, or clicks the control again without the guard. */
  leave: () => void;
  stay: () => void;
}

export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const dirtyRef = useRef(dirty);
  // Set once the user chose to leave: nothing more is asked on the way out.
  const leaving = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  });

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = ""; // older browsers need it set to show their dialog
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    let bypass = false;
    const onClick = (e: MouseEvent) => {
      if (
        !dirtyRef.current ||
        leaving.current ||
        bypass ||
        e.defaultPrevented ||
        e.button !== 0 ||
        e.metaKey ||
        e.ctrlKey ||
        e.shiftKey ||
        e.altKey
      )
        return;
      const target = e.target instanceof Element ? e.target : null;
      const control = target?.closest<HTMLElement>("[data-leaves-page]");
      const link = target?.closest<HTMLAnchorElement>("a[href]");
      let leave: (() => void) | null = null;
      if (control) {
        leave = () => {
          bypass = true;
          control.click();
          bypass = false;
        };
      } else if (link && !link.target && !link.hasAttribute("download")) {
        const url = new URL(link.href, window.location.href);
        const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
        if (url.origin !== window.location.origin || samePage) return;
        leave = () => {
          bypass = true;
          link.click();
          bypass = false;
        };
      }
      if (!leave) return;
      e.preventDefault();
      e.stopPropagation();
      const go = leave;
      setPending({
        leave: () => {
          setPending(null);
          leaving.current = true;
          go();
        },
        stay: () => setPending(null),
      });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return pending;
}
