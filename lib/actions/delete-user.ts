"use server";

import { userActionSchema } from "@/lib/admin/schemas";
import { deleteAccount } from "@/lib/users/account";
import { adminAction } from "./client";

/** The console's delete button (POST /api/admin/users/{id}/delete): 403 for the ADMIN_EMAIL account. */
export const deleteUser = adminAction.action(userActionSchema, async ({ id }, { db, user, ip }) => {
  await deleteAccount(db, id, { userId: user.id, ip, byAdmin: true });
  return undefined;
});
