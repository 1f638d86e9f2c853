import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { badRequest } from "@/lib/errors";
import { pushDeviceIdSchema } from "@/lib/push/schemas";
import { removeSubscription } from "@/lib/push/subscriptions";

// "Remove" in Settings: the caller's own device only (another user's id is 404, as an unknown one).
export const DELETE = withUser<{ id: string }>(async ({ db, user, ip, params }) => {
  const parsed = pushDeviceIdSchema.safeParse(params.id);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  await removeSubscription(db, user.id, parsed.data, ip);
  return NextResponse.json({ ok: true });
});
