import { NextResponse } from "next/server";
import { togglePause } from "@/lib/admin/console";
import { withAdmin } from "@/lib/admin/with-admin";

export const POST = withAdmin<{ id: string }>(async ({ db, user, ip, params }) => {
  const pauseEmails = await togglePause(db, params.id, { userId: user.id, ip });
  return NextResponse.json({ success: true, pauseEmails });
});
