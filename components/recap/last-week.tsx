// History's "Last Week" (issue 33): the last finished week's recap, above everything else.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { WeekRecap } from "@/lib/recap/week";
import { weekLabel } from "./format";
import { RecapSummary } from "./recap-summary";

export function LastWeek({ recap }: { recap: WeekRecap }) {
  return (
    <Card className="gap-4" aria-labelledby="last-week-title">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 id="last-week-title">Last Week</h2>
        </CardTitle>
        <CardDescription>{weekLabel(recap.weekStart, recap.weekEnd)}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <RecapSummary recap={recap} />
      </CardContent>
    </Card>
  );
}
