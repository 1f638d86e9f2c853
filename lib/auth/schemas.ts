// Sign-in schemas, shared by the login form (react-hook-form's resolver, in the browser), its
// server actions and the route handlers: one set of rules and messages for all three.
import { EMAIL_MESSAGE, emailSchema } from "@/lib/mail/address";
import * as z from "@/lib/zod";
import { CODE_FORMAT_MESSAGE, CODE_LENGTH, CODE_PATTERN, CODE_REQUIRED_MESSAGE } from "./validation";

export const requestCodeSchema = z.object({ email: emailSchema }, { error: EMAIL_MESSAGE });
export type RequestCodeInput = z.input<typeof requestCodeSchema>;

export const codeSchema = z
  .string({ error: CODE_REQUIRED_MESSAGE })
  .check(
    z.trim(),
    z.minLength(CODE_LENGTH, CODE_REQUIRED_MESSAGE),
    z.maxLength(CODE_LENGTH, CODE_FORMAT_MESSAGE),
    z.regex(CODE_PATTERN, CODE_FORMAT_MESSAGE),
  );

export const verifyCodeSchema = z.object({ code: codeSchema }, { error: CODE_REQUIRED_MESSAGE });
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;
