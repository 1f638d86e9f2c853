import { NextResponse } from "next/server";
import { LOGIN_COOKIE, loginCookieOptions, readLoginRequest } from "@/lib/auth/login-cookie";
import { MESSAGES, verifyLoginCode } from "@/lib/auth/login";
import { verifyCodeSchema } from "@/lib/auth/schemas";
import { badRequest } from "@/lib/errors";
import { clientIp, parseBody, route } from "@/lib/platform/http";

export const POST = route(async (req) => {
  const { code } = await parseBody(req, verifyCodeSchema);
  const pending = readLoginRequest(req.headers);
  if (!pending) throw badRequest(MESSAGES.noPendingLogin);
  const cookies = await verifyLoginCode(
    pending.email,
    code,
    req.headers,
    clientIp(req.headers),
    undefined,
    pending.nonce,
  );
  const res = NextResponse.json({ success: true });
  // cookies.set() rewrites every Set-Cookie header, so it goes before the raw session cookies.
  res.cookies.set(LOGIN_COOKIE, "", loginCookieOptions(0));
  for (const c of cookies) res.headers.append("Set-Cookie", c);
  return res;
});
