// The e-mail test form's schema, shared by the form (in the browser), its action and the route.
import { EMAIL_MESSAGE, emailSchema } from "./address";
import * as z from "@/lib/zod";

export const testEmailSchema = z.object({ email: emailSchema }, { error: EMAIL_MESSAGE });
export type TestEmailInput = z.input<typeof testEmailSchema>;
