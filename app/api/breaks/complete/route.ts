import { NextResponse } from "next/server";
import { z } from "zod";
import { enforce, MINUTE } from "@/lib/auth/rate-limit";
import { purposeKey } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/http";
import { completeFromToken, TOKEN_MESSAGES } from "@/lib/reminders/complete";

const bodySchema = z.object({ token: z.string({ error: TOKEN_MESSAGES.invalid }).min(10, TOKEN_MESSAGES.invalid).max(1000, TOKEN_MESSAGES.invalid) }, { error: TOKEN_MESSAGES.invalid });

// Works without a session and never creates one: the signed token is the only credential.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, bodySchema);
  const db = await getDb();
  const ip = clientIp(req.headers);
  await enforce(db, [{ key: `done-ip:${ip}`, max: 60, windowMs: 10 * MINUTE }], "Too many attempts. Please wait a few minutes and try again.", {
    audit: { action: "break_link_rate_limited", ipAddress: ip },
  });
  return NextResponse.json(await completeFromToken(db, token, purposeKey("email-links")));
});
