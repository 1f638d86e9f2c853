"use server";

import { cookies } from "next/headers";
import { LOGIN_COOKIE, loginCookieOptions, readLoginRequest } from "@/lib/auth/login-cookie";
import { MESSAGES, verifyLoginCode } from "@/lib/auth/login";
import { verifyCodeSchema, type VerifyCodeInput } from "@/lib/auth/schemas";
import { badRequest } from "@/lib/errors";
import { applySetCookies, publicAction } from "./client";
import { text } from "./form-data";
import type { FormState } from "./types";

export type VerifyCodeState = FormState<undefined, VerifyCodeInput>;

/**
 * Sign-in step 2 (POST /api/auth/verify-code): checks the code for the remembered address and
 * starts the session. A form posted before scripts loaded goes straight to the dashboard; the
 * page's script shows its toast first and navigates itself. A failed code is never shown again.
 */
export const verifyCode = publicAction.form(
  {
    values: (form) => ({ code: text(form, "code") }),
    schema: verifyCodeSchema,
    echo: () => ({ code: "" }),
    field: "code",
    redirectTo: "/dashboard",
  },
  async ({ code }, ctx) => {
    const pending = readLoginRequest(ctx.headers);
    if (!pending) throw badRequest(MESSAGES.noPendingLogin);
    const sessionCookies = await verifyLoginCode(pending.email, code, ctx.headers, ctx.ip, undefined, pending.nonce);
    (await cookies()).set(LOGIN_COOKIE, "", loginCookieOptions(0));
    await applySetCookies(sessionCookies);
    return undefined;
  },
);
