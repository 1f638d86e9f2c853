"use server";

import { skipFromLink, skipLinkSchema } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { publicAction } from "./client";
import { text } from "./form-data";

/** The e-mail's "Skip this break" page (POST /api/breaks/skip): the signed token is the only credential. */
export const skipBreakFromLink = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: skipLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => skipFromLink(await getDb(), token, ip),
);
