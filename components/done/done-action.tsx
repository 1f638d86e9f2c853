"use client";

// The live parts of the e-mail's "I did it" page: the form, its error, and the result that takes the
// card's place once the break is counted. The card itself (the break, its exercises, the links) is
// rendered by the server (done-screen.tsx), so it costs no script and no hydration on the phone
// that opened the e-mail.
import { createContext, use, type ReactNode } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { completeBreakFromLink, type CompleteLinkState } from "@/lib/actions/complete-break-link";

const IDLE: CompleteLinkState = {};

type Completion = ReturnType<typeof useFormAction<CompleteLinkState>>;
const CompletionContext = createContext<Completion | null>(null);

function useCompletion(): Completion {
  const completion = use(CompletionContext);
  if (!completion) throw new Error("The done page's parts belong inside <DoneAction>");
  return completion;
}

/** `children` (the break's card) until the break is counted, then `result`. */
export function DoneAction({ children, result }: { children: ReactNode; result: ReactNode }) {
  // A form, so "I did it" works before (or without) the page's scripts too.
  const complete = useFormAction(completeBreakFromLink, IDLE);
  return <CompletionContext value={complete}>{complete.state.ok ? result : children}</CompletionContext>;
}

export function DoneError() {
  const { state } = useCompletion();
  if (state.ok !== false) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {state.message}
    </p>
  );
}

/** `className`: the button primitive's classes, made on the server (no class merging shipped). */
export function DoneForm({ token, className }: { token: string; className: string }) {
  const complete = useCompletion();
  return (
    <form {...complete.formProps}>
      <input type="hidden" name="token" value={token} />
      <button type="submit" data-slot="button" data-variant="default" data-size="lg" className={className} disabled={complete.pending}>
        {complete.pending ? "Saving..." : "I did it"}
      </button>
    </form>
  );
}

export function DoneTitle() {
  const { state } = useCompletion();
  return <>{state.ok && state.data.alreadyCompleted ? "Already counted!" : "Nice work!"}</>;
}

export function DoneSummary() {
  const { state } = useCompletion();
  if (!state.ok) return null;
  const p = state.data;
  const goal = p.totalToday > 0 && p.completedToday >= p.totalToday;
  return (
    <>
      {p.totalToday > 0 ? `${Math.min(p.completedToday, p.totalToday)} of ${p.totalToday} breaks done today.` : "Your break is recorded."}
      {goal ? " You've reached your daily movement goal." : ""}
    </>
  );
}
