"use server";

import { sendTestNotification as send } from "@/lib/push/test-notification";
import { userAction } from "./client";

/** Settings' "Send a test notification" (POST /api/user/push/test): the route's limits and counters. */
export const sendTestNotification = userAction.call(({ db, user, ip }) => send(db, { userId: user.id, ip }));
