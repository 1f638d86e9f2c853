"use server";

import { getDb } from "@/lib/db";
import { unsubscribeFromLink, unsubscribeLinkSchema } from "@/lib/users/unsubscribe";
import { publicAction } from "./client";
import { text } from "./form-data";

/** The e-mail's unsubscribe page (POST /api/unsubscribe): pauses the token's user's reminder e-mails. */
export const pauseEmails = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: unsubscribeLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => ({ message: await unsubscribeFromLink(await getDb(), token, ip) }),
);
