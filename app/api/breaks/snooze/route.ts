import { NextResponse } from "next/server";
import { z } from "zod";
import { enforce, MINUTE } from "@/lib/auth/rate-limit";
import { purposeKey } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/http";
import { SNOOZE_MESSAGES, snoozeBreak } from "@/lib/reminders/snooze";

const bodySchema = z.object(
  { token: z.string({ error: SNOOZE_MESSAGES.invalid }).min(10, SNOOZE_MESSAGES.invalid).max(1000, SNOOZE_MESSAGES.invalid) },
  { error: SNOOZE_MESSAGES.invalid },
);

// "Remind me in 15 minutes": the confirmation page's button. The signed token is the only
// credential (no session is read or created); its checks are limited per client address.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, bodySchema);
  const db = await getDb();
  const ip = clientIp(req.headers);
  await enforce(db, [{ key: `snooze-ip:${ip}`, max: 60, windowMs: 10 * MINUTE }], "Too many attempts. Please wait a few minutes and try again.", {
    audit: { action: "break_link_rate_limited", ipAddress: ip },
  });
  return NextResponse.json(await snoozeBreak(db, token, purposeKey("email-links")));
});
