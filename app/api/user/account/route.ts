import { NextResponse } from "next/server";
import { clearSessionCookies } from "@/lib/auth/session";
import { withUser } from "@/lib/auth/with-user";
import { deleteAccount } from "@/lib/users/account";

export const DELETE = withUser(async ({ db, user, ip }) => {
  await deleteAccount(db, user.id, { userId: user.id, ip, byAdmin: false });
  const res = NextResponse.json({ success: true, message: "Your account and all data have been permanently deleted." });
  // The sessions are gone with the user row; clear the cookie too.
  clearSessionCookies(res);
  return res;
});
