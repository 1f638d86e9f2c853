"use client";

import { Pause, Play, SkipBack, SkipForward, type LucideIcon } from "lucide-react";
import type { Ref } from "react";
import type { TimerState } from "@/lib/breaks/timer";
import { breakButton } from "./break-classes";
import { toggleCommand, type Command } from "./use-break-timer";

/** The one name of the button that starts the break's timer (the dashboard's link to the break says the same). */
const START_LABEL = "Start Break";

/** Back or Skip: an outline button on the break's fixed class string, with its key. */
function StepButton({
  onClick,
  disabled,
  shortcut,
  Icon,
  label,
}: {
  onClick: () => void;
  disabled: boolean;
  shortcut: string;
  Icon: LucideIcon;
  label: string;
}) {
  return (
    <button
      type="button"
      data-slot="button"
      className={breakButton.step}
      onClick={onClick}
      disabled={disabled}
      aria-keyshortcuts={shortcut}
    >
      <Icon aria-hidden="true" />
      {label}
    </button>
  );
}

export interface BreakControlsProps {
  status: TimerState["status"];
  run: (command: Command) => void;
  /** Start / Pause / Resume, which takes the focus when the break starts again. */
  primaryRef: Ref<HTMLButtonElement>;
}

/**
 * Back, Start / Pause / Resume and Skip. Narrower than 768 px (touch or not) a bar pinned to the
 * bottom of the screen, above the home indicator (safe-area inset), solid, with a line above it:
 * the timer and the controls are on the first screen together (the page keeps room for the bar
 * under its content: CONTROL_BAR_ROOM). From md, in the layout's grid beside the figure.
 */
export function BreakControls({ status, run, primaryRef }: BreakControlsProps) {
  const active = status === "running" || status === "paused";
  return (
    <div
      data-testid="break-controls"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.2)] [grid-area:controls] md:static md:z-auto md:self-start md:border-0 md:bg-transparent md:p-0 md:shadow-none"
    >
      <div className="mx-auto grid max-w-3xl grid-cols-[1fr_1.4fr_1fr] gap-3">
        <StepButton onClick={() => run("back")} disabled={!active} shortcut="ArrowLeft" Icon={SkipBack} label="Back" />
        <button
          ref={primaryRef}
          type="button"
          data-slot="button"
          data-variant="default"
          data-size="default"
          className={breakButton.primary}
          onClick={() => run(toggleCommand(status))}
          aria-keyshortcuts="Space"
        >
          {status === "running" ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {status === "ready" ? START_LABEL : status === "running" ? "Pause" : "Resume"}
        </button>
        <StepButton
          onClick={() => run("skip")}
          disabled={!active}
          shortcut="ArrowRight"
          Icon={SkipForward}
          label="Skip"
        />
      </div>
    </div>
  );
}

/**
 * Room under the break's card on a phone (with the page's own bottom padding, more than the
 * pinned control bar is tall), so nothing ends up under the bar.
 */
export const CONTROL_BAR_ROOM = "max-md:mb-[calc(4.5rem+env(safe-area-inset-bottom))]";

/** The keys, where there is a keyboard, and End Break Now while the break runs. */
export function KeysAndEnd({ active, onEnd }: { active: boolean; onEnd: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {/* Only where there is a keyboard to speak of: a fine pointer that can hover. */}
      <p
        data-testid="key-hint"
        className="hidden text-xs text-muted-foreground [@media(hover:hover)_and_(pointer:fine)]:block"
      >
        Keys: <kbd className="rounded border px-1 font-mono">Space</kbd> pause or resume,{" "}
        <kbd className="rounded border px-1 font-mono">←</kbd> back,{" "}
        <kbd className="rounded border px-1 font-mono">→</kbd> skip
      </p>
      {active && (
        <button
          type="button"
          data-slot="button"
          data-variant="ghost"
          data-size="sm"
          className={breakButton.end}
          onClick={onEnd}
        >
          End Break Now
        </button>
      )}
    </div>
  );
}
