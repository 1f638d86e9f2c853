"use client";

import { Pause, Play, SkipBack, SkipForward, X, type LucideIcon } from "lucide-react";
import type { Ref } from "react";
import type { TimerState } from "@/lib/breaks/timer";
import { breakButton } from "./break-classes";
import { toggleCommand, type Command } from "./use-break-timer";

/** The one name of the button that starts the break's timer (the dashboard's link to the break says the same). */
const START_LABEL = "Start Break";

/**
 * Previous Step or Next Step: an outline button on the break's fixed class string, with its key.
 * Where it has nothing to do it says so (aria-disabled) but keeps the focus: Previous Step pressed
 * back to the first step must not drop a keyboard user's focus to the page.
 */
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
      className={`${breakButton.step} aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-card aria-disabled:hover:text-current aria-disabled:active:translate-y-0 aria-disabled:active:scale-100`}
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled || undefined}
      aria-keyshortcuts={shortcut}
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}

export interface BreakControlsProps {
  status: TimerState["status"];
  run: (command: Command) => void;
  /** Whether there is a step to go back to (none on the break's first step). */
  canGoBack: boolean;
  /** Start / Pause / Resume, which takes the focus when the break starts again. */
  primaryRef: Ref<HTMLButtonElement>;
}

/**
 * Previous Step, Start / Pause / Resume and Next Step. Narrower than 768 px (touch or not) a bar
 * pinned to the bottom of the screen, under the thumb, above the home indicator (safe-area inset),
 * solid, with a line above it (the page keeps room for it under its content: CONTROL_BAR_ROOM).
 * From md, in the player's grid under the step and its number.
 */
export function BreakControls({ status, run, canGoBack, primaryRef }: BreakControlsProps) {
  const active = status === "running" || status === "paused";
  return (
    <div
      data-testid="break-controls"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.2)] [grid-area:controls] md:static md:z-auto md:border-0 md:bg-transparent md:p-0 md:shadow-none"
    >
      <div className="mx-auto grid max-w-md grid-cols-[1fr_1.25fr_1fr] gap-2 md:max-w-none md:gap-3">
        <StepButton
          onClick={() => run("previousStep")}
          disabled={!active || !canGoBack}
          shortcut="ArrowLeft"
          Icon={SkipBack}
          label="Previous Step"
        />
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
          {status === "running" ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
          {status === "ready" ? START_LABEL : status === "running" ? "Pause" : "Resume"}
        </button>
        <StepButton
          onClick={() => run("nextStep")}
          disabled={!active}
          shortcut="ArrowRight"
          Icon={SkipForward}
          label="Next Step"
        />
      </div>
    </div>
  );
}

/**
 * Room under the player on a phone (with the page's own bottom padding, more than the pinned
 * control bar is tall), so nothing ends up under the bar.
 */
export const CONTROL_BAR_ROOM = "max-md:mb-[calc(5rem+env(safe-area-inset-bottom))]";

/**
 * The keys, only where there is a keyboard to speak of: a fine pointer that can hover (never on a
 * touch screen, where there are no keys to press), and a window wider than a phone (there the first
 * screen is for the break itself).
 */
export function KeyHint() {
  return (
    <p
      data-testid="key-hint"
      className="hidden text-xs text-muted-foreground [grid-area:keys] [@media(hover:hover)_and_(pointer:fine)_and_(min-width:40rem)]:block"
    >
      Keys:{" "}
      <span className="whitespace-nowrap">
        <kbd className="rounded border px-1 font-mono">Space</kbd> pause or resume,
      </span>{" "}
      <span className="whitespace-nowrap">
        <kbd className="rounded border px-1 font-mono">←</kbd> previous step,
      </span>{" "}
      <span className="whitespace-nowrap">
        <kbd className="rounded border px-1 font-mono">→</kbd> next step
      </span>
    </p>
  );
}

/**
 * End Break Now, while the break runs or is paused: the page's one way out then (FocusFrame hides its
 * Close), in the player's header row beside the sound switch, so on a phone it is on the first screen.
 * It ends the run at once and opens the finish screen, which offers Start Again and Mark as Done. On a
 * phone the X and "End" show (the row also holds the exercise's name); the name is the same at every
 * width and starts with the word shown.
 */
export function EndBreak({ onEnd }: { onEnd: () => void }) {
  return (
    <button
      type="button"
      data-slot="button"
      data-variant="outline"
      data-size="sm"
      aria-label="End Break Now"
      className={breakButton.end}
      onClick={onEnd}
    >
      <X aria-hidden="true" className="size-5 md:size-4" />
      <span className="md:hidden">End</span>
      <span className="max-md:hidden">End Break Now</span>
    </button>
  );
}
