// Shared zod schemas for sign-in: the same rules run in the browser form and in the route handler.
import { z } from "zod";

export const EMAIL_MESSAGE = "Please enter a valid email address";

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));

export const requestCodeSchema = z.object({ email: emailSchema }, { error: EMAIL_MESSAGE });

export const codeSchema = z
  .string({ error: "Please enter the 6-digit verification code" })
  .trim()
  .min(6, "Please enter the 6-digit verification code")
  .max(6, "Code must be 6 digits")
  .regex(/^\d{6}$/, "Code must be 6 digits");

export const verifyCodeSchema = z.object({ code: codeSchema }, { error: "Please enter the 6-digit verification code" });
