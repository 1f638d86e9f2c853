"use client";

// The parts of the dashboard that follow its live data (dashboard-store.tsx). The frame around
// them (cards, headings) is rendered on the server by dashboard-page.tsx.
import { CalendarOff, Flame, Info, Snowflake, Sparkles } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { Suspense, type ReactNode } from "react";
import { BreakRow } from "@/components/breaks/break-row";
import { streakHint, StreakHintText } from "@/components/breaks/next-break";
import { longDay } from "@/components/dashboard/en-us-dates";
import { scheduleSummary } from "@/lib/progress/summary";
import { useDashboard, useToday } from "./dashboard-store";
import { ProgressRing } from "./progress-ring";

function useCounts() {
  const data = useDashboard();
  const completed = Math.min(data.completedToday, data.totalToday); // the spec caps completed at total
  return { ...data, completed, goalReached: data.totalToday > 0 && completed >= data.totalToday };
}

export function LocalDay() {
  // The user's local date: weekday, month, day ("Saturday, November 21").
  return <>{longDay(useDashboard().localDate)}</>;
}

function ScheduleSummary() {
  const { totalToday, completed, schedule } = useCounts();
  return (
    <>
      {scheduleSummary(
        totalToday,
        completed,
        schedule.map((e) => e.status),
      )}
    </>
  );
}

/**
 * The progress ring beside the day's count, or `restDay` (rendered by the server) when nothing is
 * scheduled today. Side by side, so the card stays one compact row under the Now card.
 */
export function ProgressOrRest({ restDay }: { restDay: ReactNode }) {
  const { totalToday, completed } = useCounts();
  // Nothing to count today: the rest-day text says why, once (a count of zero above it was a third voice).
  if (totalToday === 0) return <>{restDay}</>;
  return (
    <div className="flex items-center gap-5">
      <ProgressRing completed={completed} total={totalToday} />
      <p className="text-sm text-muted-foreground">
        <ScheduleSummary />
      </p>
    </div>
  );
}

export function StreakTitle() {
  return <>{useDashboard().streakCount > 0 ? "Current Streak" : "Start Your Journey"}</>;
}

export function StreakBody() {
  const { streakCount, totalToday, goalReached, noReminderDays, streakFreezes, lastFrozenDate, localDate } =
    useCounts();
  // A freeze spent in the last two days is mentioned (issue 33): yesterday, or by its weekday.
  const sinceFreeze = lastFrozenDate
    ? Math.round((Date.parse(`${localDate}T00:00:00Z`) - Date.parse(`${lastFrozenDate}T00:00:00Z`)) / 86_400_000)
    : null;
  const frozenWhen =
    sinceFreeze === 1
      ? "yesterday"
      : sinceFreeze === 2 && lastFrozenDate
        ? longDay(lastFrozenDate).split(",")[0]
        : null;
  if (streakCount > 0) {
    return (
      <div className="space-y-3">
        <p className="flex items-center gap-2">
          <Flame className="size-8 text-primary" aria-hidden="true" />
          <span className="text-3xl font-bold">{streakCount}</span>
          <span className="text-lg text-muted-foreground">{streakCount === 1 ? "day" : "days"}</span>
        </p>
        {frozenWhen && (
          <p className="text-sm" data-testid="freeze-used">
            No worries about {frozenWhen}: a streak freeze covered it, so your streak is safe.
          </p>
        )}
        {(streakFreezes ?? 0) > 0 && (
          <p className="flex items-start gap-2 text-sm" data-testid="streak-freezes">
            <Snowflake className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="font-semibold">
                {streakFreezes === 1 ? "1 freeze ready" : `${streakFreezes} freezes ready`}
              </span>
              <span className="text-muted-foreground">
                {" "}
                · {streakFreezes === 1 ? "it keeps" : "each keeps"} your streak through a missed day
              </span>
            </span>
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {goalReached ? (
            <Suspense fallback="Today counts.">
              <SeeYouText />
            </Suspense>
          ) : totalToday > 0 ? (
            `Finish today's breaks to make it ${streakCount + 1} days.`
          ) : (
            "Rest days and skipped breaks never break a streak."
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 font-medium">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <Suspense fallback={streakHint(undefined, totalToday)}>
            <StreakHintText totalToday={totalToday} />
          </Suspense>
        </span>
      </p>
      {!noReminderDays && (
        <p className="text-sm text-muted-foreground">
          A day counts once all its breaks are done. Rest days and paused days never break a streak.
        </p>
      )}
    </div>
  );
}

/** "Today counts. See you Monday!": the day of the next break (a Friday of a Mon-Fri schedule says Monday). */
function SeeYouText() {
  const next = useToday()?.nextBreak;
  const day = next?.label.split(" at ")[0];
  if (!day || day === "today") return <>Today counts.</>;
  return <>Today counts. See you {day}!</>;
}

/** While no weekday is chosen (an old account): nothing is scheduled and no e-mail goes out. */
export function NoReminderDaysNotice() {
  if (!useDashboard().noReminderDays) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-primary/40 bg-secondary p-4 text-sm text-secondary-foreground">
      <CalendarOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        No reminder days are set, so no e-mails will be sent.{" "}
        <IntentLink href="/settings" className="font-semibold underline underline-offset-4 hover:no-underline">
          Choose days in Settings
        </IntentLink>
        .
      </span>
    </p>
  );
}

/** The rest-day card's title: a day off, every break skipped, or, with no weekday chosen, nothing scheduled. */
export function RestDayTitle() {
  const { noReminderDays, schedule } = useDashboard();
  return (
    <>
      {noReminderDays
        ? "Nothing scheduled"
        : joinedToday(schedule)
          ? "Welcome to Limber"
          : schedule.length > 0
            ? "Taking today off"
            : "Today is a rest day"}
    </>
  );
}

/** The user's first day, with a break that was due before they joined (none of today's counts then). */
function joinedToday(schedule: ReturnType<typeof useDashboard>["schedule"]) {
  return schedule.some((e) => e.status === "before-start");
}

/** `children` (the schedule's card) only while there are breaks today. */
export function WhenScheduled({ children }: { children: ReactNode }) {
  return useDashboard().schedule.length > 0 ? <>{children}</> : null;
}

export function ScheduleList() {
  return (
    <ul className="divide-y" aria-label="Today's breaks">
      {useDashboard().schedule.map((entry) => (
        <BreakRow key={entry.slot} entry={entry} />
      ))}
    </ul>
  );
}

/**
 * How breaks get done, while some are left (once the goal is met, the Now card says so, once; while
 * e-mails are paused no reminder comes, and the line under the date says so).
 */
export function GoalNote() {
  const { totalToday, goalReached, emailsPaused } = useCounts();
  if (totalToday === 0 || goalReached || emailsPaused) return null;
  // A quiet tip under the list, not another card: the cards above carry the day.
  return (
    <p className="flex items-start gap-2 px-1 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      Reminders are sent at your scheduled times. The &apos;I did it&apos; button in any reminder email marks that break
      as completed.
    </p>
  );
}
