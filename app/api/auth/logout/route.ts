import { NextResponse } from "next/server";
import { logout } from "@/lib/auth/login";
import { getSessionUser } from "@/lib/auth/session";
import { PRODUCT_NAME } from "@/lib/brand";
import { forbidden } from "@/lib/errors";
import { clientIp, redirectTo, route } from "@/lib/platform/http";

async function endSession(req: Request, res: NextResponse) {
  const user = await getSessionUser(req.headers);
  const cookies = user ? await logout(req.headers, clientIp(req.headers), user.id) : [];
  for (const c of cookies) res.headers.append("Set-Cookie", c);
  return res;
}

export const POST = route(async (req) => endSession(req, NextResponse.json({ success: true })));

// Browsers say where a request comes from; "none" is the user's own navigation (typed, bookmark).
const SAME_SITE = new Set(["same-origin", "same-site", "none"]);

// The spec's second form: a plain link that signs out and lands on the login page. Only from our
// own pages or the user's own navigation: a GET from another site (an <img>, a link) changes nothing.
export const GET = route(async (req) => {
  if (!SAME_SITE.has(req.headers.get("sec-fetch-site") ?? ""))
    throw forbidden(`Please sign out from within ${PRODUCT_NAME}.`);
  return endSession(req, redirectTo("/"));
});
