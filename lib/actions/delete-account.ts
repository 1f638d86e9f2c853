"use server";

import { deleteAccount as removeAccount } from "@/lib/users/account";
import { userAction } from "./client";

/**
 * Settings' Danger Zone (DELETE /api/user/account): the account and all its data. The sessions go
 * with the user row; the cookie is left for the next page to clear (lib/auth/page-user.ts sends a
 * cookie that opens no session through /api/auth/expired). Clearing it here would make Next
 * re-render the page at once, before the screen has said the account is gone.
 */
export const deleteAccount = userAction.call(async ({ db, user, ip }) => {
  await removeAccount(db, user.id, { userId: user.id, ip, byAdmin: false });
  return undefined;
});
