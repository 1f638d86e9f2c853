// Reading the schedule history (schedule_versions; the rule is ./versions.ts) as a JSON column
// inside each caller's one query (no extra round trip). Written only by the settings and setup
// functions (lib/users/settings-store.ts), in their transaction. Pure: SQL text and parsing.
import type { ScheduleVersion } from "./versions";

/** A user's first version starts here: it governs everything before their first change. */
export const FIRST_VERSION_FROM = new Date(0);

export interface ScheduleFields {
  times: string[];
  activeDays: number[];
  timezone: string;
}

/**
 * SQL for a JSON column of the versions of user `user` (an SQL expression) that matter from the
 * instant `from` (an SQL parameter) on: the one in force then and every later one. One range scan
 * of the (userId, effectiveFrom) key; usually a single row.
 */
export function versionsColumn(user: string, from: string): string {
  return `COALESCE((SELECT json_agg(json_build_object('f', (EXTRACT(EPOCH FROM v."effectiveFrom") * 1000)::float8, 't', v."times", 'a', v."activeDays", 'z', v."timezone"))
                   FROM "schedule_versions" v
                   WHERE v."userId" = ${user}
                     AND v."effectiveFrom" >= COALESCE((SELECT MAX(w."effectiveFrom") FROM "schedule_versions" w
                                                        WHERE w."userId" = ${user} AND w."effectiveFrom" <= ${from}::timestamp), '-infinity'::timestamp)), '[]'::json)`;
}

/** The versions a versionsColumn brings (a JSON string on some drivers); malformed entries are dropped. */
export function parseVersions(value: unknown): ScheduleVersion[] {
  const list = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v: { f?: unknown; t?: unknown; a?: unknown; z?: unknown }) =>
    typeof v?.f === "number" && Array.isArray(v.t) && Array.isArray(v.a) && typeof v.z === "string"
      ? [{ from: v.f, times: v.t.map(String), activeDays: v.a.map(Number), timezone: v.z }]
      : [],
  );
}
