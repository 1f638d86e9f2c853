// A user's verdicts on single exercises (issue 33): "Not for me" (with an optional reason) and
// "I like this", one per user and exercise name, the latest winning; "none" removes it. Later
// plans read them (lib/breaks/plan.ts): not-for-me ones are never planned (library and AI), liked
// ones come back more often, and the AI prompt names both.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { DayFeedback } from "@/lib/exercises/suggest";
import type { NotForMeReason } from "./choices";
import { FEEDBACK_MESSAGES, type ExerciseFeedbackInput, type ExerciseFeedbackView } from "./input";

/** Marks a user may keep: plenty for any library, and a bound on what one account can store. */
export const MAX_FEEDBACK_PER_USER = 200;

/** The key a name is stored and matched under (case and surrounding spaces do not matter). */
export const nameKey = (name: string) => name.trim().toLowerCase();

interface Row {
  name: string;
  verdict: string;
  reason: string | null;
  updatedAt: Date;
}

const view = (r: Row): ExerciseFeedbackView => ({
  name: r.name,
  verdict: r.verdict === "liked" ? "liked" : "not-for-me",
  reason: (r.reason as NotForMeReason | null) ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

/** Stores (or with "none" removes) the caller's verdict on one exercise; answers the mark as it stands. */
export async function setExerciseFeedback(
  db: Db,
  userId: string,
  input: ExerciseFeedbackInput,
  now = new Date(),
): Promise<ExerciseFeedbackView> {
  const key = nameKey(input.name);
  if (input.verdict === "none") {
    await db.exerciseFeedback.deleteMany({ where: { userId, nameKey: key } });
    return { name: input.name, verdict: "none", reason: null, updatedAt: null };
  }
  const reason = input.verdict === "not-for-me" ? (input.reason ?? null) : null;
  // One statement: a new mark only while the user has fewer than the cap (a changed one always).
  const rows = await db.$queryRawUnsafe<Row[]>(
    `INSERT INTO "exercise_feedback" ("userId", "nameKey", "name", "verdict", "reason", "createdAt", "updatedAt")
     SELECT $1, $2, $3, $4, $5, $6, $6
     WHERE EXISTS (SELECT 1 FROM "exercise_feedback" WHERE "userId" = $1 AND "nameKey" = $2)
        OR (SELECT count(*) FROM "exercise_feedback" WHERE "userId" = $1) < $7
     ON CONFLICT ("userId", "nameKey") DO UPDATE
       SET "name" = EXCLUDED."name", "verdict" = EXCLUDED."verdict", "reason" = EXCLUDED."reason", "updatedAt" = EXCLUDED."updatedAt"
     RETURNING "name", "verdict", "reason", "updatedAt"`,
    userId,
    key,
    input.name,
    input.verdict,
    reason,
    now,
    MAX_FEEDBACK_PER_USER,
  );
  if (rows.length === 0) throw new AppError(409, FEEDBACK_MESSAGES.tooMany);
  return view(rows[0]!);
}

/** What a plan uses, for each of these users (none: no entry). Newest first. */
export async function feedbackForPlans(db: Db, userIds: string[]): Promise<Map<string, DayFeedback>> {
  const out = new Map<string, DayFeedback>();
  if (userIds.length === 0) return out;
  const rows = await db.exerciseFeedback.findMany({
    where: { userId: { in: [...new Set(userIds)] } },
    orderBy: [{ updatedAt: "desc" }, { nameKey: "asc" }],
    select: { userId: true, name: true, verdict: true },
  });
  for (const r of rows) {
    let f = out.get(r.userId);
    if (!f) out.set(r.userId, (f = { avoid: [], favour: [] }));
    (r.verdict === "liked" ? f.favour : f.avoid).push(r.name);
  }
  return out;
}
