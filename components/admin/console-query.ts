import { ApiError } from "@/components/providers/api-client";

export const ADMIN_QUERY_KEY = ["admin"] as const;
export const ADMIN_LOGS_QUERY_KEY = ["admin", "logs"] as const;

/** The console's grant has ended (expired, or locked elsewhere): the owner unlocks again. */
export const isLocked = (error: unknown) => error instanceof ApiError && error.status === 401;
