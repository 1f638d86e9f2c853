"use server";

import { getDb } from "@/lib/db";
import { testEmailSchema, type TestEmailInput } from "@/lib/mail/schemas";
import { sendTestEmail as send } from "@/lib/mail/test-email";
import { publicAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type TestEmailState = FormState<{ message: string }, TestEmailInput>;

/** The e-mail test page (POST /api/send-test-email): public, and limited like every typed address. */
export const sendTestEmail = publicAction.form(
  { values: (form) => ({ email: text(form, "email") }), schema: testEmailSchema },
  async ({ email }, { ip }) => ({ message: await send(await getDb(), email, ip) }),
);
