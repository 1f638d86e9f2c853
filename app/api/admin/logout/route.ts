import { NextResponse } from "next/server";
import { z } from "zod";
import { auditSafely } from "@/lib/admin/audit";
import { endGrant, getLiveGrant } from "@/lib/admin/grant";
import { safeEqual } from "@/lib/auth/signing";
import { ADMIN_CSRF_HEADER, ADMIN_MESSAGES } from "@/lib/admin/types";
import { withUser } from "@/lib/auth/with-user";
import { forbidden } from "@/lib/errors";

export const dynamic = "force-dynamic";

const csrfHeader = z.string().min(1).max(200);

// Locks the console for this session (the sign-in stays). A live grant ends only with its CSRF
// token in the X-CSRF-Token header, which another site cannot send (a header, not the URL, so it
// stays out of logs and history): a foreign link or image cannot lock the owner out. Without a
// grant there is nothing to lock: OK, changes nothing (idempotent).
export const GET = withUser(async ({ req, db, user, ip }) => {
  const grant = await getLiveGrant(db, user);
  if (grant) {
    const token = csrfHeader.safeParse(req.headers.get(ADMIN_CSRF_HEADER));
    if (!token.success || !safeEqual(token.data, grant.csrfToken)) throw forbidden(ADMIN_MESSAGES.badCsrf);
    if (await endGrant(db, user.sessionId)) {
      await auditSafely(db, { action: "admin_logout", userId: user.id, ipAddress: ip });
    }
  }
  return NextResponse.json({ success: true });
});
