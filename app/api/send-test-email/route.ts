import { NextResponse } from "next/server";
import { z } from "zod";
import { renderTestEmail } from "@/emails/render";
import { auditSafely } from "@/lib/admin/audit";
import { enforce, HOUR } from "@/lib/auth/rate-limit";
import { emailSchema } from "@/lib/auth/schemas";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { clientIp, parseBody, route } from "@/lib/http";
import { sendMail } from "@/lib/mail";

const bodySchema = z.object({ email: emailSchema });
const TEST_EMAIL_LIMIT = { max: 5, windowMs: HOUR };

// Public by the spec, so it is limited per IP: it sends mail to any address.
export const POST = route(async (req) => {
  const { email } = await parseBody(req, bodySchema);
  const ip = clientIp(req.headers);
  const db = await getDb();
  await enforce(
    db,
    [{ key: `test-email-ip:${ip}`, ...TEST_EMAIL_LIMIT }],
    "Too many test e-mails from this network. You can send 5 per hour; please try again later.",
  );
  const result = await sendMail({ to: email, kind: "test", ...(await renderTestEmail({ appUrl: env().appUrl })) });
  if (!result.ok) {
    console.error(`[mail] test e-mail to ${email} failed: ${result.error}`);
    return NextResponse.json(
      { success: false, message: "The test email could not be sent. Please try again later." },
      { status: 502 },
    );
  }
  await auditSafely(db, { action: "test_email_sent", ipAddress: ip, details: { email } });
  return NextResponse.json({ success: true, message: `Test email sent to ${email}. Check your inbox and spam folder.` });
});
