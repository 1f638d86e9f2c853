import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/platform/http";
import { resubscribeFromLink, unsubscribeLinkSchema } from "@/lib/users/unsubscribe";

// "Undo" on the page the e-mail's "Pause emails" link opens: turns back on what that link turned off,
// with the same signed token. No session is read or created; limited per address.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, unsubscribeLinkSchema);
  return NextResponse.json({
    success: true,
    message: await resubscribeFromLink(await getDb(), token, clientIp(req.headers)),
  });
});
