"use client";

// The top of Today: the one break that matters now, reachable in one tap on a phone. It is the
// break due now (its reminder window is running), else the next one today, else one the user can
// still do as a first win (a break from before they joined), else the day's goal met. The figure
// and the exercises come with today's view (streamed); the time, Start and Done need only the
// dashboard's data, so they show at once.
import { Play } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { DoneButton } from "@/components/breaks/break-actions";
import { LazyExerciseFigure } from "@/components/figures/lazy-exercise-figure";
import { IntentLink } from "@/components/ui/intent-link";
import { buttonVariants } from "@/components/ui/classes";
import { formatTime12 } from "@/lib/schedule/clock";
import { useDashboard, useToday } from "./dashboard-store";
import { useFirstBreakOffer } from "./first-break-offer";
import { handOffFocus } from "./focus-handoff";
import { pickNow, type NowPick } from "./pick-now";

// The day's finished card and its celebration load only on a day whose goal is met: the other
// visits leave the celebration's code (about 17 KB) out. Rendered on the server all the same, so the
// card shows at once and only its hydration waits for the chunk.
const loadAllDone = () => import("./all-done");
const AllDone = lazy(() => loadAllDone().then((m) => ({ default: m.AllDone })));

const styles = {
  start: buttonVariants({ size: "lg", className: "w-full" }),
  done: buttonVariants({ variant: "outline", size: "lg", className: "w-full" }),
};

/** The figure's size: smaller on a phone, where it shares a line with the details only. */
const FIGURE = "size-20 shrink-0 sm:size-32";

const EYEBROW = {
  due: "Due now",
  next: "Up next",
  first: "Bonus break",
  missed: "Still time for it",
} as const satisfies Record<Exclude<NowPick["kind"], "all-done">, string>;

export function NowCard() {
  const dashboard = useDashboard();
  const pick = pickNow(dashboard.schedule, dashboard.completedToday, dashboard.totalToday);
  // Just out of setup with nothing done yet: the first win, whatever the time of day.
  const welcome = useFirstBreakOffer() && dashboard.completedToday === 0;
  const [plays, setPlays] = useState(0);
  if (!pick) return null;
  if (pick.kind === "all-done")
    return (
      // The goal met while the page is open: the brand's card holds the place for the moment the chunk takes.
      <Suspense fallback={<div aria-hidden="true" className="h-72 rounded-2xl bg-primary sm:h-32" />}>
        <AllDone />
      </Suspense>
    );
  const play = () => {
    setPlays((n) => n + 1);
    // Reaching for the card may be reaching for Done: have the finished card's code ready.
    void loadAllDone();
  };
  const { entry } = pick;
  const label = entry.timeDisplay || entry.time;
  const due = pick.kind === "due";
  return (
    <section
      aria-labelledby="now-title"
      data-testid="now-card"
      data-kind={pick.kind}
      onPointerEnter={play}
      onFocus={plays ? undefined : play}
      onClick={play}
      className={`rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6 ${due ? "border-primary/60 ring-1 ring-primary/30" : ""}`}
    >
      {/* On a phone the title has the card's width (one line where it fits) and a smaller figure sits
          beside the details; from `sm` the figure stands beside all of it. */}
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 sm:gap-x-6 sm:gap-y-1">
        <div className="col-span-2 space-y-1 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:self-end">
          <p
            className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${due ? "bg-primary text-primary-foreground" : "bg-secondary text-secondary-foreground"}`}
          >
            {welcome ? "Your first break" : EYEBROW[pick.kind]}
          </p>
          <h2 id="now-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            {label} Movement Break
          </h2>
        </div>
        <div className="sm:col-start-1 sm:row-span-2 sm:row-start-1">
          <Suspense fallback={<span aria-hidden="true" className={`block rounded-full bg-secondary ${FIGURE}`} />}>
            <NowFigure slot={entry.slot} plays={plays} />
          </Suspense>
        </div>
        <div className="min-w-0 space-y-1 sm:col-start-2 sm:self-start">
          {entry.moved && entry.plannedTime && (
            <p className="text-sm text-muted-foreground">Moved from {formatTime12(entry.plannedTime)} (busy)</p>
          )}
          {pick.kind === "first" && (
            <p className="text-sm text-muted-foreground">
              Due before you joined, so it&apos;s a bonus that counts for today.
            </p>
          )}
          <Suspense fallback={<p className="h-5" />}>
            <NowSummary slot={entry.slot} />
          </Suspense>
        </div>
      </div>
      {/* Full width on a phone (one under the other), side by side from `sm`. */}
      <div
        className="mt-4 grid gap-3 sm:grid-cols-2"
        onClickCapture={(e) => {
          if (e.currentTarget.contains(document.activeElement)) handOffFocus();
        }}
      >
        <IntentLink href={`/break/${entry.slot}`} className={styles.start}>
          <Play aria-hidden="true" />
          {welcome ? "Try Your First Break Now" : "Start Break"}
        </IntentLink>
        <DoneButton slot={entry.slot} completed={entry.completed} className={styles.done} />
      </div>
    </section>
  );
}

function useBreak(slot: number) {
  return useToday()?.breaks.find((b) => b.slot === slot);
}

function NowFigure({ slot, plays }: { slot: number; plays: number }) {
  const first = useBreak(slot)?.exercises[0];
  if (!first) return <span aria-hidden="true" className={`block rounded-full bg-secondary ${FIGURE}`} />;
  // Still until the user reaches for the card (pointer, finger or keyboard), then twice through and
  // at rest: a figure moving on its own doubled the dashboard's main-thread time (bench/compare.ts).
  return <LazyExerciseFigure name={first.name} className={FIGURE} loops={2} plays={plays} />;
}

/** "10 minutes · Chin Tucks, Seated March and 1 more". */
function NowSummary({ slot }: { slot: number }) {
  const found = useBreak(slot);
  if (!found) return null;
  const names = found.exercises.map((e) => e.name);
  const shown = names.slice(0, 2).join(", ");
  const more = names.length > 2 ? ` and ${names.length - 2} more` : "";
  return (
    <p className="text-sm text-muted-foreground">
      {found.minutes} minutes · {shown}
      {more}
    </p>
  );
}
