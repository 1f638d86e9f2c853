// What an e-mail address Limber sends to is: the rule shared by sign-in's step 1 and the e-mail
// test page (forms in the browser, their actions and the routes). Client-safe.
import * as z from "@/lib/zod";

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const EMAIL_MAX_LENGTH = 254;
/** zod 4's default e-mail pattern, named so that tests can pin it. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const emailSchema = z.pipe(
  z.string({ error: EMAIL_MESSAGE }).check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)),
  z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }),
);
