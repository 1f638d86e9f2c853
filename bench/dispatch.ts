// Reminder dispatch benchmark on PostgreSQL: 100,000 users, 10,000 of them due. Measures the time
// to claim, render and hand every due reminder to the mail port, and a run with nothing due.
// Two variants in one process, each on its own fresh database, the baseline first:
// - baseline ("dispatch"): no calendars, no break rows; every due user gets one e-mail.
// - calendars ("dispatchCalendars", issue 31): half of all users have a connected calendar
//   (calendar_sources, read and fresh, nothing left to fetch); of the due users, half have today's
//   break moved out of a meeting to 09:50 (a breaks row with movedTo/movedAt, their slot's 10:00
//   reminder due as well: the dispatcher must move the slot on without sending it and send at the
//   moved time instead), and a quarter of the rest have it skipped for meetings (skipReason
//   "busy": no e-mail). Every due reminder must be sent exactly once, the skipped ones never.
// The ratio of the two due runs is issue 31's target (calendars ≤ 1.5 × the baseline).
// Usage: npm run bench:dispatch   (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test;
// BENCH_USERS, BENCH_DUE; BENCH_ROUNDS: baseline/calendars pairs, alternating, medians recorded)
import os from "node:os";
import { closeAllDbs, getDb, type Db } from "@/lib/db";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";
import { countingMail } from "./counting-mail";
import { recordResult } from "./results";
import { createBenchDatabase } from "./server";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 10_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TARGET_RATIO = 1.5;

const NOW = new Date("2031-05-05T10:05:00Z");
const TODAY = "2031-05-05";
const at = (hhmm: string) => Date.parse(`${TODAY}T${hhmm}:00Z`);

// Who is who in the calendar variant (g = the user's number; the first DUE users are due).
const MOVED = `g <= ${DUE} AND g % 2 = 0`; // half of the due users: break moved to 09:50
const SKIPPED = `g <= ${DUE} AND g % 8 = 1`; // a quarter of the other due users: skipped ("busy")
const MOVED_TO = "09:50";
const countWhere = (test: (g: number) => boolean) => {
  let n = 0;
  for (let g = 1; g <= Math.min(DUE, USERS); g++) if (test(g)) n++;
  return n;
};
const MOVED_COUNT = countWhere((g) => g % 2 === 0);
const SKIPPED_COUNT = countWhere((g) => g % 8 === 1);

type Variant = "baseline" | "calendars";

interface Run {
  seedSeconds: number;
  dueSeconds: number;
  idleMs: number;
  idleMsAnalyzed: number;
  sent: number;
  calendars: number;
  moved: number;
  skipped: number;
}

/** Users, settings and slots (both variants): the first DUE users' 10:00 slot is 4 minutes old. */
async function seedUsers(db: Db) {
  await db.$executeRawUnsafe(`
    INSERT INTO users (id, email, "emailVerified", "createdAt", "updatedAt")
    SELECT 'u' || g, 'bench' || g || '@example.com', true, now(), now() FROM generate_series(1, ${USERS}) g`);
  await db.$executeRawUnsafe(`
    INSERT INTO user_settings ("userId", times, "activeDays", timezone, "onboardingCompleted", "movementPrefs", "updatedAt")
    SELECT 'u' || g, ARRAY['10:00', '15:00'], ARRAY[0,1,2,3,4,5,6], 'UTC', true,
           CASE WHEN g % 3 = 0 THEN 'sore knee' ELSE '' END, now()
    FROM generate_series(1, ${USERS}) g`);
  await db.$executeRawUnsafe(`
    INSERT INTO reminder_slots ("userId", slot, "nextAt")
    SELECT 'u' || g, 0, CASE WHEN g <= ${DUE} THEN '2031-05-05 10:01:00'::timestamp ELSE '2031-05-06 10:01:00'::timestamp END
    FROM generate_series(1, ${USERS}) g`);
}

