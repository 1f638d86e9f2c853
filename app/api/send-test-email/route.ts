import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { clientIp, errorResponse, parseBody, route } from "@/lib/platform/http";
import { testEmailSchema } from "@/lib/mail/schemas";
import { sendTestEmail } from "@/lib/mail/test-email";

// Public by the spec, and it mails any address: limited per recipient, per client address and
// app-wide (lib/mail/guard.ts). Answers are always `{ success, message }` (spec section 7).
export const POST = route(async (req) => {
  try {
    const { email } = await parseBody(req, testEmailSchema);
    const message = await sendTestEmail(await getDb(), email, clientIp(req.headers));
    return NextResponse.json({ success: true, message });
  } catch (error) {
    return errorResponse(error, { success: false });
  }
});
