"use client";

// A break's two on/off actions, shared by the dashboard's rows and its Now card: "Mark as Done" /
// "Undo" and "Skip Break" / "Bring It Back" (Title Case, as the rest of Limber's buttons; "Mark as
// Done" is also the guided break's finish screen's name for it, the e-mail's is "I did it"). Each
// answer goes to the dashboard's store at once.
import { CalendarOff, CheckCircle2, RotateCcw, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { useApplyCompletion, useApplySkip } from "@/components/dashboard/dashboard-store";
import { errorMessage, unwrap } from "@/components/providers/api-client";
import { useAction } from "@/components/providers/use-action";
import { showToast } from "@/components/ui/toast";
import { completeBreak } from "@/lib/actions/complete-break";
import { skipBreak } from "@/lib/actions/skip-break";
import { undoBreak } from "@/lib/actions/undo-break";
import { unskipBreak } from "@/lib/actions/unskip-break";

export function SkipButton({ slot, skipped, className }: { slot: number; skipped: boolean; className: string }) {
  const applySkip = useApplySkip();
  return (
    <ToggleButton
      on={skipped}
      className={className}
      send={(skip) => unwrap(skip ? skipBreak(slot) : unskipBreak(slot))}
      onDone={(skip, answer) => {
        applySkip(slot, skip, answer);
        showToast({
          title: skip ? "Break Skipped" : "Break Is Back On",
          description: skip ? "No reminder for this one. Your streak is safe." : "You'll be reminded as usual.",
        });
      }}
      whenOn={[<Undo2 key="icon" aria-hidden="true" />, "Bring It Back"]}
      whenOff={[<CalendarOff key="icon" aria-hidden="true" />, "Skip Break"]}
    />
  );
}

export function DoneButton({ slot, completed, className }: { slot: number; completed: boolean; className: string }) {
  const applyCompletion = useApplyCompletion();
  return (
    <ToggleButton
      on={completed}
      className={className}
      send={(done) => unwrap(done ? completeBreak(slot) : undoBreak(slot))}
      onDone={(done, answer) => {
        applyCompletion(slot, done, answer);
        // The day's goal met: the celebration and the Now card say it (a trophy too); a toast would be a third voice.
        if (done && answer.totalToday > 0 && answer.completedToday >= answer.totalToday) return;
        showToast({
          title: done ? (answer.trophy ? `Trophy Earned: ${answer.trophy}` : "Break Completed") : "Break Undone",
          description: `${Math.min(answer.completedToday, answer.totalToday)} of ${answer.totalToday} breaks done today.`,
          variant: done ? "success" : "default",
        });
      }}
      whenOn={[<RotateCcw key="icon" aria-hidden="true" />, "Undo"]}
      whenOff={[<CheckCircle2 key="icon" aria-hidden="true" />, "Mark as Done"]}
    />
  );
}

/**
 * A row's on/off action (done ↔ undo, skip ↔ bring back): one button whose label changes, with
 * aria-disabled (not disabled) while saving, so focus stays on it and a keyboard user can undo at
 * once. A refusal is a toast with the server's whitelisted text.
 */
function ToggleButton<T>({
  on,
  className,
  send,
  onDone,
  whenOn,
  whenOff,
}: {
  on: boolean;
  className: string;
  send: (next: boolean) => Promise<T>;
  onDone: (next: boolean, answer: T) => void;
  whenOn: [ReactNode, string];
  whenOff: [ReactNode, string];
}) {
  const action = useAction(async (next: boolean) => {
    try {
      const answer = await send(next);
      onDone(next, answer);
      return answer;
    } catch (error) {
      showToast({
        title: "Update failed",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
      throw error;
    }
  });
  const busy = action.isPending;
  const [icon, label] = on ? whenOn : whenOff;
  return (
    <button
      type="button"
      data-slot="button"
      className={className}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) void action.run(!on);
      }}
    >
      {icon}
      {busy ? "Saving..." : label}
    </button>
  );
}
