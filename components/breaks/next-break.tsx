"use client";

// The dashboard's word on when the next reminder comes, on every kind of day: a line under the
// date, the rest-day card and the streak card's hint. Each waits for today's view (streamed).
import { BellRing, BellOff } from "lucide-react";
import Link from "next/link";
import type { NextBreakView, TodayView } from "@/lib/breaks/types";
import { useToday } from "@/components/dashboard/dashboard-store";

const settingsLink = "font-medium text-primary underline underline-offset-4 hover:no-underline";

function PausedNote() {
  return (
    <>
      Reminder e-mails are paused.{" "}
      <Link href="/settings" className={settingsLink}>
        Turn them back on in Settings
      </Link>
      .
    </>
  );
}

/** "Next break: Monday at 10:00 AM", or that e-mails are paused. */
export function NextBreakLine() {
  const view = useToday();
  if (!view) return null;
  if (view.reason === "paused")
    return (
      <p className="mt-1 flex items-center gap-1.5 text-sm">
        <BellOff className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          <PausedNote />
        </span>
      </p>
    );
  if (!view.nextBreak) return null;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
      <BellRing className="size-4 shrink-0 text-primary" aria-hidden="true" />
      Next break: {view.nextBreak.label}
    </p>
  );
}

function nextSentence(next: NextBreakView | null | undefined) {
  return next ? ` Your next break is ${next.label}.` : "";
}

/** The rest-day card's text: no breaks today, and when the next one is (paused: the line above says so). */
export function RestDayText() {
  const view = useToday();
  if (view?.reason === "paused") return <p className="text-sm text-muted-foreground">No breaks are scheduled today.</p>;
  return <p className="text-sm text-muted-foreground">No breaks are scheduled today.{nextSentence(view?.nextBreak)} Enjoy your day off.</p>;
}

/** The streak card's hint before a streak: what to do today, or, without breaks today, when it can begin. */
export function StreakHintText({ totalToday }: { totalToday: number }) {
  const view = useToday();
  return <>{streakHint(view, totalToday)}</>;
}

export function streakHint(view: TodayView | undefined, totalToday: number): React.ReactNode {
  if (view?.reason === "paused") return "Your streak can begin once your reminder e-mails are back on.";
  if (totalToday > 0 && view?.reason !== "rest-day") return "Complete today's movements to begin your streak!";
  if (view?.nextBreak) return `Your streak begins with your next break: ${view.nextBreak.label}.`;
  return "No breaks are scheduled today.";
}
