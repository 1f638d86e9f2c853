"use server";

import { doneLinkSchema, undoFromLink } from "@/lib/breaks/completion";
import { getDb } from "@/lib/db";
import { publicAction } from "./client";
import { text } from "./form-data";

/** The "I did it" page's Undo (DELETE /api/breaks/complete): the same signed token is the only credential. */
export const undoBreakFromLink = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: doneLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => undoFromLink(await getDb(), token, ip),
);
