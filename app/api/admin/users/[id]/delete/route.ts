import { NextResponse } from "next/server";
import { withAdmin } from "@/lib/admin/with-admin";
import { deleteAccount } from "@/lib/users/account";

// 404 for an unknown id; 403 for the ADMIN_EMAIL account. The user's sessions go with the row.
export const POST = withAdmin<{ id: string }>(async ({ db, user, ip, params }) => {
  await deleteAccount(db, params.id, { userId: user.id, ip, byAdmin: true });
  return NextResponse.json({ success: true });
});
