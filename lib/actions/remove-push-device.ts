"use server";

import { pushDeviceIdSchema } from "@/lib/push/schemas";
import { removeSubscription } from "@/lib/push/subscriptions";
import { userAction } from "./client";

/** Settings' "Remove" on a device (DELETE /api/user/push/subscriptions/{id}): the caller's own only. */
export const removePushDevice = userAction.action(pushDeviceIdSchema, async (id, { db, user, ip }) => {
  await removeSubscription(db, user.id, id, ip);
  return undefined;
});
