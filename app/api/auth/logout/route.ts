import { NextResponse } from "next/server";
import { logout } from "@/lib/auth/login";
import { getSessionUser } from "@/lib/auth/session";
import { clientIp, route } from "@/lib/http";

async function endSession(req: Request, res: NextResponse) {
  const user = await getSessionUser(req.headers);
  const cookies = user ? await logout(req.headers, clientIp(req.headers), user.id) : [];
  for (const c of cookies) res.headers.append("Set-Cookie", c);
  return res;
}

export const POST = route(async (req) => endSession(req, NextResponse.json({ success: true })));

// The spec's second form: a plain link that signs out and lands on the login page.
export const GET = route(async (req) => endSession(req, NextResponse.redirect(new URL("/", req.url), 303)));
