import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { deleteAccount } from "@/lib/users/account";

export const DELETE = withUser(async ({ db, user, ip }) => {
  await deleteAccount(db, user.id, { userId: user.id, ip, byAdmin: false });
  const res = NextResponse.json({ success: true, message: "Your account and all data have been permanently deleted." });
  // The sessions are gone with the user row; clear the cookie too.
  for (const name of ["limber.session_token", "__Secure-limber.session_token"]) {
    res.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
  }
  return res;
});
