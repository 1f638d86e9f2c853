// What the audit log records: every action (the console filters by these), and the owner console's
// answers to a refused unlock, which a user's own data export shows as they were answered. Plain
// constants: safe to import from client components.

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
  "emails_resumed",
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
  "push_device_refused",
  "calendar_source_connected",
  "calendar_source_disconnected",
  "calendar_source_rate_limited",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the console answered a refused unlock (lib/admin/unlock.ts; a user's export repeats it). */
export const UNLOCK_ANSWERS = {
  wrongCode: "Invalid admin code",
  tooManyAttempts: (wait: string) => `Too many wrong codes. Please wait ${wait} and try again.`,
} as const;
