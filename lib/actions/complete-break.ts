"use server";

import { completeTodayBreak } from "@/lib/breaks/completion";
import { breakSlotSchema, slotParam } from "@/lib/breaks/today";
import { userAction } from "./client";

/** "Mark as done" on the dashboard (POST /api/user/breaks/{slot}/complete): the caller's own break. */
export const completeBreak = userAction.action(
  breakSlotSchema,
  (slot, { db, user }) => completeTodayBreak(db, user.id, slot),
  slotParam,
);
