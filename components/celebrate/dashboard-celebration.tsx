"use client";

// The dashboard's mount of the celebration: today's numbers from the dashboard's live data.
import { useDashboard } from "@/components/dashboard/dashboard-store";
import { Celebrate } from "./celebrate";

export function DashboardCelebration() {
  const { completedToday, totalToday, streakCount, localDate } = useDashboard();
  return (
    <Celebrate
      completedToday={completedToday}
      totalToday={totalToday}
      streakCount={streakCount}
      localDate={localDate}
    />
  );
}
