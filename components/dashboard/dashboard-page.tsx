// The dashboard, rendered on the server. Its live parts (counts, ring, streak, the schedule's rows)
// are client islands reading dashboard-store.tsx, which refetches on open and every 30 s.
import { Coffee } from "lucide-react";
import { Suspense } from "react";
import { NextBreakLine, RestDayText } from "@/components/breaks/next-break";
import { HistoryLink } from "@/components/history/history-link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Dashboard } from "@/lib/progress/dashboard";
import {
  GoalNote,
  LocalDay,
  NoReminderDaysNotice,
  ProgressOrRest,
  RestDayTitle,
  ScheduleList,
  StreakBody,
  StreakTitle,
  WhenScheduled,
} from "./dashboard-live";
import { DashboardStore, type TodayPromise } from "./dashboard-store";
import { NowCard } from "./now-card";
import { RecapCard } from "@/components/recap/recap-card";
import type { RecapView } from "@/lib/recap/read";

/**
 * `today` is today's breaks with their exercises, still being read when the page starts streaming
 * (the day's plan may need the AI): the parts that need it wait under their own Suspense.
 */
export function DashboardPage({
  initial,
  today,
  recap,
}: {
  initial: Dashboard;
  today: TodayPromise;
  /** Last week's recap, on the user's Monday only (streamed). */
  recap?: Promise<RecapView | null> | null;
}) {
  return (
    <DashboardStore initial={initial} today={today}>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Today&apos;s Progress</h1>
          <p className="text-muted-foreground">
            <LocalDay />
          </p>
          <Suspense fallback={<p className="mt-1 h-5" />}>
            <NextBreakLine />
          </Suspense>
        </div>

        <NoReminderDaysNotice />

        <NowCard />

        {recap && (
          <Suspense fallback={null}>
            <RecapCard recap={recap} />
          </Suspense>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <Card data-testid="progress-card">
            <CardHeader>
              <CardTitle>
                <h2>Daily Movement Schedule</h2>
              </CardTitle>
            </CardHeader>
            {/* Centred in what the streak card beside it leaves over at 1280. */}
            <CardContent className="flex flex-1 flex-col justify-center">
              <ProgressOrRest
                restDay={
                  <div className="flex flex-col items-center gap-2 py-4 text-center">
                    <Coffee className="size-10 text-primary" aria-hidden="true" />
                    <p className="font-semibold">
                      <RestDayTitle />
                    </p>
                    <Suspense
                      fallback={<p className="text-sm text-muted-foreground">No breaks are scheduled today.</p>}
                    >
                      <RestDayText />
                    </Suspense>
                  </div>
                }
              />
            </CardContent>
          </Card>

          <Card data-testid="streak-card">
            <CardHeader>
              <CardTitle>
                <h2>
                  <StreakTitle />
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <StreakBody />
              <HistoryLink />
            </CardContent>
          </Card>
        </div>

        <WhenScheduled>
          <Card data-testid="schedule-card">
            <CardHeader>
              <CardTitle>
                <h2>Today&apos;s Schedule</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ScheduleList />
            </CardContent>
          </Card>
        </WhenScheduled>

        <GoalNote />
      </div>
    </DashboardStore>
  );
}
