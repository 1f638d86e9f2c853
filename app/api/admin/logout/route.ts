import { NextResponse } from "next/server";
import { auditSafely } from "@/lib/admin/audit";
import { endGrant } from "@/lib/admin/grant";
import { withUser } from "@/lib/auth/with-user";

export const dynamic = "force-dynamic";

// Locks the console for this session (the sign-in stays). Idempotent: already locked is fine.
export const GET = withUser(async ({ db, user, ip }) => {
  if (await endGrant(db, user.sessionId)) {
    await auditSafely(db, { action: "admin_logout", userId: user.id, ipAddress: ip });
  }
  return NextResponse.json({ success: true });
});
