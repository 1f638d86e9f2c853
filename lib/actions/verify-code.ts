"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { LOGIN_COOKIE, loginCookieOptions, readLoginCookie } from "@/lib/auth/login-cookie";
import { MESSAGES, verifyLoginCode } from "@/lib/auth/login";
import { verifyCodeSchema, type VerifyCodeInput } from "@/lib/auth/schemas";
import { badRequest } from "@/lib/errors";
import { text } from "./form-data";
import { applySetCookies, onField, parseInput, requestContext, runAction } from "./safe-action";
import type { FormState } from "./types";

export type VerifyCodeState = FormState<undefined, VerifyCodeInput>;

/**
 * Sign-in step 2 (POST /api/auth/verify-code): checks the code for the remembered address and
 * starts the session. A form posted before scripts loaded goes straight to the dashboard; the
 * page's script shows its toast first and navigates itself.
 */
export async function verifyCode(_prev: VerifyCodeState, form: FormData): Promise<VerifyCodeState> {
  let scripted = true;
  const result = onField(
    await runAction(async () => {
      const ctx = await requestContext();
      scripted = ctx.scripted;
      const { code } = parseInput(verifyCodeSchema, { code: text(form, "code") });
      const email = readLoginCookie(ctx.headers);
      if (!email) throw badRequest(MESSAGES.noPendingLogin);
      const sessionCookies = await verifyLoginCode(email, code, ctx.headers, ctx.ip);
      (await cookies()).set(LOGIN_COOKIE, "", loginCookieOptions(0));
      await applySetCookies(sessionCookies);
      return undefined;
    }),
    "code",
  );
  if (result.ok && !scripted) redirect("/dashboard");
  // A failed code is never shown again: the field comes back empty.
  return { ...result, values: { code: "" } };
}
