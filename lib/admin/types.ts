// Shapes of the owner console's calls (spec section 3), shared by the routes and the browser.
// Plain types and constants only: safe to import from client components.

/** Every action the audit log records (lib/admin/audit.ts); the console filters by these. */
export const AUDIT_ACTIONS = [
  "login_code_requested",
  "login_code_rate_limited",
  "login_success",
  "login_failed",
  "login_verify_rate_limited",
  "login_locked",
  "logout",
  "settings_updated",
  "settings_rate_limited",
  "onboarding_completed",
  "account_deleted",
  "admin_unlock_success",
  "admin_unlock_failed",
  "admin_unlock_locked",
  "admin_logout",
  "admin_user_paused",
  "admin_user_enabled",
  "admin_user_deleted",
  "emails_unsubscribed",
  "test_email_sent",
  "test_email_rate_limited",
  "mail_cap_reached",
  "break_link_rate_limited",
  "unsubscribe_rate_limited",
  "cron_secret_rate_limited",
  "data_exported",
  "data_export_rate_limited",
  "calendar_link_created",
  "calendar_link_reset",
  "calendar_reset_rate_limited",
  "calendar_feed_rate_limited",
  "push_subscribed",
  "push_unsubscribed",
  "test_notification_sent",
  "test_notification_rate_limited",
  "push_rate_limited",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
}

/** A page of GET /api/admin: the newest users first; `nextCursor` asks for the next page (null at the end). */
export interface AdminData {
  /** Every registered account, whatever page this is. */
  totalUsers: number;
  /** Accounts not paused ("Receiving emails"), counted over all accounts. */
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
  wrongCode: "Invalid admin code",
  unlocked: "Owner console unlocked",
  notConfigured: "The owner console is not configured (ADMIN_CODE is not set).",
  tooManyAttempts: (wait: string) => `Too many wrong codes. Please wait ${wait} and try again.`,
  userNotFound: "User not found",
  badCursor: "Invalid page cursor: reload the list and try again.",
  badAction: "Unknown audit action",
} as const;
