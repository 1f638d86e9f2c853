import { NextResponse } from "next/server";
import { unlockConsole } from "@/lib/admin/unlock";
import { unlockSchema } from "@/lib/admin/schemas";
import { ADMIN_MESSAGES } from "@/lib/admin/types";
import { withUser } from "@/lib/auth/with-user";
import { errorResponse, parseBody } from "@/lib/platform/http";

// Answers are always `{ success, message }` (spec section 7), failures included.
export const POST = withUser(async ({ req, db, user, ip }) => {
  try {
    const { code } = await parseBody(req, unlockSchema);
    await unlockConsole(db, user, code, ip);
    return NextResponse.json({ success: true, message: ADMIN_MESSAGES.unlocked });
  } catch (error) {
    return errorResponse(error, { success: false });
  }
});
