"use server";

import { getDb } from "@/lib/db";
import { testEmailSchema, type TestEmailInput } from "@/lib/mail/schemas";
import { sendTestEmail as send } from "@/lib/mail/test-email";
import { text } from "./form-data";
import { parseInput, requestContext, runAction } from "./safe-action";
import type { FormState } from "./types";

export type TestEmailState = FormState<{ message: string }, TestEmailInput>;

/** The e-mail test page (POST /api/send-test-email): public, and limited like every typed address. */
export async function sendTestEmail(_prev: TestEmailState, form: FormData): Promise<TestEmailState> {
  const values = { email: text(form, "email") };
  const result = await runAction(async () => {
    const { ip } = await requestContext();
    const { email } = parseInput(testEmailSchema, values);
    return { message: await send(await getDb(), email, ip) };
  });
  return { ...result, values };
}
