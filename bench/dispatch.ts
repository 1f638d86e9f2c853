// Reminder dispatch benchmark on PostgreSQL: 100,000 users, 10,000 of them due. Measures the time
// to claim, render and hand every due reminder to the mail port, and a run with nothing due.
// Usage: npm run bench:dispatch   (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test)
import pg from "pg";
import { closeAllDbs, getDb } from "@/lib/db";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/reminders/suggest";
import { countingMail } from "./counting-mail";
import { recordResult } from "./results";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 10_000);
const base = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

async function main() {
  const name = `limber_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const db = await getDb({ databaseUrl: url.toString() });
    const now = new Date("2031-05-05T10:05:00Z");
    const seedStart = Date.now();
    // Bulk seed in SQL: users, settings and slots. The first DUE users' slot is 4 minutes old.
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
    await db.$executeRawUnsafe(`ANALYZE`);
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const mail = countingMail();
    const suggest = createSuggester({ model: null }); // the built-in library, as without OPENAI_API_KEY
    const config = { appUrl: "https://limber.example", secret: "bench-secret-bench-secret-bench-secret!" };

    const t0 = performance.now();
    const result = await dispatch({ now, db, mail, suggest, config });
    const dueSeconds = (performance.now() - t0) / 1000;
    if (mail.handed() !== DUE || result.sent !== DUE) throw new Error(`expected ${DUE} sends, got ${mail.handed()} (${JSON.stringify(result)})`);

    // Nothing due any more: the run should only touch the index.
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const r = await dispatch({ now: new Date(now.getTime() + 60_000), db, mail, suggest, config });
      idle.push(performance.now() - t);
      if (r.due !== 0) throw new Error("idle run found due reminders");
    }
    const idleMs = Math.round(Math.min(...idle) * 10) / 10;
    const figures = { users: USERS, due: DUE, seedSeconds: Math.round(seedSeconds * 10) / 10, dueSeconds: Math.round(dueSeconds * 100) / 100, idleMs };
    console.log(`dispatch: ${USERS} users, ${DUE} due -> ${figures.dueSeconds} s (target < 30 s); nothing due -> ${idleMs} ms (target < 100 ms)`);
    await recordResult("dispatch", figures);
  } finally {
    await closeAllDbs();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
