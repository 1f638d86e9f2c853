// The one "break counted" summary (issue 33's review: the e-mail's "I did it" page and the guided
// break's finish card said it in two different ways): today's count with its bar, the day's goal
// when reached, a streak milestone's title, and the streak. Presentational only (no hooks), so the
// server-rendered link page and the break player's client card render the same markup.
import { Flame } from "lucide-react";
import { TrophyEarned } from "@/components/recap/trophy-earned";

export interface CountedSummaryProps {
  completedToday: number;
  totalToday: number;
  streakCount: number;
  /** A streak milestone's title, when this count reached one ("7-Day Streak!"). */
  milestone?: string | null;
  /** The trophy this count earned ("10 Breaks"), named once. */
  trophy?: string | null;
}

export function CountedSummary({ completedToday, totalToday, streakCount, milestone, trophy }: CountedSummaryProps) {
  const completed = Math.min(completedToday, totalToday); // the spec caps completed at total
  const goal = totalToday > 0 && completed >= totalToday;
  return (
    <div className="space-y-4 text-center text-foreground" data-testid="counted-summary">
      <div className="mx-auto max-w-xs space-y-2">
        <p className="text-lg font-semibold">
          {totalToday > 0 ? `${completed} of ${totalToday} breaks done today` : "Your break is recorded."}
        </p>
        {totalToday > 0 && (
          <div
            role="progressbar"
            aria-label="Today's breaks done"
            aria-valuemin={0}
            aria-valuemax={totalToday}
            aria-valuenow={completed}
            className="h-2.5 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${(completed / totalToday) * 100}%` }} />
          </div>
        )}
      </div>
      {goal && <p className="font-medium">Great job! You&apos;ve reached your daily movement goal.</p>}
      {milestone && <p className="font-semibold text-primary">{milestone}</p>}
      {trophy && <TrophyEarned title={trophy} />}
      <p className="flex items-center justify-center gap-2">
        <Flame className="size-6 shrink-0 text-primary" aria-hidden="true" />
        {streakCount > 0 ? (
          // The streak's number big: the count is the reward.
          <span>
            Current streak:{" "}
            <span className="align-middle text-3xl font-extrabold tabular-nums text-primary">{streakCount}</span>{" "}
            {streakCount === 1 ? "day" : "days"}
          </span>
        ) : totalToday > completed ? (
          // Just counted one: what is left, said as the way forward rather than as a to-do.
          <span>
            {totalToday - completed === 1 ? "1 more break today" : `${totalToday - completed} more breaks today`} starts
            your streak!
          </span>
        ) : (
          <span className="text-muted-foreground">Complete today&apos;s movements to begin your streak!</span>
        )}
      </p>
    </div>
  );
}
