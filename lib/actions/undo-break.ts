"use server";

import { breakSlotSchema, undoTodayBreak } from "@/lib/breaks/today";
import { parseInput, requireActionUser, runAction } from "./safe-action";

/** "Undo" on the dashboard (DELETE /api/user/breaks/{slot}/complete): today's breaks only. */
export async function undoBreak(slot: unknown) {
  return runAction(async () => {
    const { db, user } = await requireActionUser();
    return undoTodayBreak(db, user.id, parseInput(breakSlotSchema, typeof slot === "number" ? String(slot) : slot));
  });
}
