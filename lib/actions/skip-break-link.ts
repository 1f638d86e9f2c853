"use server";

import { skipFromLink, skipLinkSchema, type SkipLinkView } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { publicAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type SkipLinkState = FormState<SkipLinkView, { token: string }>;

/** The e-mail's "Not today" page (POST /api/breaks/skip): the signed token is the only credential. */
export const skipBreakFromLink = publicAction.form(
  { values: (form) => ({ token: text(form, "token") }), schema: skipLinkSchema, echo: () => undefined },
  async ({ token }, { ip }) => skipFromLink(await getDb(), token, ip),
);
