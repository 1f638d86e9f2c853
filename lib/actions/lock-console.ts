"use server";

import { lockConsole as lock } from "@/lib/admin/lock";
import { userAction } from "./client";

/**
 * The console's Log Out (GET /api/admin/logout): ends this session's grant, with its CSRF token
 * (checked by lib/admin/lock.ts, so a caller without a grant gets the route's harmless no-op).
 */
export const lockConsole = userAction.call(async ({ db, user, ip }, csrfToken: unknown) => {
  await lock(db, user, csrfToken, ip);
  return undefined;
});
