"use server";

import { skipLinkSchema, unskipFromLink } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { publicAction } from "./client";
import { text } from "./form-data";

/** The skip page's Undo (POST /api/breaks/unskip): the same signed skip token is the only credential. */
export const unskipBreakFromLink = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: skipLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => unskipFromLink(await getDb(), token, ip),
);
