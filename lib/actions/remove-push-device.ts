"use server";

import { pushDeviceIdSchema } from "@/lib/push/schemas";
import { removeSubscription } from "@/lib/push/subscriptions";
import { parseInput, requireActionUser, runAction } from "./safe-action";

/** Settings' "Remove" on a device (DELETE /api/user/push/subscriptions/{id}): the caller's own only. */
export async function removePushDevice(id: unknown) {
  return runAction(async () => {
    const { db, user, ip } = await requireActionUser();
    await removeSubscription(db, user.id, parseInput(pushDeviceIdSchema, id), ip);
    return undefined;
  });
}
