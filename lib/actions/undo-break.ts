"use server";

import { undoTodayBreak } from "@/lib/breaks/completion";
import { breakSlotSchema, slotParam } from "@/lib/breaks/today";
import { userAction } from "./client";

/** "Undo" on the dashboard (DELETE /api/user/breaks/{slot}/complete): the caller's own break, today only. */
export const undoBreak = userAction.action(
  breakSlotSchema,
  (slot, { db, user }) => undoTodayBreak(db, user.id, slot),
  slotParam,
);
