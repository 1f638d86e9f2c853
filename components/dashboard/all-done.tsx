"use client";

import { CheckCircle2, Flame } from "lucide-react";
import {
  Burst,
  CelebrationAnnouncer,
  Confetti,
  popClass,
  useCelebrationMoment,
} from "@/components/celebrate/celebrate";
import { celebrationText } from "@/components/celebrate/decide";
import { useEffect, useRef } from "react";
import { useDashboard } from "./dashboard-store";
import { takeFocusHandOff } from "./focus-handoff";

/**
 * Every break of today done: the spec's goal sentence, said once on the page. The day's one
 * celebration happens here, in place (a burst, confetti, and a streak milestone's title), the first
 * time the goal is reached that day on this device; nothing floats over the page.
 */
export function AllDone() {
  const { completedToday, totalToday, streakCount, localDate } = useDashboard();
  const { mounted, shown, announcement } = useCelebrationMoment({
    completedToday,
    totalToday,
    streakCount,
    localDate,
  });
  const streak = shown?.kind === "streak" ? celebrationText(shown) : null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Done from the Now card with the keyboard: the focus goes on here, not back to the page's top.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (takeFocusHandOff() && lost) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      data-testid="now-card"
      data-kind="all-done"
      data-celebration={shown?.kind}
      aria-labelledby="now-title"
      // The day's win in the brand's colour, not a pale notice: the review found the finished day muted.
      className={`relative flex items-center gap-4 rounded-xl bg-primary p-5 text-primary-foreground shadow-sm sm:p-6 ${shown ? popClass : ""}`}
    >
      <CelebrationAnnouncer text={announcement} mounted={mounted} />
      {shown && <Confetti />}
      {shown ? (
        <span className="rounded-full bg-card">
          <Burst kind={shown.kind} />
        </span>
      ) : (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary-foreground/15">
          <CheckCircle2 className="size-8" aria-hidden="true" />
        </span>
      )}
      <div className="relative space-y-1">
        <h2 id="now-title" ref={heading} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
          {streak ? streak.title : "All Done for Today"}
        </h2>
        <p className="text-sm">Great job! You&apos;ve reached your daily movement goal.</p>
        {streak ? (
          <p className="text-sm opacity-90">{streak.body}</p>
        ) : (
          streakCount > 0 && (
            <p className="flex items-center gap-1.5 text-sm font-semibold">
              <Flame className="size-4" aria-hidden="true" />
              {streakCount === 1 ? "Day 1 of your streak" : `${streakCount}-day streak`}
            </p>
          )
        )}
      </div>
    </section>
  );
}
