"use server";

import { completeFromLink, doneLinkSchema } from "@/lib/breaks/completion";
import type { LinkCompletionView } from "@/lib/breaks/types";
import { getDb } from "@/lib/db";
import { publicAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type CompleteLinkState = FormState<LinkCompletionView, { token: string }>;

/** The e-mail's "I did it" page (POST /api/breaks/complete): the signed token is the only credential. */
export const completeBreakFromLink = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: doneLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => completeFromLink(await getDb(), token, ip),
);
