"use server";

import { unskipTodayBreak } from "@/lib/breaks/skip";
import { breakSlotSchema, slotParam } from "@/lib/breaks/today";
import { userAction } from "./client";

/** Taking a "Not today" back (DELETE /api/user/breaks/{slot}/skip), while the break's time has not come. */
export const unskipBreak = userAction.action(
  breakSlotSchema,
  (slot, { db, user }) => unskipTodayBreak(db, user.id, slot),
  slotParam,
);
