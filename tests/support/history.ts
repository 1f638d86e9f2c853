// Seeding months of history straight through Prisma: completed breaks and pause periods.
import type { Db } from "@/lib/db";
import { addDays, localWeekday } from "@/lib/schedule/time";

/** Completed breaks, each at `completedAt` (default: noon UTC of its date). */
export async function seedBreaks(db: Db, userId: string, breaks: { date: string; slot: number; completedAt?: Date }[]) {
  await db.breakRecord.createMany({
    data: breaks.map((b) => ({
      userId,
      localDate: b.date,
      slot: b.slot,
      completedAt: b.completedAt ?? new Date(`${b.date}T12:00:00Z`),
    })),
  });
}

/** Every date from `from` through `to`, inclusive. */
export function dates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export const isWeekday = (date: string) => localWeekday(date) >= 1 && localWeekday(date) <= 5;

export async function seedPause(db: Db, userId: string, startedAt: Date, endedAt: Date | null) {
  await db.pausePeriod.create({ data: { userId, startedAt, endedAt } });
}
