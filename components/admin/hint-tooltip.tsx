"use client";

import { cloneElement, useId, useRef, useState, type ReactElement } from "react";

const GAP = 4;
const EDGE = 8;

/**
 * A short text tooltip for an icon button, without a positioning library: it shows on hover and
 * on keyboard focus, hides on leave, blur, press and Escape, and is a `popover` element, so it sits
 * in the top layer above the table's scroll container. Placed above the button (below when there
 * is no room), kept inside the viewport. The button is described by it while it shows.
 */
export function HintTooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<{ "aria-describedby"?: string }>;
}) {
  const id = useId();
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);

  function show() {
    const tip = tipRef.current;
    const anchor = wrapperRef.current?.firstElementChild;
    if (!tip || !anchor || typeof tip.showPopover !== "function") return;
    if (!tip.matches(":popover-open")) tip.showPopover();
    const a = anchor.getBoundingClientRect();
    const t = tip.getBoundingClientRect();
    const left = Math.min(Math.max(EDGE, a.left + a.width / 2 - t.width / 2), window.innerWidth - t.width - EDGE);
    const above = a.top - GAP - t.height;
    tip.style.left = `${left}px`;
    tip.style.top = `${above >= EDGE ? above : a.bottom + GAP}px`;
    setOpen(true);
  }

  function hide() {
    const tip = tipRef.current;
    if (tip?.matches(":popover-open")) tip.hidePopover();
    setOpen(false);
  }

  return (
    <span
      ref={wrapperRef}
      className="inline-flex"
      onPointerEnter={(e) => e.pointerType === "mouse" && show()}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(e) => e.target.matches(":focus-visible") && show()}
      onBlur={hide}
      onKeyDown={(e) => e.key === "Escape" && open && hide()}
    >
      {cloneElement(children, { "aria-describedby": open ? id : undefined })}
      <span
        ref={tipRef}
        id={id}
        role="tooltip"
        popover="manual"
        className="fixed inset-auto m-0 w-fit max-w-[calc(100vw-2rem)] rounded-md border-0 bg-foreground px-3 py-1.5 text-xs text-balance text-background"
      >
        {label}
      </span>
    </span>
  );
}
