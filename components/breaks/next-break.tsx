"use client";

// The dashboard's word on when the next break comes, on every kind of day: a line under the date
// (with a note while e-mails are paused: the breaks stay, only the e-mails stop), the rest-day
// card and the streak card's hint. Each waits for today's view (streamed).
import { BellOff, BellRing, CalendarDays } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { iconLinkClass } from "@/components/ui/classes";
import type { TodayView } from "@/lib/breaks/types";
import { useDashboard, useToday } from "@/components/dashboard/dashboard-store";
import { pickNow } from "@/components/dashboard/pick-now";
import { longDay } from "@/components/dashboard/en-us-dates";

const settingsLink = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/**
 * "Due now: your 10:30 AM break" while a break's reminder window runs, else "Next reminder: Monday at
 * 10:00 AM"; and, while e-mails are paused, that only the e-mails stop. The next break later today
 * is left to the Now card, which names it just below (said twice, the page only grew longer).
 * "Reminder", not "break": on a first day the Now card offers a break now while the next reminder is
 * later ("Next break: tomorrow" above "take it now" read as a contradiction). While e-mails are
 * paused no reminder comes, so it stays "Next break".
 */
export function NextBreakLine() {
  const view = useToday();
  const { schedule, completedToday, totalToday } = useDashboard();
  if (!view) return null;
  const due = view.breaks.find((b) => !b.completed && b.status === "upcoming" && b.past);
  const now = pickNow(schedule, completedToday, totalToday);
  const onNowCard = now?.kind === "next" && view.nextBreak?.label === `today at ${now.entry.timeDisplay}`;
  return (
    <>
      {due ? (
        <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
          <BellRing className="size-4 shrink-0 text-primary" aria-hidden="true" />
          Due now: your {due.timeDisplay} break
        </p>
      ) : (
        view.nextBreak &&
        !onNowCard && (
          <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
            <BellRing className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {view.emailsPaused ? "Next break" : "Next reminder"}: {view.nextBreak.label}
          </p>
        )
      )}
      {view.emailsPaused && (
        <p className="mt-1 flex items-start gap-1.5 text-sm">
          <BellOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            {view.resumeOn
              ? `Reminders are paused until ${longDay(view.resumeOn)}; your breaks stay here in the app.`
              : "Reminder e-mails are paused; your breaks stay here in the app."}{" "}
            <IntentLink href="/settings" className={settingsLink}>
              {view.resumeOn ? "Change in Settings" : "Turn them back on in Settings"}
            </IntentLink>
            .
          </span>
        </p>
      )}
    </>
  );
}

/** The rest-day card's text: no breaks today (said once on the page; when the next one is, the "Next reminder" line says). */
export function RestDayText() {
  const view = useToday();
  // The first day, every break due before joining (or skipped): nothing missed, one can be taken now,
  // in the words of the Now card above it.
  if (view?.breaks.some((b) => b.status === "before-start"))
    return (
      <p className="text-sm text-muted-foreground">
        Nothing is missed on your first day. Take a break now and it counts for today.
      </p>
    );
  // Every break of today skipped: they are still listed below, to take back or do anyway.
  if (view?.breaks.length)
    return <p className="text-sm text-muted-foreground">Your streak is safe. See you at your next break.</p>;
  // A rest day is not a dead end: the days are the user's to change.
  return (
    <>
      <p className="text-sm text-muted-foreground">
        No breaks are scheduled today.{view?.nextBreak ? " Enjoy your day off." : ""}
      </p>
      <IntentLink href="/settings#break-schedule" className={iconLinkClass}>
        <CalendarDays className="size-4" aria-hidden="true" />
        Change Break Days
      </IntentLink>
    </>
  );
}

/** The streak card's hint before a streak: what to do today, or, without breaks today, when it can begin. */
export function StreakHintText({ totalToday }: { totalToday: number }) {
  const view = useToday();
  return <>{streakHint(view, totalToday)}</>;
}

/** Never "No breaks are scheduled today" nor the next break's time: the page says each once. */
export function streakHint(view: TodayView | undefined, totalToday: number): string {
  if (totalToday > 0 && view?.reason == null) return "Complete today's movements to begin your streak!";
  // A first day whose breaks were all due before joining: taking one today starts the streak.
  if (view?.breaks.some((b) => b.status === "before-start" && !b.completed))
    return "Take a break today to begin your streak!";
  if (view?.reason === "no-days") return "Your streak begins once you choose your reminder days.";
  return "Your streak begins with your next break.";
}
