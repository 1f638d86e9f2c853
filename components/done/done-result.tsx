"use client";

// The "I did it" page's result, from the action's answer (link-action.tsx): the same title and
// summary as the guided break's counted card (components/breaks/counted-summary.tsx). The result
// holds the Undo's own <LinkAction>, which is the nearest one to the title and summary: the answer
// of "I did it" is kept for them above it (KeepDoneAnswer).
import { createContext, use, type ReactNode } from "react";
import { CountedSummary } from "@/components/breaks/counted-summary";
import { useLinkAction } from "@/components/forms/link-action";
import type { CompleteLinkState } from "@/lib/actions/complete-break-link";

const DoneAnswer = createContext<CompleteLinkState | null>(null);

export function KeepDoneAnswer({ children }: { children: ReactNode }) {
  const { state } = useLinkAction<CompleteLinkState>();
  return <DoneAnswer value={state}>{children}</DoneAnswer>;
}

export function DoneTitle() {
  const state = use(DoneAnswer);
  return <>{state?.ok && state.data.alreadyCompleted ? "Already Counted!" : "Counted. Nice Work!"}</>;
}

export function DoneSummary() {
  const state = use(DoneAnswer);
  if (!state?.ok) return null;
  const { completedToday, totalToday, streakCount, trophy } = state.data;
  return (
    <CountedSummary completedToday={completedToday} totalToday={totalToday} streakCount={streakCount} trophy={trophy} />
  );
}
