"use client";

// The parts of the dashboard that follow its live data (dashboard-store.tsx). The frame around
// them (cards, headings) is rendered on the server by dashboard-page.tsx.
import { Flame, Sparkles } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { BreakRow, type BreakRowStyles } from "@/components/breaks/break-row";
import { streakHint, StreakHintText } from "@/components/breaks/next-break";
import { useDashboard } from "./dashboard-store";
import { ProgressRing } from "./progress-ring";

function formatDay(localDate: string) {
  // The user's local date, shown as weekday, month, day ("Saturday, November 21").
  const [y, m, d] = localDate.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

function useCounts() {
  const data = useDashboard();
  const completed = Math.min(data.completedToday, data.totalToday); // the spec caps completed at total
  return { ...data, completed, goalReached: data.totalToday > 0 && completed >= data.totalToday };
}

export function LocalDay() {
  return <>{formatDay(useDashboard().localDate)}</>;
}

export function ScheduleSummary() {
  const { totalToday, completed } = useCounts();
  return (
    <>
      {totalToday === 0
        ? "No movements scheduled today"
        : `${totalToday} ${totalToday === 1 ? "movement" : "movements"} scheduled today, ${completed} completed`}
    </>
  );
}

/** The progress ring, or `restDay` (rendered by the server) when nothing is scheduled today. */
export function ProgressOrRest({ restDay }: { restDay: ReactNode }) {
  const { totalToday, completed } = useCounts();
  return totalToday === 0 ? restDay : <ProgressRing completed={completed} total={totalToday} />;
}

export function StreakTitle() {
  return <>{useDashboard().streakCount > 0 ? "Current Streak" : "Start Your Journey"}</>;
}

export function StreakBody() {
  const { streakCount, totalToday } = useCounts();
  return streakCount > 0 ? (
    <p className="flex items-center gap-3">
      <Flame className="size-10 text-primary" aria-hidden="true" />
      <span className="text-4xl font-bold">{streakCount}</span>
      <span className="text-lg text-muted-foreground">{streakCount === 1 ? "day" : "days"}</span>
    </p>
  ) : (
    <p className="flex items-start gap-3 text-muted-foreground">
      <Sparkles className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <span>
        <Suspense fallback={streakHint(undefined, totalToday)}>
          <StreakHintText totalToday={totalToday} />
        </Suspense>
      </span>
    </p>
  );
}

/** `children` (the schedule's card) only while there are breaks today. */
export function WhenScheduled({ children }: { children: ReactNode }) {
  return useDashboard().schedule.length > 0 ? <>{children}</> : null;
}

export function ScheduleList({ styles }: { styles: BreakRowStyles }) {
  return (
    <ul className="divide-y">
      {useDashboard().schedule.map((entry) => (
        <BreakRow key={entry.time} entry={entry} styles={styles} />
      ))}
    </ul>
  );
}

export function GoalNote() {
  const { totalToday, goalReached } = useCounts();
  if (totalToday === 0) return null;
  return (
    <p className="rounded-lg border bg-card p-4 text-sm" role="status">
      {goalReached
        ? "Great job! You've reached your daily movement goal."
        : "Reminders are sent at your scheduled times. The 'I did it' button in any reminder email marks that break as completed. You can also open a break above to take it with a timer or mark it done."}
    </p>
  );
}
