"use server";

import { disconnectCalendar } from "@/lib/calendar-source/source";
import { userAction } from "./client";

/** Settings' "Disconnect" (DELETE /api/user/calendar-source): erases the caller's calendar address and busy times. */
export const disconnectCalendarSource = userAction.call(async ({ db, user }) => disconnectCalendar(db, user.id));