/**
 * The calendar variant's rows, as lib/calendar-source/placement.ts writes them ahead of the run:
 * calendars read 5 minutes ago (fresh, next fetch far away), the moved breaks (a 10:00-10:30
 * meeting, moved to 09:50) and the skipped ones (busy 09:00-12:00).
 */
async function seedCalendars(db: Db) {
  const json = (intervals: [string, string][]) => JSON.stringify(intervals.map(([start, end]) => [at(start), at(end)]));
  const meeting = json([
    ["10:00", "10:30"],
    ["13:00", "14:00"],
  ]);
  const morning = json([
    ["09:00", "12:00"],
    ["13:00", "14:00"],
  ]);
  const other = json([
    ["11:00", "11:30"],
    ["13:00", "14:00"],
    ["16:00", "16:30"],
  ]);
  // Half of all users, the moved and skipped ones first (they need a calendar for their rows);
  // more than half only when those alone are more (e.g. every user due).
  await db.$executeRawUnsafe(`
    INSERT INTO calendar_sources ("userId", "sealedUrl", status, busy, "daysOff", "busyCount", "checkedAt", "nextFetchAt", "createdAt")
    SELECT 'u' || g, 'v1.bench-sealed-calendar-address.' || g, 'ok',
           CASE WHEN ${MOVED} THEN '${meeting}' WHEN ${SKIPPED} THEN '${morning}' ELSE '${other}' END::jsonb,
           ARRAY[]::text[], CASE WHEN ${MOVED} OR ${SKIPPED} THEN 2 ELSE 3 END,
           '2031-05-05 10:00:00'::timestamp, '2099-01-01 00:00:00'::timestamp, '2031-04-01 00:00:00'::timestamp
    FROM generate_series(1, ${USERS}) g
    ORDER BY (${MOVED}) OR (${SKIPPED}) DESC, g % 2, g
    LIMIT GREATEST(${Math.floor(USERS / 2)}, ${MOVED_COUNT + SKIPPED_COUNT})`);
  await db.$executeRawUnsafe(`
    INSERT INTO breaks (id, "userId", "localDate", slot, "movedTo", "movedAt", "createdAt")
    SELECT 'bench-moved-' || g, 'u' || g, '${TODAY}', 0, '${MOVED_TO}', '${TODAY} ${MOVED_TO}:00'::timestamp,
           '2031-05-05 06:00:00'::timestamp
    FROM generate_series(1, ${USERS}) g WHERE ${MOVED}`);
  await db.$executeRawUnsafe(`
    INSERT INTO breaks (id, "userId", "localDate", slot, "skipReason", "skippedAt", "createdAt")
    SELECT 'bench-skipped-' || g, 'u' || g, '${TODAY}', 0, 'busy', '2031-05-05 06:00:00'::timestamp,
           '2031-05-05 06:00:00'::timestamp
    FROM generate_series(1, ${USERS}) g WHERE ${SKIPPED}`);
}

const count = async (db: Db, sql: string) => Number((await db.$queryRawUnsafe<{ n: number }[]>(sql))[0]!.n);

