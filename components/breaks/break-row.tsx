"use client";

// One row of the dashboard's "Today's Schedule": the spec's row (time, 'Movement Break', the dot)
// with a Done / Skipped / Missed / Due now / Upcoming / Bonus chip (text and icon, not colour alone), as a button that
// opens the break's exercises, with "Start Break" (the guided break), "Mark as Done" / "Undo", and
// "Skip Break" / "Bring It Back" until the break's reminder window has gone by. Paused e-mails change nothing
// here: the breaks stay startable, and a skipped break can still be done (it then counts).
//
// The row keeps its shape at any width: on a phone the time and the label stack (the label never
// wraps mid-phrase), from `sm` they share a line with the time in a fixed column, so the label
// starts at the same place in every row; the chip (always one line) and the chevron keep their size
// at the end. On a phone the chip sits on the time's line, beside the short time (beside the label
// a longer chip wrapped to two lines and squeezed the label).
//
// A client island without components/ui (its class merging would come along): the buttons' classes
// come from components/ui/classes (cva alone), made once here rather than sent from the server in
// every page's payload.
import {
  BellRing,
  CalendarOff,
  CheckCircle2,
  ChevronDown,
  CircleAlert,
  Clock,
  Library,
  Play,
  Sparkles,
} from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { buttonVariants } from "@/components/ui/classes";
import { formatTime12 } from "@/lib/schedule/clock";
import { memo, startTransition, Suspense, useId, useState } from "react";
import { useApplySwap, useDashboard, useToday } from "@/components/dashboard/dashboard-store";
import { pickNow } from "@/components/dashboard/pick-now";
import type { Dashboard } from "@/lib/progress/dashboard";
import { ExerciseActions } from "@/components/exercises/exercise-actions";
import { DoneButton, SkipButton } from "./break-actions";
import { ExerciseList } from "./exercise-list";

type Entry = Dashboard["schedule"][number];

/**
 * The row's buttons' classes. Start is the soft "secondary", never the filled primary: the Now card
 * above holds the page's one filled Start, and two alike for different breaks asked which is which.
 */
const styles = {
  start: buttonVariants({ variant: "secondary", size: "lg", className: "sm:flex-1" }),
  done: buttonVariants({ variant: "outline", size: "lg", className: "sm:flex-1" }),
  skip: buttonVariants({ variant: "ghost", size: "lg", className: "text-muted-foreground" }),
};

const CHIP =
  "inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:size-3.5";

/** The row's dot says the same as its chip: filled only once done; dashed for a skipped break. */
const DOT: Record<Entry["status"] | "due", string> = {
  done: "bg-primary",
  due: "border-2 border-primary bg-primary/30",
  upcoming: "border-2 border-primary bg-transparent",
  missed: "bg-muted-foreground/40",
  skipped: "border-2 border-dashed border-muted-foreground",
  // Bonus: a solid ring (a dashed one read as a loading spinner).
  "before-start": "border-2 border-primary bg-secondary",
};

/** The chip's words and look: done, skipped, missed, due now (its reminder window is running) or upcoming. */
interface Chip {
  text: string;
  Icon: typeof Clock;
  className: string;
}

function chipOf(entry: Entry): Chip {
  if (entry.status === "done") return { text: "Done", Icon: CheckCircle2, className: "bg-success-subtle text-success" };
  if (entry.status === "skipped")
    return { text: "Skipped", Icon: CalendarOff, className: "bg-muted text-muted-foreground" };
  if (entry.status === "missed")
    return { text: "Missed", Icon: CircleAlert, className: "bg-destructive-subtle text-destructive" };
  // Due before the account existed (issue 33): not counted, not missed, and there to take now (it
  // then counts). One word for it on the chip, the Now card and the day's count: a bonus (the
  // second review read "Available now" here and "extra" in the count as two different things).
  if (entry.status === "before-start")
    return {
      text: "Bonus",
      Icon: Sparkles,
      className: "bg-secondary text-secondary-foreground",
    };
  if (entry.past) return { text: "Due now", Icon: BellRing, className: "bg-primary text-primary-foreground" };
  return { text: "Upcoming", Icon: Clock, className: "bg-secondary text-secondary-foreground" };
}

