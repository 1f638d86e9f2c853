import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { sendTestNotification } from "@/lib/push/test-notification";

// "Send a test notification": one to each of the caller's devices, limited as the test e-mail is.
export const POST = withUser(async ({ db, user, ip }) =>
  NextResponse.json(await sendTestNotification(db, { userId: user.id, ip })),
);
