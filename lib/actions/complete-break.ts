"use server";

import { breakSlotSchema, completeTodayBreak } from "@/lib/breaks/today";
import { parseInput, requireActionUser, runAction } from "./safe-action";

/** "Mark as done" on the dashboard (POST /api/user/breaks/{slot}/complete): the caller's own break. */
export async function completeBreak(slot: unknown) {
  return runAction(async () => {
    const { db, user } = await requireActionUser();
    return completeTodayBreak(db, user.id, parseInput(breakSlotSchema, typeof slot === "number" ? String(slot) : slot));
  });
}
