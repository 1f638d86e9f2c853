// Shapes of the owner console's calls (spec section 3), shared by the routes and the browser.
// Plain types and constants only: safe to import from client components.
import { UNLOCK_ANSWERS } from "@/lib/platform/audit-actions";

export { AUDIT_ACTIONS, type AuditAction } from "@/lib/platform/audit-actions";

/** The request header that carries the grant's CSRF token on GET /api/admin/logout. */
export const ADMIN_CSRF_HEADER = "X-CSRF-Token";

/** Rows per page of the console's users and audit log (issue 9). */
export const ADMIN_PAGE_SIZE = 50;

/** One row of GET /api/admin: exactly these fields, never the whole user row. */
export interface AdminUserView {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  timezone: string;
  /** ISO 8601. */
  createdAt: string;
  pauseEmails: boolean;
  /** Finished onboarding (issue 33): a user who has not gets no reminders, paused or not ("Not set up"). */
  onboarded: boolean;
}

/** A page of GET /api/admin: the newest users first; `nextCursor` asks for the next page (null at the end). */
export interface AdminData {
  /** Every registered account, whatever page this is. */
  totalUsers: number;
  /** Accounts set up and not paused ("Receiving emails"), counted over all accounts. */
  activeUsers: number;
  users: AdminUserView[];
  csrfToken: string;
  nextCursor: string | null;
}

export interface AuditLogView {
  id: string;
  /** ISO 8601. */
  timestamp: string;
  action: string;
  userId: string | null;
  ipAddress: string | null;
  details: Record<string, unknown>;
}

/** A page of GET /api/admin/logs, newest first; `nextCursor` is null on the last page. */
export interface AdminLogs {
  logs: AuditLogView[];
  nextCursor: string | null;
}

export const ADMIN_MESSAGES = {
  locked: "Owner console is locked",
  badCsrf: "Invalid or missing CSRF token",
  emptyCode: "Please enter the admin code",
  wrongCode: UNLOCK_ANSWERS.wrongCode,
  unlocked: "Owner console unlocked",
  notConfigured: "The owner console is not configured (ADMIN_CODE is not set).",
  tooManyAttempts: UNLOCK_ANSWERS.tooManyAttempts,
  userNotFound: "User not found",
  badCursor: "Invalid page cursor: reload the list and try again.",
  badAction: "Unknown audit action",
} as const;
