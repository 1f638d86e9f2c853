// A trophy earned the moment a break is counted (the 1st, 10th, 50th... break), so the count that
// earns it can say so at once (issue 33's review: no reward moment). Stored as History stores it
// (lib/recap/read.ts), once: a break undone and counted again does not earn it a second time.
import type { Db } from "@/lib/db";
import { breakCountTrophy } from "./trophies";

/** The title of the trophy this count earned, or null. Call it only after a completion was recorded. */
export async function earnBreakTrophy(db: Db, userId: string, localDate: string): Promise<string | null> {
  const count = await db.breakRecord.count({ where: { userId, completedAt: { not: null } } });
  const trophy = breakCountTrophy(count);
  if (!trophy) return null;
  const { count: created } = await db.userTrophy.createMany({
    data: [{ userId, key: trophy.key, earnedOn: localDate }],
    skipDuplicates: true,
  });
  return created > 0 ? trophy.title : null;
}
