import { NextResponse } from "next/server";
import { skipFromLink, skipLinkSchema } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/platform/http";

// "Skip Break": the button of the page the reminder e-mail's "Skip this break" link opens, the same
// skip as the dashboard's. The signed token is the only credential (no session is read or
// created); its checks are limited per client address.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, skipLinkSchema);
  return NextResponse.json(await skipFromLink(await getDb(), token, clientIp(req.headers)));
});