/** After the due run: each reminder went out once, at the right time, and none to a skipped break. */
async function verify(db: Db, variant: Variant, expectedSent: number) {
  const moved = variant === "calendars" ? MOVED_COUNT : 0;
  const checks: [string, number, number][] = [
    [
      "sent deliveries",
      await count(db, `SELECT count(*)::int AS n FROM deliveries WHERE status = 'sent' AND round = 0`),
      expectedSent,
    ],
    [
      "deliveries in any other state",
      await count(db, `SELECT count(*)::int AS n FROM deliveries WHERE status <> 'sent'`),
      0,
    ],
    [
      "deliveries of skipped breaks",
      await count(
        db,
        `SELECT count(*)::int AS n FROM deliveries d JOIN breaks b
           ON b."userId" = d."userId" AND b."localDate" = d."localDate" AND b.slot = d.slot
         WHERE b."skipReason" IS NOT NULL`,
      ),
      0,
    ],
    [
      "moved breaks sent at their moved time",
      await count(
        db,
        `SELECT count(*)::int AS n FROM deliveries d JOIN breaks b
           ON b."userId" = d."userId" AND b."localDate" = d."localDate" AND b.slot = d.slot
         WHERE b."movedAt" IS NOT NULL AND d.status = 'sent' AND d."scheduledAt" = b."movedAt"`,
      ),
      moved,
    ],
    [
      "slots still due",
      await count(
        db,
        `SELECT count(*)::int AS n FROM reminder_slots WHERE "nextAt" <= '${NOW.toISOString()}'::timestamp`,
      ),
      0,
    ],
  ];
  const wrong = checks.filter(([, got, want]) => got !== want);
  if (wrong.length > 0)
    throw new Error(`${variant}: ${wrong.map(([what, got, want]) => `${what}: ${got}, expected ${want}`).join("; ")}`);
}

