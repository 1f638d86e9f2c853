import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { parseBody } from "@/lib/platform/http";
import { subscriptionSchema } from "@/lib/push/schemas";
import { addSubscription, listSubscriptions } from "@/lib/push/subscriptions";

const noStore = { "Cache-Control": "no-store" };

// The caller's devices with notifications on, newest first: `{ devices: [{ id, name, createdAt, lastUsedAt }] }`.
export const GET = withUser(async ({ db, user }) =>
  NextResponse.json({ devices: await listSubscriptions(db, user.id) }, { headers: noStore }),
);

// The browser's PushSubscription JSON. 201 `{ id }` for a new device; 200 `{ id }` when the
// endpoint was already the caller's (its keys and name are refreshed).
export const POST = withUser(async ({ req, db, user, ip }) => {
  const { endpoint, keys } = await parseBody(req, subscriptionSchema);
  const { id, created } = await addSubscription(db, {
    userId: user.id,
    endpoint,
    ...keys,
    userAgent: req.headers.get("user-agent"),
    ip,
  });
  return NextResponse.json({ id }, { status: created ? 201 : 200, headers: noStore });
});
