"use client";

// One row of the dashboard's "Today's Schedule": the spec's row (time, 'Movement Break', the dot,
// 'Completed') is a button that opens the break's exercises, with "Start break" (the guided break)
// and "Mark as done" / "Undo".
//
// A client island without components/ui (its class merging would come along): the two buttons'
// classes are made on the server with buttonVariants and passed in as `styles`.
import { CheckCircle2, ChevronDown, Play, RotateCcw } from "lucide-react";
import Link from "next/link";
import { Suspense, useId, useState } from "react";
import { useApplyCompletion, useToday } from "@/components/dashboard/dashboard-store";
import { useAction } from "@/components/providers/use-action";
import { api, errorMessage } from "@/lib/api-client";
import type { CompletionView } from "@/lib/breaks/types";
import { showToast } from "@/lib/toast";
import type { Dashboard } from "@/lib/users/dashboard";
import { ExerciseList } from "./exercise-list";

type Entry = Dashboard["schedule"][number];

/** Classes of the row's buttons: buttonVariants(...) output, made on the server. */
export interface BreakRowStyles {
  start: string;
  done: string;
}

export function BreakRow({ entry, styles }: { entry: Entry; styles: BreakRowStyles }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = entry.timeDisplay || entry.time;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-12 w-full items-center gap-2 rounded-md py-3 text-left sm:gap-3 hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span
          className={`ml-0.5 size-3 shrink-0 rounded-full ${entry.past ? "bg-primary" : "border-2 border-primary bg-transparent"}`}
          aria-hidden="true"
        />
        <span className="min-w-20 font-semibold whitespace-nowrap tabular-nums">{label}</span>
        <span className="flex-1">Movement Break</span>
        {entry.completed ? (
          <span className="flex items-center gap-1 text-sm font-medium text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Completed
          </span>
        ) : (
          <span className="sr-only">{entry.past ? "time has passed" : "upcoming"}</span>
        )}
        <ChevronDown
          className={`mr-1 size-5 shrink-0 text-muted-foreground motion-safe:transition-transform${open ? " rotate-180" : ""}`}
          aria-hidden="true"
        />
      </button>
      <div id={panelId} role="region" aria-label={`${label} break`} hidden={!open} className="pt-1 pb-5 pl-5.5 sm:pl-7">
        {open && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading your exercises...</p>}>
            <BreakDetails entry={entry} styles={styles} />
          </Suspense>
        )}
      </div>
    </li>
  );
}

function BreakDetails({ entry, styles }: { entry: Entry; styles: BreakRowStyles }) {
  const view = useToday();
  if (!view) return <p className="text-sm text-muted-foreground">Loading your exercises...</p>;
  const found = view.breaks.find((b) => b.time === entry.time);
  if (!found) {
    return (
      <p className="text-sm text-muted-foreground">
        {view.reason === "paused" ? (
          <>
            Reminder e-mails are paused, so this break isn&apos;t planned.{" "}
            <Link href="/settings" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
              Turn them back on in Settings
            </Link>
            .
          </>
        ) : (
          "This break is not on today's schedule."
        )}
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">
        {found.minutes} minutes · {found.exercises.length} {found.exercises.length === 1 ? "exercise" : "exercises"}
      </p>
      <ExerciseList exercises={found.exercises} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link href={`/break/${found.slot}`} className={styles.start}>
          <Play aria-hidden="true" />
          Start break
        </Link>
        <DoneButton slot={found.slot} time={entry.time} completed={entry.completed} className={styles.done} />
      </div>
    </div>
  );
}

function DoneButton({ slot, time, completed, className }: { slot: number; time: string; completed: boolean; className: string }) {
  const applyCompletion = useApplyCompletion();
  const action = useAction(async (done: boolean) => {
    try {
      const answer = await api<CompletionView>(`/api/user/breaks/${slot}/complete`, { method: done ? "POST" : "DELETE" });
      applyCompletion(time, done, answer);
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
