"use client";

// Today's breaks with their exercises (GET /api/user/today). The server starts reading them while
// it renders the page and streams the answer (making the day's plan can take seconds with the AI,
// so the page never waits for it); the first component that needs it suspends until it arrives,
// then TanStack Query keeps it fresh like the dashboard.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { use } from "react";
import { api } from "@/lib/api-client";
import type { TodayView } from "@/lib/breaks/types";
import { DASHBOARD_REFETCH_MS } from "@/lib/constants";
import { TODAY_QUERY_KEY } from "./cache";

export type TodayPromise = Promise<TodayView | null>;

export function useToday(promise: TodayPromise): TodayView | undefined {
  const client = useQueryClient();
  // Already cached (a client-side navigation back here): no need to wait for the server's copy.
  const seeded = client.getQueryData<TodayView>(TODAY_QUERY_KEY) ? undefined : use(promise);
  const { data } = useQuery({
    queryKey: TODAY_QUERY_KEY,
    queryFn: () => api<TodayView>("/api/user/today"),
    initialData: seeded ?? undefined,
    // The next break's label moves on as the day goes by: same rhythm as the dashboard.
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
  return data;
}
