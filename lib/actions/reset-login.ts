"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { LOGIN_COOKIE, loginCookieOptions } from "@/lib/auth/login-cookie";
import { publicAction } from "./client";

/**
 * "Try a different email": forgets the address of step 1, so the login page opens at step 1 (a
 * form posted without scripts is sent back to it; with scripts the page has switched already).
 */
export const resetLogin = publicAction.raw(async (guarded): Promise<void> => {
  const result = await guarded(async ({ scripted }) => {
    (await cookies()).set(LOGIN_COOKIE, "", loginCookieOptions(0));
    return scripted;
  });
  if (result.ok && !result.data) redirect("/");
});
