"use server";

import { togglePause } from "@/lib/admin/console";
import { userActionSchema } from "@/lib/admin/schemas";
import { adminAction } from "./client";

/** The console's pause/enable button (POST /api/admin/users/{id}/toggle-pause). */
export const toggleUserPause = adminAction.action(userActionSchema, async ({ id }, { db, user, ip }) => ({
  pauseEmails: await togglePause(db, id, { userId: user.id, ip }),
}));
