"use server";

import { calendarSourceInput, type CalendarSourceView } from "@/lib/calendar-source/input";
import { connectCalendar } from "@/lib/calendar-source/source";
import { userAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type ConnectCalendarState = FormState<CalendarSourceView, { url: string }>;

/** Settings' "Your calendar" form (PUT /api/user/calendar-source): the caller's own calendar. */
export const connectCalendarSource = userAction.form(
  // The address is a secret: it is never echoed back into the page.
  { values: (form) => ({ url: text(form, "url") }), schema: calendarSourceInput, echo: () => undefined },
  async ({ url }, { db, user }) => connectCalendar({ db }, user.id, url),
);
