"use client";

import { useQuery } from "@tanstack/react-query";
import { Coffee, Flame, Sparkles } from "lucide-react";
import { Suspense } from "react";
import { BreakRow } from "@/components/breaks/break-row";
import { DASHBOARD_QUERY_KEY } from "@/components/breaks/cache";
import { NextBreakLine, RestDayText, streakHint, StreakHintText } from "@/components/breaks/next-break";
import type { TodayPromise } from "@/components/breaks/use-today";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/api-client";
import { DASHBOARD_REFETCH_MS } from "@/lib/constants";
import type { Dashboard } from "@/lib/users/dashboard";
import { HistoryLink } from "@/components/history/history-link";
import { ProgressRing } from "./progress-ring";

export { DASHBOARD_QUERY_KEY };

function formatDay(localDate: string) {
  // The user's local date, shown as weekday, month, day ("Saturday, November 21").
  const [y, m, d] = localDate.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

/**
 * `today` is today's breaks with their exercises, still being read when the page starts streaming
 * (the day's plan may need the AI): the parts that need it wait under their own Suspense.
 */
export function DashboardPage({ initial, today }: { initial: Dashboard; today: TodayPromise }) {
  const { data = initial } = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => api<Dashboard>("/api/user/dashboard"),
    initialData: initial,
    initialDataUpdatedAt: 0, // refetch on open, then every 30 s
    refetchOnMount: "always",
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
  const { totalToday, schedule, streakCount } = data;
  const completed = Math.min(data.completedToday, totalToday);
  const goalReached = totalToday > 0 && completed >= totalToday;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Today&apos;s Progress</h1>
        <p className="text-muted-foreground">{formatDay(data.localDate)}</p>
        <Suspense fallback={<p className="mt-1 h-5" />}>
          <NextBreakLine today={today} />
        </Suspense>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Daily Movement Schedule</h2>
            </CardTitle>
            <CardDescription>
              {totalToday === 0
                ? "No movements scheduled today"
                : `${totalToday} ${totalToday === 1 ? "movement" : "movements"} scheduled today, ${completed} completed`}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex justify-center">
            {totalToday === 0 ? (
              <div className="flex flex-col items-center gap-2 py-4 text-center">
                <Coffee className="size-10 text-primary" aria-hidden="true" />
                <p className="font-semibold">Today is a rest day</p>
                <Suspense fallback={<p className="text-sm text-muted-foreground">No breaks are scheduled today.</p>}>
                  <RestDayText today={today} />
                </Suspense>
              </div>
            ) : (
              <ProgressRing completed={completed} total={totalToday} />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{streakCount > 0 ? "Current Streak" : "Start Your Journey"}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {streakCount > 0 ? (
              <p className="flex items-center gap-3">
                <Flame className="size-10 text-primary" aria-hidden="true" />
                <span className="text-4xl font-bold">{streakCount}</span>
                <span className="text-lg text-muted-foreground">{streakCount === 1 ? "day" : "days"}</span>
              </p>
            ) : (
              <p className="flex items-start gap-3 text-muted-foreground">
                <Sparkles className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <Suspense fallback={streakHint(undefined, totalToday)}>
                    <StreakHintText today={today} totalToday={totalToday} />
                  </Suspense>
                </span>
              </p>
            )}
            <HistoryLink />
          </CardContent>
        </Card>
      </div>

      {schedule.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Today&apos;s Schedule</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y">
              {schedule.map((entry) => (
                <BreakRow key={entry.time} entry={entry} today={today} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      {totalToday > 0 && (
        <p className="rounded-lg border bg-card p-4 text-sm" role="status">
          {goalReached
            ? "Great job! You've reached your daily movement goal."
            : "Reminders are sent at your scheduled times. The 'I did it' button in any reminder email marks that break as completed. You can also open a break above to take it with a timer or mark it done."}
        </p>
      )}
    </div>
  );
}