async function runVariant(variant: Variant, round: number): Promise<Run> {
  const bench = await createBenchDatabase(`dispatch_${variant}_${round}`);
  try {
    const db = await getDb({ databaseUrl: bench.url });
    const seedStart = Date.now();
    await seedUsers(db);
    if (variant === "calendars") await seedCalendars(db);
    await db.$executeRawUnsafe(`ANALYZE`);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const calendars = await count(db, `SELECT count(*)::int AS n FROM calendar_sources`);
    const moved = await count(db, `SELECT count(*)::int AS n FROM breaks WHERE "movedAt" IS NOT NULL`);
    const skipped = await count(db, `SELECT count(*)::int AS n FROM breaks WHERE "skipReason" IS NOT NULL`);
    const due = Math.min(DUE, USERS);
    if (variant === "calendars" && (moved !== MOVED_COUNT || skipped !== SKIPPED_COUNT))
      throw new Error(
        `seeded ${moved} moved and ${skipped} skipped breaks, expected ${MOVED_COUNT} and ${SKIPPED_COUNT}`,
      );
    const expectedSent = due - skipped;

    const mail = countingMail();
    const suggest = createSuggester({ model: null }); // the built-in library, as without OPENAI_API_KEY
    const config = { appUrl: "https://limber.example", secret: "bench-secret-bench-secret-bench-secret!" };

    const t0 = performance.now();
    const result = await dispatch({ now: NOW, db, mail, suggest, config });
    const dueSeconds = (performance.now() - t0) / 1000;
    // Skipped: the moved breaks' slot reminders (moved on unsent) and the skipped breaks.
    if (
      mail.handed() !== expectedSent ||
      result.sent !== expectedSent ||
      result.due !== expectedSent ||
      result.failed !== 0 ||
      result.skipped !== moved + skipped
    )
      throw new Error(
        `${variant}: expected ${expectedSent} sends (${due} due − ${skipped} skipped; ${moved + skipped} skipped in the result), ` +
          `got ${mail.handed()} handed (${JSON.stringify(result)})`,
      );
    await verify(db, variant, expectedSent);

    // Nothing due any more: the run should only touch the indexes (the moved breaks already sent
    // are still inside their 30-minute window, so the moves query reads them and passes them by).
    // First with the planner statistics as the send left them (deliveries was analyzed empty),
    // then once more after ANALYZE, as autovacuum would have it on a table with history.
    const idleRuns = async (from: number) => {
      const idle: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const r = await dispatch({ now: new Date(NOW.getTime() + (from + i) * 10_000), db, mail, suggest, config });
        idle.push(performance.now() - t);
        if (r.due !== 0 || r.sent !== 0) throw new Error(`${variant}: idle run found due reminders`);
      }
      return Math.round(Math.min(...idle) * 10) / 10;
    };
    const idleMs = await idleRuns(6);
    await db.$executeRawUnsafe(`ANALYZE`);
    const idleMsAnalyzed = await idleRuns(12);
    if (mail.handed() !== expectedSent) throw new Error(`${variant}: idle runs handed e-mails to the mail port`);
    return {
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      dueSeconds: Math.round(dueSeconds * 100) / 100,
      idleMs,
      idleMsAnalyzed,
      sent: mail.handed(),
      calendars,
      moved,
      skipped,
    };
  } finally {
    await closeAllDbs();
    await bench.drop();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round2 = (x: number) => Math.round(x * 100) / 100;

async function main() {
  const loadBefore = os.loadavg()[0]!;
  const runs: Record<Variant, Run[]> = { baseline: [], calendars: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of ["baseline", "calendars"] as const) {
      const run = await runVariant(variant, round);
      runs[variant].push(run);
      console.log(
        `dispatch ${variant}${ROUNDS > 1 ? ` (round ${round})` : ""}: ${USERS} users` +
          (variant === "calendars" ? ` (${run.calendars} calendars)` : "") +
          `, ${DUE} due` +
          (variant === "calendars" ? ` (${run.moved} moved, ${run.skipped} skipped)` : "") +
          ` -> ${run.dueSeconds} s, ${run.sent} e-mails; nothing due -> ${run.idleMs} ms (${run.idleMsAnalyzed} ms analyzed)`,
      );
    }
  }
  const loadAfter = os.loadavg()[0]!;
  const summary = (variant: Variant) => {
    const rs = runs[variant];
    return {
      seedSeconds: median(rs.map((r) => r.seedSeconds)),
      dueSeconds: median(rs.map((r) => r.dueSeconds)),
      idleMs: median(rs.map((r) => r.idleMs)),
      idleMsAnalyzed: median(rs.map((r) => r.idleMsAnalyzed)),
      sent: rs[0]!.sent,
    };
  };
  const base = summary("baseline");
  const cal = summary("calendars");
  const first = runs.calendars[0]!;
  // Per pair (each calendar run against the baseline run just before it), then the median.
  const ratios = runs.calendars.map((r, i) => r.dueSeconds / runs.baseline[i]!.dueSeconds);
  const idleRatios = runs.calendars.map((r, i) => r.idleMs / runs.baseline[i]!.idleMs);
  const ratio = round2(median(ratios));
  const idleRatio = round2(median(idleRatios));
  console.log(
    `dispatch: baseline ${base.dueSeconds} s (target < 30 s), nothing due ${base.idleMs} ms (target < 100 ms); ` +
      `calendars ${cal.dueSeconds} s, nothing due ${cal.idleMs} ms (${cal.idleMsAnalyzed} ms analyzed); ratio ${ratio}× (target ≤ ${TARGET_RATIO}×: ` +
      `${ratio <= TARGET_RATIO ? "met" : "missed"}), nothing due ${idleRatio}×; load ${loadBefore.toFixed(2)} -> ${loadAfter.toFixed(2)}`,
  );
  await recordResult("dispatch", { users: USERS, due: DUE, ...base });
  await recordResult("dispatchCalendars", {
    users: USERS,
    due: DUE,
    calendars: first.calendars,
    moved: first.moved,
    skipped: first.skipped,
    ...cal,
    baselineDueSeconds: base.dueSeconds,
    baselineIdleMs: base.idleMs,
    baselineIdleMsAnalyzed: base.idleMsAnalyzed,
    ratio,
    idleRatio,
    targetRatio: TARGET_RATIO,
    met: ratio <= TARGET_RATIO,
    rounds: ROUNDS,
    ...(ROUNDS > 1
      ? {
          dueSecondsByRound: {
            baseline: runs.baseline.map((r) => r.dueSeconds),
            calendars: runs.calendars.map((r) => r.dueSeconds),
          },
          ratioByRound: ratios.map(round2),
        }
      : {}),
    loadAverage: { before: round2(loadBefore), after: round2(loadAfter), cpus: os.cpus().length },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
