// Shapes of the owner console's calls (spec section 3), shared by the routes and the browser.
// Plain types only: safe to import from client components.

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

export interface AdminData {
  totalUsers: number;
  users: AdminUserView[];
  csrfToken: string;
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

export interface AdminLogs {
  logs: AuditLogView[];
}

export const ADMIN_MESSAGES = {
  locked: "Owner console is locked",
  badCsrf: "Invalid or missing CSRF token",
  emptyCode: "Please enter the admin code",
  wrongCode: "Invalid admin code",
  unlocked: "Owner console unlocked",
  notConfigured: "The owner console is not configured (ADMIN_CODE is not set).",
  tooManyAttempts: "Too many wrong codes. Please wait 15 minutes and try again.",
  userNotFound: "User not found",
} as const;
