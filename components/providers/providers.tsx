"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { DEFAULT_STALE_MS } from "@/lib/constants";

export function Providers({ children }: { children: ReactNode }) {
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
  // Tooltips bring their own provider (components/ui/tooltip.tsx), so pages without one do not load it.
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
