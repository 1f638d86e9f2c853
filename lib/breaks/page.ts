// Server side of the pages that show today's breaks (the dashboard, the guided break).
import type { Db } from "@/lib/db";
import { appSuggester } from "@/lib/exercises/suggest";
import { getToday } from "./today";
import type { TodayView } from "./types";

/**
 * Today's breaks, for a page to stream (not await). A failure becomes null rather than a broken
 * page: the browser then asks GET /api/user/today itself.
 */
export function todayFor(db: Db, userId: string): Promise<TodayView | null> {
  return getToday({ db, suggest: appSuggester() }, userId).catch((error: unknown) => {
    console.error("Could not read today's breaks", error);
    return null;
  });
}
