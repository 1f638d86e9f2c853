// The e-mail test form's schema, shared by the form (in the browser), its action and the route.
import { emailSchema, EMAIL_MESSAGE } from "@/lib/auth/schemas";
import * as z from "@/lib/zod";

export const testEmailSchema = z.object({ email: emailSchema }, { error: EMAIL_MESSAGE });
export type TestEmailInput = z.input<typeof testEmailSchema>;
