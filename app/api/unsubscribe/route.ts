import { NextResponse } from "next/server";
import { z } from "zod";
import { auditSafely } from "@/lib/admin/audit";
import { enforce, MINUTE } from "@/lib/auth/rate-limit";
import { purposeKey } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { clientIp, route } from "@/lib/http";
import { readUnsubscribeToken } from "@/lib/reminders/token";
import { setPaused } from "@/lib/users/settings";

// RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to this URL.
// It pauses the user's e-mails without a session; a GET (a person following the link) is sent
// to the confirmation page instead, so link scanners change nothing.
const INVALID = "This unsubscribe link is not valid.";
const tokenSchema = z.string().min(10, INVALID).max(1000, INVALID);

export const POST = route(async (req) => {
  const parsed = tokenSchema.safeParse(new URL(req.url).searchParams.get("t") ?? "");
  if (!parsed.success) throw badRequest(INVALID);
  const ip = clientIp(req.headers);
  const db = await getDb();
  // The token is a signed secret: checks are limited per client address like every other secret.
  await enforce(db, [{ key: `unsubscribe-ip:${ip}`, max: 60, windowMs: 10 * MINUTE }], "Too many attempts. Please wait a few minutes and try again.", {
    audit: { action: "unsubscribe_rate_limited", ipAddress: ip },
  });
  const userId = readUnsubscribeToken(parsed.data, purposeKey("email-links"));
  if (!userId) throw badRequest(INVALID);
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
    throw new AppError(410, "This account no longer exists.");
  }
  if (await setPaused(db, userId, true)) {
    await auditSafely(db, { action: "emails_unsubscribed", userId, targetId: userId, ipAddress: ip });
  }
  return NextResponse.json({ success: true, message: "Reminder e-mails are paused. You can turn them back on in Settings." });
});

export const GET = route(async (req) => {
  const url = new URL(req.url);
  return NextResponse.redirect(new URL(`/unsubscribe?t=${encodeURIComponent(url.searchParams.get("t") ?? "")}`, req.url), 303);
});
