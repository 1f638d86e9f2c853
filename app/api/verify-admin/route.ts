import { NextResponse } from "next/server";
import { z } from "zod";
import { unlockConsole } from "@/lib/admin/unlock";
import { ADMIN_MESSAGES } from "@/lib/admin/types";
import { withUser } from "@/lib/auth/with-user";
import { errorResponse, parseBody } from "@/lib/http";

const body = z.object({
  code: z.string({ error: ADMIN_MESSAGES.emptyCode }).trim().min(1, ADMIN_MESSAGES.emptyCode),
});

// Answers are always `{ success, message }` (spec section 7), failures included.
export const POST = withUser(async ({ req, db, user, ip }) => {
  try {
    const { code } = await parseBody(req, body);
    await unlockConsole(db, user, code, ip);
    return NextResponse.json({ success: true, message: ADMIN_MESSAGES.unlocked });
  } catch (error) {
    return errorResponse(error, { success: false });
  }
});
