"use client";

// One row of the dashboard's "Today's Schedule": the spec's row (time, 'Movement Break', the dot)
// with a Done / Missed / Upcoming chip (text and icon, not colour alone), as a button that opens
// the break's exercises, with "Start break" (the guided break) and "Mark as done" / "Undo".
// Paused e-mails change nothing here: the breaks stay startable.
//
// The row keeps its shape at any width: on a phone the time and the label stack (the label never
// wraps mid-phrase), from `sm` they share a line with the time in a fixed column, so the label
// starts at the same place in every row; the chip and the chevron keep their size at the end.
//
// A client island without components/ui (its class merging would come along): the two buttons'
// classes are made on the server with buttonVariants and passed in as `styles`.
import { BellRing, CheckCircle2, ChevronDown, CircleAlert, Clock, Library, Play, RotateCcw, Sparkles } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { memo, startTransition, Suspense, useEffect, useId, useState } from "react";
import { useApplyCompletion, useToday } from "@/components/dashboard/dashboard-store";
import { useAction } from "@/components/providers/use-action";
import { completeBreak } from "@/lib/actions/complete-break";
import { unwrap } from "@/lib/actions/types";
import { undoBreak } from "@/lib/actions/undo-break";
import { errorMessage } from "@/lib/api-client";
import { showToast } from "@/lib/toast";
import type { Dashboard } from "@/lib/users/dashboard";
import { ExerciseList } from "./exercise-list";

type Entry = Dashboard["schedule"][number];

/** Classes of the row's buttons: buttonVariants(...) output, made on the server. */
export interface BreakRowStyles {
  start: string;
  done: string;
}

const CHIP = "inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:size-3.5";

/** The chip's words and look: done, missed, due now (its reminder window is running) or upcoming. */
function chipOf(entry: Entry) {
  if (entry.status === "done") return { text: "Done", Icon: CheckCircle2, className: "bg-success-subtle text-success" };
  if (entry.status === "missed") return { text: "Missed", Icon: CircleAlert, className: "bg-destructive-subtle text-destructive" };
  if (entry.past) return { text: "Due now", Icon: BellRing, className: "bg-primary text-primary-foreground" };
  return { text: "Upcoming", Icon: Clock, className: "bg-secondary text-secondary-foreground" };
}

/**
 * True once the page has gone idle after loading. The rows then render their details into the
 * still-hidden panel, as a transition (in small slices that never block a tap), so a first tap only
 * shows them: rendering them on the tap itself took about 280 ms at phone speed (npm run bench).
 */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const go = () => startTransition(() => setIdle(true));
    // Safari has no requestIdleCallback: a second after hydration stands in for it.
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(go, 1000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(go, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  return idle;
}

export function BreakRow({ entry, styles }: { entry: Entry; styles: BreakRowStyles }) {
  const [open, setOpen] = useState(false);
  const idle = useIdle();
  const panelId = useId();
  const label = entry.timeDisplay || entry.time;
  const chip = chipOf(entry);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label} Movement Break, ${chip.text}`}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-14 w-full items-center gap-3 rounded-md px-1 py-3 text-left hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span
          className={`size-3 shrink-0 rounded-full ${entry.past ? "bg-primary" : "border-2 border-primary bg-transparent"}`}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
          <span className="font-semibold whitespace-nowrap tabular-nums sm:w-20">{label}</span>
          <span className="text-sm whitespace-nowrap text-muted-foreground sm:text-base sm:text-foreground">Movement Break</span>
        </span>
        <span className={`${CHIP} ${chip.className}`}>
          <chip.Icon aria-hidden="true" />
          {chip.text}
        </span>
        <ChevronDown
          data-testid="row-chevron"
          className={`size-5 shrink-0 text-muted-foreground motion-safe:transition-transform${open ? " rotate-180" : ""}`}
          aria-hidden="true"
        />
      </button>
      <div id={panelId} role="region" aria-label={`${label} break`} hidden={!open} className="pt-1 pb-5 pl-7">
        {(open || idle) && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading your exercises...</p>}>
            <BreakDetails entry={entry} styles={styles} />
          </Suspense>
        )}
      </div>
    </li>
  );
}

// Memoised: opening or closing the row re-renders the row, not the details already in its panel.
const BreakDetails = memo(function BreakDetails({ entry, styles }: { entry: Entry; styles: BreakRowStyles }) {
  const view = useToday();
  if (!view) return <p className="text-sm text-muted-foreground">Loading your exercises...</p>;
  const found = view.breaks.find((b) => b.slot === entry.slot);
  if (!found) return <p className="text-sm text-muted-foreground">This break is not on today&apos;s schedule.</p>;
  const ai = found.source === "ai";
  return (
    <div className="space-y-5">
      <div className="space-y-1 text-sm text-muted-foreground">
        <p>
          {found.minutes} minutes · {found.exercises.length} {found.exercises.length === 1 ? "exercise" : "exercises"}
        </p>
        <p className="flex items-center gap-1.5">
          {ai ? <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" /> : <Library className="size-4 shrink-0 text-primary" aria-hidden="true" />}
          {ai ? "Planned for you by AI" : "Picked for you from our exercise library"}
        </p>
      </div>
      <ExerciseList exercises={found.exercises} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <IntentLink href={`/break/${found.slot}`} className={styles.start}>
          <Play aria-hidden="true" />
          Start break
        </IntentLink>
        <DoneButton slot={found.slot} completed={entry.completed} className={styles.done} />
      </div>
    </div>
  );
});

function DoneButton({ slot, completed, className }: { slot: number; completed: boolean; className: string }) {
  const applyCompletion = useApplyCompletion();
  const action = useAction(async (done: boolean) => {
    try {
      const answer = await unwrap(done ? completeBreak(slot) : undoBreak(slot));
      applyCompletion(slot, done, answer);
      showToast({
        title: done ? "Break completed" : "Break undone",
        description: `${Math.min(answer.completedToday, answer.totalToday)} of ${answer.totalToday} breaks done today.`,
        variant: done ? "success" : "default",
      });
      return answer;
    } catch (error) {
      showToast({ title: "Update failed", description: errorMessage(error, "Something went wrong. Please try again."), variant: "destructive" });
      throw error;
    }
  });
  const busy = action.isPending;
  // One button whose label changes (and aria-disabled, not disabled, while saving): focus stays on
  // it, so a keyboard user can undo right away without hunting for the control.
  return (
    <button
      type="button"
      data-slot="button"
      className={className}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) void action.run(!completed);
      }}
    >
      {completed ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
      {busy ? "Saving..." : completed ? "Undo" : "Mark as done"}
    </button>
  );
}
