import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/platform/http";
import { snoozeFromLink, snoozeLinkSchema } from "@/lib/reminders/snooze";

// "Remind me in 15 minutes": the confirmation page's button. The signed token is the only
// credential (no session is read or created); its checks are limited per client address.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, snoozeLinkSchema);
  return NextResponse.json(await snoozeFromLink(await getDb(), token, clientIp(req.headers)));
});
