"use client";

// The words of the snooze page's result: they come from the action's answer (link-action.tsx).
import { useLinkAction } from "@/components/forms/link-action";
import type { SnoozeState } from "@/lib/actions/snooze-break";

export function SnoozeTitle() {
  const { state } = useLinkAction<SnoozeState>();
  return state.ok ? <>See You at {state.data.remindAtDisplay}</> : null;
}

export function SnoozeSummary() {
  const { state } = useLinkAction<SnoozeState>();
  if (!state.ok) return null;
  const s = state.data;
  return (
    <>
      We&apos;ll e-mail your {s.timeDisplay} break again in about 15 minutes.
      {s.remaining === 0 ? " That's the last reminder for this break." : ""}
    </>
  );
}
