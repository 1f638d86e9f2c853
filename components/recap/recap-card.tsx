"use client";

// The dashboard's "Your week" card (issue 33): on Monday (the user's local day) it shows last
// week's recap until dismissed; the dismissal is remembered in this browser, once per week. Give it
// the recap, read by the page on Mondays only (no request, and no query library, on other days).
import { X } from "lucide-react";
import { use, useState, useSyncExternalStore } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { RecapView } from "@/lib/recap/read";
import { nextDay, recapDismissKey, weekLabel } from "./format";
import { RecapSummary } from "./recap-summary";

const noop = () => () => {};

/** Whether this week's card was dismissed in this browser (false on the server and while hydrating). */
function useDismissed(weekStart: string | undefined) {
  const stored = useSyncExternalStore(
    noop,
    () => {
      if (!weekStart) return false;
      try {
        return localStorage.getItem(recapDismissKey(weekStart)) === "1";
      } catch {
        return false;
      }
    },
    () => true, // not shown before the browser can say whether it was dismissed
  );
  const [now, setNow] = useState(false);
  const dismiss = () => {
    if (!weekStart) return;
    try {
      localStorage.setItem(recapDismissKey(weekStart), "1");
    } catch {
      // storage unavailable: dismissed for this visit only
    }
    setNow(true);
  };
  return [stored || now, dismiss] as const;
}

/** Shown only on Monday (the day after the recapped week ends) in the user's zone. */
export function isRecapDay(recap: Pick<RecapView, "today" | "weekEnd">): boolean {
  return recap.today === nextDay(recap.weekEnd);
}

/** `recap` streams in (the page does not wait for it): mount under Suspense. */
export function RecapCard({ recap: pending }: { recap: Promise<RecapView | null> }) {
  const recap = use(pending);
  const [dismissed, dismiss] = useDismissed(recap?.weekStart);
  if (!recap || dismissed || !isRecapDay(recap)) return null;
  return (
    <Card className="gap-4" aria-labelledby="recap-card-title" role="region">
      <CardHeader className="relative px-4 pr-14 sm:px-6">
        <CardTitle>
          <h2 id="recap-card-title">Your Week</h2>
        </CardTitle>
        <CardDescription>{weekLabel(recap.weekStart, recap.weekEnd)}</CardDescription>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss your week"
          className="absolute top-0 right-3 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:right-4"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <RecapSummary recap={recap} />
      </CardContent>
    </Card>
  );
}
