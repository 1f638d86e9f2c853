"use client";

// The words of the skip page's result: they come from the action's answer (link-action.tsx).
import { useLinkAction } from "@/components/forms/link-action";
import type { SkipLinkState } from "@/lib/actions/skip-break-link";

export function SkipSummary() {
  const { state } = useLinkAction<SkipLinkState>();
  if (!state.ok) return null;
  return <>Your {state.data.timeDisplay} break is skipped. No more reminders for it today, and your streak is safe.</>;
}
