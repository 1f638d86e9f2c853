// Owner console schemas, shared by the unlock form (in the browser), the console's actions and
// the route handlers.
import * as z from "@/lib/zod";
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE } from "./types";

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

/** The user ids an audit page names (two per entry at most), to show them by e-mail. */
export const auditPeopleSchema = z.object({
  ids: z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/))).check(z.maxLength(2 * ADMIN_PAGE_SIZE)),
  csrfToken: z.string({ error: ADMIN_MESSAGES.badCsrf }).check(z.maxLength(200, ADMIN_MESSAGES.badCsrf)),
});
