import { NextResponse } from "next/server";
import { auditSafely } from "@/lib/admin/audit";
import { getAuthSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db";
import { AppError, badRequest } from "@/lib/errors";
import { clientIp, route } from "@/lib/http";
import { readUnsubscribeToken } from "@/lib/reminders/token";
import { setPaused } from "@/lib/users/settings";

// RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to this URL.
// It pauses the user's e-mails without a session; a GET (a person following the link) is sent
// to the confirmation page instead, so link scanners change nothing.
export const POST = route(async (req) => {
  const token = new URL(req.url).searchParams.get("t") ?? "";
  const userId = readUnsubscribeToken(token, getAuthSecret());
  if (!userId) throw badRequest("This unsubscribe link is not valid.");
  const db = await getDb();
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
    throw new AppError(410, "This account no longer exists.");
  }
  if (await setPaused(db, userId, true)) {
    await auditSafely(db, { action: "emails_unsubscribed", userId, targetId: userId, ipAddress: clientIp(req.headers) });
  }
  return NextResponse.json({ success: true, message: "Reminder e-mails are paused. You can turn them back on in Settings." });
});

export const GET = route(async (req) => {
  const url = new URL(req.url);
  return NextResponse.redirect(new URL(`/unsubscribe?t=${encodeURIComponent(url.searchParams.get("t") ?? "")}`, req.url), 303);
});
