"use server";

import { skipTodayBreak } from "@/lib/breaks/skip";
import { breakSlotSchema, slotParam } from "@/lib/breaks/today";
import { userAction } from "./client";

/** "Not today" on the dashboard (POST /api/user/breaks/{slot}/skip): the caller's own break, until its reminder window has gone by. */
export const skipBreak = userAction.action(
  breakSlotSchema,
  (slot, { db, user }) => skipTodayBreak(db, user.id, slot),
  slotParam,
);
