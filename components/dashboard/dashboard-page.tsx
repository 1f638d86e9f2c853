"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Coffee, Flame, Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/api-client";
import { DASHBOARD_REFETCH_MS } from "@/lib/constants";
import { cn } from "@/lib/utils";
import type { Dashboard } from "@/lib/users/dashboard";
import { ProgressRing } from "./progress-ring";

export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;

function formatDay(localDate: string) {
  // The user's local date, shown as weekday, month, day ("Saturday, November 21").
  const [y, m, d] = localDate.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

export function DashboardPage({ initial }: { initial: Dashboard }) {
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
                <p className="text-sm text-muted-foreground">No breaks are scheduled today. Enjoy it, and see you on your next active day.</p>
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
                Complete today&apos;s movements to begin your streak!
              </p>
            )}
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
                <li key={entry.time} className="flex items-center gap-3 py-3">
                  <span
                    className={cn("size-3 shrink-0 rounded-full", entry.past ? "bg-primary" : "border-2 border-primary bg-transparent")}
                    aria-hidden="true"
                  />
                  <span className="w-20 font-semibold tabular-nums">{entry.timeDisplay || entry.time}</span>
                  <span className="flex-1">Movement Break</span>
                  {entry.completed ? (
                    <span className="flex items-center gap-1 text-sm font-medium text-success">
                      <CheckCircle2 className="size-4" aria-hidden="true" />
                      Completed
                    </span>
                  ) : (
                    <span className="sr-only">{entry.past ? "time has passed" : "upcoming"}</span>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      {totalToday > 0 && (
        <p className="rounded-lg border bg-card p-4 text-sm" role="status">
          {goalReached
            ? "Great job! You've reached your daily movement goal."
            : "Reminders are sent at your scheduled times. The 'I did it' button in any reminder email marks that break as completed."}
        </p>
      )}
    </div>
  );
}