export function BreakRow({ entry }: { entry: Entry }) {
  const [open, setOpen] = useState(false);
  // The details render when the user reaches for the row (pointer, finger or keyboard), as a
  // transition in small slices, so the tap itself mostly only shows them. Rendering every row's
  // details once the page went idle cost every visit that work, for rows most visits never open.
  const [reached, setReached] = useState(false);
  const reach = () => {
    if (!reached) startTransition(() => setReached(true));
  };
  // The Now card already offers its break's Start and Done: that break's row does not repeat them
  // (on a phone the open row then pushed the page to twice a screen). Decided when the row opens and
  // kept while it is open, so a button the user is on never vanishes under them; a break done
  // meanwhile (from the card) gets its Undo here.
  const dashboard = useDashboard();
  const [actions, setActions] = useState(true);
  if (open && !actions && entry.completed) setActions(true);
  const toggle = () => {
    if (!open) {
      const now = pickNow(dashboard.schedule, dashboard.completedToday, dashboard.totalToday);
      setActions(now == null || now.kind === "all-done" || now.entry.slot !== entry.slot);
    }
    setOpen(!open);
  };
  const panelId = useId();
  const label = entry.timeDisplay || entry.time;
  const chip = chipOf(entry);
  // Moved out of a meeting (issue 31): the row says from when, and why.
  const movedFrom = entry.moved && entry.plannedTime ? formatTime12(entry.plannedTime) : null;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label} Movement Break, ${movedFrom ? `moved from ${movedFrom} because your calendar is busy, ` : ""}${chip.text}${entry.status === "before-start" ? " (due before you joined)" : ""}`}
        onClick={toggle}
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
        className="flex min-h-14 w-full items-center gap-3 rounded-md px-1 py-3 text-left hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span
          className={`size-3 shrink-0 rounded-full ${DOT[entry.status === "upcoming" && entry.past ? "due" : entry.status]}`}
          aria-hidden="true"
        />
        <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3">
          {/* On a phone the chip shares the time's line (under the time where even that is too narrow);
              from `sm` the line is the row's and the chip goes to its end. */}
          <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 sm:contents">
            <span className="font-semibold whitespace-nowrap tabular-nums sm:w-20">{label}</span>
            <span data-testid="row-chip" className={`${CHIP} ${chip.className} sm:order-1 sm:ml-auto`}>
              <chip.Icon aria-hidden="true" />
              {chip.text}
            </span>
          </span>
          <span className="text-sm whitespace-nowrap text-muted-foreground sm:text-base sm:text-foreground">
            Movement Break
          </span>
          {movedFrom && (
            <span className="text-xs whitespace-nowrap text-muted-foreground sm:order-2 sm:basis-full sm:pl-23 sm:text-sm">
              {/* On a phone the column is narrow: the why is in the row's name and its details. */}
              Moved from {movedFrom}
              <span className="hidden sm:inline"> (busy)</span>
            </span>
          )}
        </span>
        <ChevronDown
          data-testid="row-chevron"
          className={`size-5 shrink-0 text-muted-foreground motion-safe:transition-transform${open ? " rotate-180" : ""}`}
          aria-hidden="true"
        />
      </button>
      <div id={panelId} role="region" aria-label={`${label} break`} hidden={!open} className="pt-1 pb-5 pl-7">
        {(open || reached) && (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading your exercises...</p>}>
            <BreakDetails entry={entry} actions={actions} />
          </Suspense>
        )}
      </div>
    </li>
  );
}

// Memoised: opening or closing the row re-renders the row, not the details already in its panel.
const BreakDetails = memo(function BreakDetails({
  entry,
  actions,
}: {
  entry: Entry;
  /** Start and Done here too (false: the Now card at the top offers them for this break). */
  actions: boolean;
}) {
  const view = useToday();
  // A swap's answer goes into today's view, so this row and the Now card show it at once.
  const applySwap = useApplySwap();
  const skippable =
    entry.status === "upcoming" || (entry.status === "skipped" && entry.skipReason === "user" && !entry.past);
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
          {ai ? (
            <Sparkles className="size-4 shrink-0 text-primary" aria-hidden="true" />
          ) : (
            <Library className="size-4 shrink-0 text-primary" aria-hidden="true" />
          )}
          {ai ? "Planned for you by AI" : "Picked for you from our exercise library"}
        </p>
      </div>
      {entry.skipReason && <p className="text-sm">{SKIPPED_BECAUSE[entry.skipReason]}</p>}
      {entry.status === "before-start" && (
        <p className="text-sm">
          A bonus: it was due before you joined, so it isn&apos;t missed. Take it now and it counts for today.
        </p>
      )}
      {entry.moved && entry.plannedTime && (
        <p className="text-sm">
          Your calendar is busy at {formatTime12(entry.plannedTime)}, so this break moved to {entry.timeDisplay}.
        </p>
      )}
      <ExerciseList
        exercises={found.exercises}
        actionsFor={(exercise, index) => (
          <ExerciseActions
            key={exercise.name}
            slot={found.slot}
            index={index}
            exercise={exercise}
            canSwap={!entry.completed}
            onSwapped={(to) => applySwap(found.slot, to, view)}
          />
        )}
      />
      {(actions || skippable) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {actions && (
            <>
              <IntentLink href={`/break/${found.slot}`} className={styles.start}>
                <Play aria-hidden="true" />
                Start Break
              </IntentLink>
              <DoneButton slot={found.slot} completed={entry.completed} className={styles.done} />
            </>
          )}
          {/* Until the reminder window has gone by; only the user's own skip can be taken back here. */}
          {skippable && <SkipButton slot={found.slot} skipped={entry.status === "skipped"} className={styles.skip} />}
        </div>
      )}
    </div>
  );
});

/** Why a skipped break is skipped, in the row's details. */
const SKIPPED_BECAUSE = {
  user: "You're skipping this one today: no reminder, and your streak is safe.",
  busy: "Your calendar is busy around this time, so this break is skipped today. Your streak is safe.",
  "day-off": "Your calendar shows a day off, so this break is skipped. Your streak is safe.",
} as const;
