"use server";

import { getDb } from "@/lib/db";
import { snoozeFromLink, snoozeLinkSchema } from "@/lib/reminders/link-actions";
import type { SnoozeView } from "@/lib/reminders/snooze";
import { text } from "./form-data";
import { parseInput, requestContext, runAction } from "./safe-action";
import type { FormState } from "./types";

export type SnoozeState = FormState<SnoozeView, never>;

/** The e-mail's "Remind me in 15 minutes" page (POST /api/breaks/snooze). */
export async function snoozeBreak(_prev: SnoozeState, form: FormData): Promise<SnoozeState> {
  return runAction(async () => {
    const { ip } = await requestContext();
    const { token } = parseInput(snoozeLinkSchema, { token: text(form, "token") });
    return snoozeFromLink(await getDb(), token, ip);
  });
}
