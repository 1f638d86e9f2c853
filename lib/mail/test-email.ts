// The e-mail test page's one job (POST /api/send-test-email and its form's action): send the test
// e-mail to a typed address, within the limits on mail to typed addresses (./guard).
import { renderTestEmail } from "@/lib/mail/templates/render";
import { auditSafely } from "@/lib/platform/audit";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { guardTypedMail } from "./guard";
import { sendMail } from "./index";

export const TEST_EMAIL_FAILED = "The test email could not be sent. Please try again later.";

/** Sends the test e-mail; returns the message to show. Throws AppError (429 limits, 502 not sent). */
export async function sendTestEmail(db: Db, email: string, ip: string): Promise<string> {
  await guardTypedMail(db, { kind: "test", to: email, ip });
  const result = await sendMail({ to: email, kind: "test", ...(await renderTestEmail({ appUrl: env().appUrl })) });
  if (!result.ok) {
    console.error(`[mail] test e-mail to ${email} failed: ${result.error}`);
    throw new AppError(502, TEST_EMAIL_FAILED);
  }
  await auditSafely(db, { action: "test_email_sent", ipAddress: ip, details: { email } });
  return `Test email sent to ${email}. Check your inbox and spam folder.`;
}
