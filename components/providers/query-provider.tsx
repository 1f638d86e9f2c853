"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { DEFAULT_STALE_MS } from "@/components/constants";

/**
 * TanStack Query, for the pages that still use it (settings, welcome, the owner's console and
 * unlock): their page files wrap themselves in this, so other pages do not ship it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  // The spec's defaults: data fresh 5 minutes, one retry after 1 s, no refetch on window focus.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: DEFAULT_STALE_MS, retry: 1, retryDelay: 1000, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
