// Business constants from the spec (section 9), in one place. The mobile breakpoint (768 px) is
// Tailwind's `md`, used in the markup; the auth staleness has no client copy to age: every page
// checks the session on the server, and the shell re-checks it when the page is shown again.
export const VERIFY_NOTICE_REDIRECT_MS = 2000;
export const ADMIN_POLL_MS = 30_000;
export const DASHBOARD_REFETCH_MS = 30_000;
export const DEFAULT_STALE_MS = 5 * 60_000;
export const SAVED_INDICATOR_MS = 2000;
export const POST_SAVE_REFETCH_MS = 500;
export const DELETE_REDIRECT_MS = 1500;
export const AVATAR_FALLBACK = "U";
