// Wires dispatch() to the app's database, mail port and suggester. Used by the cron route, the
// internal scheduler and `npm run reminders:dispatch`.
import { getAuthSecret } from "@/lib/auth/secret";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { getMailTransport } from "@/lib/mail";
import { dispatch, type DispatchResult } from "./dispatch";
import type { SuggestedExercise } from "./library";
import { createSuggester, defaultModel, type DailyCache, type Suggester } from "./suggest";

export function dbPlanCache(db: Db): DailyCache {
  return {
    async get(userId, localDate) {
      const row = await db.dailySuggestion.findUnique({ where: { userId_localDate: { userId, localDate } } });
      return row ? (row.plan as { slots: SuggestedExercise[][] }) : null;
    },
    async set(userId, localDate, plan) {
      await db.dailySuggestion.upsert({
        where: { userId_localDate: { userId, localDate } },
        create: { userId, localDate, plan: plan as object },
        update: {},
      });
    },
  };
}

let suggester: { db: Db; suggest: Suggester } | undefined;

export async function runDispatch(now = new Date()): Promise<DispatchResult> {
  const db = await getDb();
  if (suggester?.db !== db) suggester = { db, suggest: createSuggester({ model: defaultModel(), cache: dbPlanCache(db) }) };
  return dispatch({
    now,
    db,
    mail: getMailTransport(),
    suggest: suggester.suggest,
    config: { appUrl: env().appUrl, secret: getAuthSecret() },
  });
}
