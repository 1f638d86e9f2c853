// Routing rules of the spec (section 2), as pure functions shared by proxy.ts, pages and tests.

/** The session cookie's names: Better Auth's over http, and with the `__Secure-` prefix over https. */
export const SESSION_COOKIE_NAMES = ["limber.session_token", "__Secure-limber.session_token"] as const;

/** Whether a cookie is a session cookie of either scheme (the proxy's "may be signed in"). */
export function isSessionCookie(name: string): boolean {
  return (SESSION_COOKIE_NAMES as readonly string[]).includes(name);
}

/**
 * The app's pages that need a session: a signed-out visitor on one of these (or below it) is sent
 * to / (the login screen). Every other path is left to its page: the public ones (login, /verify,
 * /email-test, /disclaimer, the e-mail's link pages and the guided break, which checks its signed
 * link) render, and an unknown path gets the 404 page rather than a bounce to sign-in.
 */
const SESSION_PAGES = ["/dashboard", "/settings", "/history", "/welcome", "/admin", "/owner-unlock"] as const;

/**
 * Whether the proxy sends this request to / (the login screen; the dashboard when signed in): a
 * signed-out visitor on an app page that needs a session, and anyone on /login, the spec's address
 * of the login screen after an account is deleted (section 4), whose cookie may still be there.
 */
export function redirectsToLogin(pathname: string, hasSession: boolean): boolean {
  if (pathname === "/login") return true;
  return !hasSession && SESSION_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Pages a signed-in user with incomplete onboarding may still open. */
export function allowedBeforeOnboarding(pathname: string): boolean {
  return (
    pathname === "/welcome" ||
    pathname === "/disclaimer" ||
    pathname.startsWith("/disclaimer/") ||
    // The owner console needs no break schedule (each page still checks the owner's grant).
    pathname === "/owner-unlock" ||
    pathname === "/admin"
  );
}

/** Whether a bottom-navigation item is active for the current path. */
export function isActivePath(current: string, itemPath: string): boolean {
  if (itemPath === "/dashboard") return current === "/dashboard" || current === "/";
  return current === itemPath || current.startsWith(`${itemPath}/`);
}
