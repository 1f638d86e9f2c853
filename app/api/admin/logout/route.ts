import { NextResponse } from "next/server";
import { lockConsole } from "@/lib/admin/lock";
import { ADMIN_CSRF_HEADER } from "@/lib/admin/types";
import { withUser } from "@/lib/auth/with-user";

export const dynamic = "force-dynamic";

// Locks the console for this session (lib/admin/lock.ts). The grant's CSRF token comes in the
// X-CSRF-Token header (a header, not the URL, so it stays out of logs and history).
export const GET = withUser(async ({ req, db, user, ip }) => {
  await lockConsole(db, user, req.headers.get(ADMIN_CSRF_HEADER), ip);
  return NextResponse.json({ success: true });
});
