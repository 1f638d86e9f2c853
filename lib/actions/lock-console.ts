"use server";

import { lockConsole as lock } from "@/lib/admin/lock";
import { requireActionUser, runAction } from "./safe-action";

/** The console's Log Out (GET /api/admin/logout): ends this session's grant, with its CSRF token. */
export async function lockConsole(csrfToken: unknown) {
  return runAction(async () => {
    const { db, user, ip } = await requireActionUser();
    await lock(db, user, csrfToken, ip);
    return undefined;
  });
}
