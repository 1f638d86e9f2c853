// Owner console schemas, shared by the unlock form (in the browser), the console's actions and
// the route handlers.
import * as z from "@/lib/zod";
import { ADMIN_MESSAGES } from "./types";

export const unlockSchema = z.object(
  { code: z.string({ error: ADMIN_MESSAGES.emptyCode }).check(z.trim(), z.minLength(1, ADMIN_MESSAGES.emptyCode)) },
  { error: ADMIN_MESSAGES.emptyCode },
);
export type UnlockInput = z.input<typeof unlockSchema>;

/**
 * A console action on one user: its id, as the route's path segment (any text; an id that names
 * no one is the domain's 404), and the grant's CSRF token.
 */
export const userActionSchema = z.object({
  id: z.string({ error: ADMIN_MESSAGES.userNotFound }).check(z.maxLength(200, ADMIN_MESSAGES.userNotFound)),
  csrfToken: z.string({ error: ADMIN_MESSAGES.badCsrf }).check(z.maxLength(200, ADMIN_MESSAGES.badCsrf)),
});
