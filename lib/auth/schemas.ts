// Shared zod schemas for sign-in, used by the route handlers. The browser form checks the same
// rules with the zod-free functions in ./validation, whose messages and pattern these reuse.
import { z } from "zod";
import {
  CODE_FORMAT_MESSAGE,
  CODE_LENGTH,
  CODE_PATTERN,
  CODE_REQUIRED_MESSAGE,
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
} from "./validation";

export { EMAIL_MESSAGE };

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE }));

export const requestCodeSchema = z.object({ email: emailSchema }, { error: EMAIL_MESSAGE });

export const codeSchema = z
  .string({ error: CODE_REQUIRED_MESSAGE })
  .trim()
  .min(CODE_LENGTH, CODE_REQUIRED_MESSAGE)
  .max(CODE_LENGTH, CODE_FORMAT_MESSAGE)
  .regex(CODE_PATTERN, CODE_FORMAT_MESSAGE);

export const verifyCodeSchema = z.object({ code: codeSchema }, { error: CODE_REQUIRED_MESSAGE });
