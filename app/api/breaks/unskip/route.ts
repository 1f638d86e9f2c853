import { NextResponse } from "next/server";
import { skipLinkSchema, unskipFromLink } from "@/lib/breaks/skip";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/platform/http";

// "Undo" on the page the reminder e-mail's "Skip this break" link opens: takes that skip back with the
// same signed token (the dashboard's take-back). No session is read or created; limited per address.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, skipLinkSchema);
  return NextResponse.json(await unskipFromLink(await getDb(), token, clientIp(req.headers)));
});
