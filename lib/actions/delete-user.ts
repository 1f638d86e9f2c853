"use server";

import { userActionSchema } from "@/lib/admin/schemas";
import { deleteAccount } from "@/lib/users/account";
import { parseInput, requireActionAdmin, runAction } from "./safe-action";

/** The console's delete button (POST /api/admin/users/{id}/delete): 403 for the ADMIN_EMAIL account. */
export async function deleteUser(input: { id: string; csrfToken: string } | unknown) {
  return runAction(async () => {
    // As the route: the session, the grant and its CSRF token first, then the input.
    const { db, user, ip } = await requireActionAdmin((input as { csrfToken?: unknown } | null)?.csrfToken);
    const { id } = parseInput(userActionSchema, input);
    await deleteAccount(db, id, { userId: user.id, ip, byAdmin: true });
    return undefined;
  });
}
