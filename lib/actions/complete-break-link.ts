"use server";

import type { LinkCompletionView } from "@/lib/breaks/types";
import { getDb } from "@/lib/db";
import { completeFromLink, doneLinkSchema } from "@/lib/reminders/link-actions";
import { text } from "./form-data";
import { parseInput, requestContext, runAction } from "./safe-action";
import type { FormState } from "./types";

export type CompleteLinkState = FormState<LinkCompletionView, never>;

/** The e-mail's "I did it" page (POST /api/breaks/complete): the signed token is the only credential. */
export async function completeBreakFromLink(_prev: CompleteLinkState, form: FormData): Promise<CompleteLinkState> {
  return runAction(async () => {
    const { ip } = await requestContext();
    const { token } = parseInput(doneLinkSchema, { token: text(form, "token") });
    return completeFromLink(await getDb(), token, ip);
  });
}
