// Query keys the settings screen invalidates after a save (it still uses TanStack Query). The
// dashboard no longer keeps a query cache (components/dashboard/dashboard-store.tsx): it is
// rendered fresh by the server on each visit and refetches on open, so these match nothing there.
export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;
export const TODAY_QUERY_KEY = ["today"] as const;
