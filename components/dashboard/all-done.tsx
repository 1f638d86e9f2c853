"use client";

import { CheckCircle2, Flame } from "lucide-react";
import { TrophyEarned } from "@/components/recap/trophy-earned";
import {
  Burst,
  CelebrationAnnouncer,
  Confetti,
  popClass,
  tickClass,
  useCelebrationMoment,
} from "@/components/celebrate/celebrate";
import { celebrationText } from "@/components/celebrate/decide";
import { useEffect, useRef } from "react";
import { useDashboard, useEarnedTrophy } from "./dashboard-store";
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
  const trophy = useEarnedTrophy();
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
      className={`relative rounded-2xl bg-primary p-6 text-primary-foreground shadow-sm sm:p-7 ${shown ? popClass : ""}`}
    >
      <CelebrationAnnouncer text={announcement} mounted={mounted} />
      {shown && <Confetti />}
      <div className="relative flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        {shown ? (
          <span className="rounded-full bg-card">
            <Burst kind={shown.kind} />
          </span>
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-foreground/15">
            <CheckCircle2 className="size-9" aria-hidden="true" />
          </span>
        )}
        <div className="flex-1 space-y-1">
          <h2 id="now-title" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
            {streak ? streak.title : "All Done for Today"}
          </h2>
          <p className="text-sm">Great job! You&apos;ve reached your daily movement goal.</p>
          {streak && <p className="text-sm opacity-90">{streak.body}</p>}
        </div>
        {streakCount > 0 && (
          // What today added to the streak, big: the streak card below says how long it is now (the
          // same number twice read as a mistake). In the day's moment the "+1" rises in, once.
          <p
            className="flex shrink-0 items-center gap-2 rounded-xl border-2 border-primary-foreground/30 px-4 py-2.5"
            data-testid="all-done-streak"
          >
            <Flame className="size-7" aria-hidden="true" />
            <span
              data-testid="all-done-gain"
              className={`text-4xl font-extrabold tabular-nums leading-none ${shown ? tickClass : ""}`}
            >
              +1
            </span>{" "}
            <span className="text-left text-sm font-semibold leading-tight">
              streak <br />
              day
            </span>
          </p>
        )}
      </div>
      {trophy && <TrophyEarned title={trophy} onPrimary className="relative mx-auto mt-4 sm:mx-0 sm:ml-20" />}
    </section>
  );
}
