"use server";

import { subscriptionSchema } from "@/lib/push/schemas";
import { addSubscription } from "@/lib/push/subscriptions";
import { parseInput, requireActionUser, runAction } from "./safe-action";

/**
 * Settings' "Turn on notifications" (POST /api/user/push/subscriptions): the browser's
 * PushSubscription JSON. `created` is false when the endpoint was already the caller's.
 */
export async function subscribePush(subscription: unknown) {
  return runAction(async () => {
    const { db, user, ip, headers } = await requireActionUser();
    const { endpoint, keys } = parseInput(subscriptionSchema, subscription);
    return addSubscription(db, { userId: user.id, endpoint, ...keys, userAgent: headers.get("user-agent"), ip });
  });
}
