"use server";

import { getDb } from "@/lib/db";
import { snoozeFromLink, snoozeLinkSchema, type SnoozeView } from "@/lib/reminders/snooze";
import { publicAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type SnoozeState = FormState<SnoozeView, { token: string }>;

/** The e-mail's "Remind me in 15 minutes" page (POST /api/breaks/snooze). */
export const snoozeBreak = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: snoozeLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => snoozeFromLink(await getDb(), token, ip),
);
