"use server";

import { getDb } from "@/lib/db";
import { unsubscribeFromLink, unsubscribeLinkSchema } from "@/lib/reminders/link-actions";
import { text } from "./form-data";
import { parseInput, requestContext, runAction } from "./safe-action";
import type { FormState } from "./types";

export type PauseEmailsState = FormState<{ message: string }, never>;

/** The e-mail's unsubscribe page (POST /api/unsubscribe): pauses the token's user's reminder e-mails. */
export async function pauseEmails(_prev: PauseEmailsState, form: FormData): Promise<PauseEmailsState> {
  return runAction(async () => {
    const { ip } = await requestContext();
    const { token } = parseInput(unsubscribeLinkSchema, { token: text(form, "token") });
    return { message: await unsubscribeFromLink(await getDb(), token, ip) };
  });
}
