import { NextResponse } from "next/server";
import { z } from "zod";
import { withUser } from "@/lib/auth/with-user";
import { badRequest } from "@/lib/errors";
import { getHistory, HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS } from "@/lib/progress/history";
import { getTrophies } from "@/lib/recap/read";

const DAYS_MESSAGE = `days must be a whole number from 1 to ${HISTORY_MAX_DAYS}`;
// Digits only: "1e2", " 7", "0x10" and "12.0" are refused rather than coerced.
const daysSchema = z
  .string()
  .regex(/^\d{1,3}$/, DAYS_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, DAYS_MESSAGE).max(HISTORY_MAX_DAYS, DAYS_MESSAGE));

export const GET = withUser(async ({ req, db, user }) => {
  const raw = new URL(req.url).searchParams.get("days");
  const parsed = raw === null ? { success: true as const, data: HISTORY_DEFAULT_DAYS } : daysSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(DAYS_MESSAGE);
  const history = await getHistory(db, user.id, parsed.data);
  // Issue 33: the trophies, added to the history's fields.
  const trophies = await getTrophies(db, user.id, history);
  return NextResponse.json({ ...history, trophies }, { headers: { "Cache-Control": "no-store" } });
});
