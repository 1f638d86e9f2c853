"use client";

// The "I did it" page's result, from the action's answer (link-action.tsx): the same title and
// summary as the guided break's counted card (components/breaks/counted-summary.tsx).
import { CountedSummary } from "@/components/breaks/counted-summary";
import { useLinkAction } from "@/components/forms/link-action";
import type { CompleteLinkState } from "@/lib/actions/complete-break-link";

export function DoneTitle() {
  const { state } = useLinkAction<CompleteLinkState>();
  return <>{state.ok && state.data.alreadyCompleted ? "Already Counted!" : "Counted. Nice Work!"}</>;
}

export function DoneSummary() {
  const { state } = useLinkAction<CompleteLinkState>();
  if (!state.ok) return null;
  const { completedToday, totalToday, streakCount, trophy } = state.data;
  return (
    <CountedSummary completedToday={completedToday} totalToday={totalToday} streakCount={streakCount} trophy={trophy} />
  );
}
