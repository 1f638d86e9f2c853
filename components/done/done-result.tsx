"use client";

// The words of the "I did it" page's result: they come from the action's answer (link-action.tsx).
import { useLinkAction } from "@/components/forms/link-action";
import type { CompleteLinkState } from "@/lib/actions/complete-break-link";

export function DoneTitle() {
  const { state } = useLinkAction<CompleteLinkState>();
  return <>{state.ok && state.data.alreadyCompleted ? "Already Counted!" : "Nice Work!"}</>;
}

export function DoneSummary() {
  const { state } = useLinkAction<CompleteLinkState>();
  if (!state.ok) return null;
  const p = state.data;
  const goal = p.totalToday > 0 && p.completedToday >= p.totalToday;
  return (
    <>
      {p.totalToday > 0
        ? `${Math.min(p.completedToday, p.totalToday)} of ${p.totalToday} breaks done today.`
        : "Your break is recorded."}
      {goal ? " You've reached your daily movement goal." : ""}
    </>
  );
}
