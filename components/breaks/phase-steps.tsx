"use client";

import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { stepName, type Phase } from "@/lib/breaks/phases";

/** The current step by kind: get ready in amber, rests in sky blue, work in the brand colour. */
const CURRENT = {
  ready: "border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50",
  work: "border-primary bg-primary text-primary-foreground",
  rest: "border-sky-500 bg-sky-100 text-sky-950 dark:bg-sky-900/60 dark:text-sky-50",
} as const;

/** Which ends of the row have chips scrolled out of view (they fade there). */
type Edges = { start: boolean; end: boolean };

/** The row's scroll position that centres `chip` in it (the browser clamps it to the ends). */
function centred(row: HTMLElement, chip: Element): number {
  const r = row.getBoundingClientRect();
  const c = chip.getBoundingClientRect();
  return row.scrollLeft + c.left - r.left - (row.clientWidth - c.width) / 2;
}

/**
 * The exercise step by step (get ready, each set, each rest), as small chips: the current one
 * filled and marked aria-current="step", the ones done muted with a tick. Before the break starts,
 * none is current. On a phone (narrower than 768 px) one row that scrolls sideways and keeps the
 * current step in view, faded where more steps are out of view; from md, the chips wrap.
 */
export function PhaseSteps({ phases, current }: { phases: readonly Phase[]; current: number | null }) {
  const row = useRef<HTMLOListElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  // The current step centred in the row, at once, whenever it changes or the row changes size (only
  // the row scrolls, never the page; a smooth scroll could be cut short by a resize and leave the
  // current step out of view). And which ends are cut off, whenever the row scrolls.
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () => {
      const max = el.scrollWidth - el.clientWidth;
      const next = { start: max > 1 && el.scrollLeft > 1, end: max > 1 && el.scrollLeft < max - 1 };
      setEdges((e) => (e.start === next.start && e.end === next.end ? e : next));
    };
    const centre = () => {
      if (el.scrollWidth > el.clientWidth) {
        const chip = current === null ? undefined : el.children[current];
        el.scrollLeft = chip ? centred(el, chip) : 0;
      }
      measure();
    };
    centre();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(centre);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [current, phases]);

  if (phases.length < 2) return null;
  const scrollable = edges.start || edges.end;
  const fade =
    edges.start && edges.end
      ? "[mask-image:linear-gradient(to_right,transparent,black_1.5rem,black_calc(100%-1.5rem),transparent)]"
      : edges.start
        ? "[mask-image:linear-gradient(to_right,transparent,black_1.5rem)]"
        : edges.end
          ? "[mask-image:linear-gradient(to_left,transparent,black_1.5rem)]"
          : "";
  return (
    <ol
      ref={row}
      aria-label="Steps of this exercise"
      data-testid="phase-steps"
      // A row that scrolls is reachable by keyboard (arrow keys scroll it); one that fits is not a stop.
      tabIndex={scrollable ? 0 : undefined}
      className={`-mx-4 flex scroll-px-4 gap-1.5 overflow-x-auto px-4 py-0.5 [scrollbar-width:none] [grid-area:plan] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:mx-0 md:flex-wrap md:overflow-visible md:px-0 md:py-0 md:[mask-image:none] [&::-webkit-scrollbar]:hidden ${fade}`}
    >
      {phases.map((phase, i) => {
        const state = current === null || i > current ? "next" : i < current ? "past" : "current";
        return (
          <li
            key={`${i}-${phase.label}`}
            aria-current={state === "current" ? "step" : undefined}
            data-state={state}
            className={`relative inline-flex h-8 shrink-0 items-center gap-1 rounded-full border px-3 text-sm whitespace-nowrap ${
              state === "current"
                ? `font-semibold shadow-sm ${CURRENT[phase.kind]}`
                : state === "past"
                  ? "border-transparent bg-muted/70 text-muted-foreground"
                  : "bg-background text-foreground"
            }`}
          >
            {state === "past" && <Check aria-hidden="true" className="size-3.5" />}
            {stepName(phase)}
            {state === "past" && <span className="sr-only"> (done)</span>}
          </li>
        );
      })}
    </ol>
  );
}
