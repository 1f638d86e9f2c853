"use server";

import { togglePause } from "@/lib/admin/console";
import { userActionSchema } from "@/lib/admin/schemas";
import { parseInput, requireActionAdmin, runAction } from "./safe-action";

/** The console's pause/enable button (POST /api/admin/users/{id}/toggle-pause). */
export async function toggleUserPause(input: { id: string; csrfToken: string } | unknown) {
  return runAction(async () => {
    // As the route: the session, the grant and its CSRF token first, then the input.
    const { db, user, ip } = await requireActionAdmin((input as { csrfToken?: unknown } | null)?.csrfToken);
    const { id } = parseInput(userActionSchema, input);
    return { pauseEmails: await togglePause(db, id, { userId: user.id, ip }) };
  });
}
