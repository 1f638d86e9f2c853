"use server";

import { subscriptionSchema } from "@/lib/push/schemas";
import { addSubscription } from "@/lib/push/subscriptions";
import { userAction } from "./client";

/**
 * Settings' "Turn on notifications" (POST /api/user/push/subscriptions): the browser's
 * PushSubscription JSON. `created` is false when the endpoint was already the caller's.
 */
export const subscribePush = userAction.action(subscriptionSchema, ({ endpoint, keys }, { db, user, ip, headers }) =>
  addSubscription(db, { userId: user.id, endpoint, ...keys, userAgent: headers.get("user-agent"), ip }),
);
