"use server";

import { sendTestNotification as send } from "@/lib/push/test-notification";
import { requireActionUser, runAction } from "./safe-action";

/** Settings' "Send a test notification" (POST /api/user/push/test): the route's limits and counters. */
export async function sendTestNotification() {
  return runAction(async () => {
    const { db, user, ip } = await requireActionUser();
    return send(db, { userId: user.id, ip });
  });
}
