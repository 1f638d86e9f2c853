import { NextResponse } from "next/server";
import { withUser } from "@/lib/auth/with-user";
import { parseBody } from "@/lib/platform/http";
import { setupSchema } from "@/lib/schedule/schemas";
import { completeSetup } from "@/lib/users/settings-store";

export const POST = withUser(async ({ req, db, user, ip }) => {
  const data = await parseBody(req, setupSchema);
  await completeSetup(db, user.id, data, ip);
  return NextResponse.json({ success: true });
});
