import { NextResponse } from "next/server";
import { jsonError, route } from "@/lib/platform/http";
import { vapidKeys } from "@/lib/push/keys";
import { TEST_NOTIFICATION_MESSAGES } from "@/lib/push/test-notification";

const noStore = { "Cache-Control": "no-store" };

// The VAPID public key a browser subscribes with (applicationServerKey). Public, like the key
// itself; not cached, so a browser never subscribes with a key the server has replaced.
export const GET = route(async () => {
  const keys = vapidKeys();
  if (!keys) return jsonError(503, TEST_NOTIFICATION_MESSAGES.notSetUp, noStore);
  return NextResponse.json({ publicKey: keys.publicKey }, { headers: noStore });
});
