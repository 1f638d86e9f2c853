"use server";

import { cookies } from "next/headers";
import { LOGIN_COOKIE, loginCookieOptions, loginCookieValue } from "@/lib/auth/login-cookie";
import { requestLoginCode } from "@/lib/auth/login";
import { requestCodeSchema, type RequestCodeInput } from "@/lib/auth/schemas";
import { text } from "./form-data";
import { onField, parseInput, requestContext, runAction } from "./safe-action";
import type { FormState } from "./types";

export type RequestCodeState = FormState<{ email: string }, RequestCodeInput>;

/** Sign-in step 1 (POST /api/auth/request-code): e-mails a code and remembers the address. */
export async function requestCode(_prev: RequestCodeState, form: FormData): Promise<RequestCodeState> {
  const values = { email: text(form, "email") };
  const result = onField(
    await runAction(async () => {
      const { ip } = await requestContext();
      const { email } = parseInput(requestCodeSchema, values);
      await requestLoginCode(email, ip);
      (await cookies()).set(LOGIN_COOKIE, loginCookieValue(email), loginCookieOptions());
      return { email };
    }),
    "email",
  );
  return { ...result, values };
}
