import { NextResponse } from "next/server";
import { LOGIN_COOKIE, loginCookieOptions, loginCookieValue } from "@/lib/auth/login-cookie";
import { requestLoginCode } from "@/lib/auth/login";
import { requestCodeSchema } from "@/lib/auth/schemas";
import { clientIp, parseBody, route } from "@/lib/platform/http";

export const POST = route(async (req) => {
  const { email } = await parseBody(req, requestCodeSchema);
  const nonce = await requestLoginCode(email, clientIp(req.headers));
  const res = NextResponse.json({ success: true, message: "Verification code sent" });
  res.cookies.set(LOGIN_COOKIE, loginCookieValue(email, nonce), loginCookieOptions());
  return res;
});
