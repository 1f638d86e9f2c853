// The benchmark user: onboarding done (10:00 and 15:00 every day, UTC) and 90 days of completed
// breaks with some gaps, plus one ended pause. Plain SQL, like bench/dispatch.ts.
import pg from "pg";

export const BENCH_EMAIL = "bench-http@example.com";
export const HISTORY_DAYS = 90;

export interface SeededUser {
  id: string;
  email: string;
  breaks: number;
}

export async function seedBenchUser(databaseUrl: string): Promise<SeededUser> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const id = "bench-http-user";
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO users (id, email, "emailVerified", "createdAt", "updatedAt")
       VALUES ($1, $2, true, now() - interval '${HISTORY_DAYS + 1} days', now())`,
      [id, BENCH_EMAIL],
    );
    await client.query(
      `INSERT INTO user_settings ("userId", times, "activeDays", timezone, "onboardingCompleted", "createdAt", "updatedAt")
       VALUES ($1, ARRAY['10:00', '15:00'], ARRAY[0,1,2,3,4,5,6], 'UTC', true, now() - interval '${HISTORY_DAYS + 1} days', now())`,
      [id],
    );
    // Days 1..90 before today (UTC = the user's zone), both slots, completed at the slot's time.
    // Gaps: every 13th day entirely (the first 12 days ago, so the current streak is 11 days) and
    // the afternoon slot of every 10th day further back.
    const { rowCount } = await client.query(
      `INSERT INTO breaks (id, "userId", "localDate", slot, "completedAt", "createdAt")
       SELECT gen_random_uuid(), $1, to_char(d, 'YYYY-MM-DD'), s,
              d + CASE WHEN s = 0 THEN time '10:03' ELSE time '15:04' END,
              d + CASE WHEN s = 0 THEN time '10:03' ELSE time '15:04' END
       FROM generate_series(1, ${HISTORY_DAYS}) AS n,
            LATERAL (SELECT (now() AT TIME ZONE 'UTC')::date - n AS d) AS day,
            generate_series(0, 1) AS s
       WHERE n % 13 <> 12 AND NOT (n % 10 = 4 AND n > 20 AND s = 1)`,
      [id],
    );
    // One finished pause (days 45..40 ago): the streak computation has to look at pause periods.
    await client.query(
      `INSERT INTO pause_periods (id, "userId", "startedAt", "endedAt")
       VALUES (gen_random_uuid(), $1, now() - interval '45 days', now() - interval '40 days')`,
      [id],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE");
    return { id, email: BENCH_EMAIL, breaks: rowCount ?? 0 };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
