import { NextResponse } from "next/server";
import { z } from "zod";
import { renderTestEmail } from "@/emails/render";
import { auditSafely } from "@/lib/admin/audit";
import { emailSchema } from "@/lib/auth/schemas";
import { EMAIL_MESSAGE } from "@/lib/auth/validation";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { clientIp, errorResponse, parseBody, route } from "@/lib/http";
import { sendMail } from "@/lib/mail";
import { guardTypedMail } from "@/lib/mail/guard";

const bodySchema = z.object({ email: emailSchema }, { error: EMAIL_MESSAGE });

// Public by the spec, and it mails any address: limited per recipient, per client address and
// app-wide (lib/mail/guard.ts). Answers are always `{ success, message }` (spec section 7).
export const POST = route(async (req) => {
  try {
    const { email } = await parseBody(req, bodySchema);
    const ip = clientIp(req.headers);
    const db = await getDb();
    await guardTypedMail(db, { kind: "test", to: email, ip });
    const result = await sendMail({ to: email, kind: "test", ...(await renderTestEmail({ appUrl: env().appUrl })) });
    if (!result.ok) {
      console.error(`[mail] test e-mail to ${email} failed: ${result.error}`);
      return NextResponse.json({ success: false, message: "The test email could not be sent. Please try again later." }, { status: 502 });
    }
    await auditSafely(db, { action: "test_email_sent", ipAddress: ip, details: { email } });
    return NextResponse.json({ success: true, message: `Test email sent to ${email}. Check your inbox and spam folder.` });
  } catch (error) {
    return errorResponse(error, { success: false });
  }
});
