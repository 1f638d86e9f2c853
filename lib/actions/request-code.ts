"use server";

import { cookies } from "next/headers";
import { LOGIN_COOKIE, loginCookieOptions, loginCookieValue } from "@/lib/auth/login-cookie";
import { requestLoginCode } from "@/lib/auth/login";
import { requestCodeSchema, type RequestCodeInput } from "@/lib/auth/schemas";
import { publicAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type RequestCodeState = FormState<{ email: string }, RequestCodeInput>;

/** Sign-in step 1 (POST /api/auth/request-code): e-mails a code and remembers the address. */
export const requestCode = publicAction.form(
  { values: (form) => ({ email: text(form, "email") }), schema: requestCodeSchema, field: "email" },
  async ({ email }, { ip }) => {
    const nonce = await requestLoginCode(email, ip);
    (await cookies()).set(LOGIN_COOKIE, loginCookieValue(email, nonce), loginCookieOptions());
    return { email };
  },
);
