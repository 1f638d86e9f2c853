"use server";

import { getDb } from "@/lib/db";
import { resubscribeFromLink, unsubscribeLinkSchema } from "@/lib/users/unsubscribe";
import { publicAction } from "./client";
import { text } from "./form-data";

/** The unsubscribe page's Undo (POST /api/unsubscribe/resume): the same signed token is the only credential. */
export const resumeEmails = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: unsubscribeLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => ({ message: await resubscribeFromLink(await getDb(), token, ip) }),
);
